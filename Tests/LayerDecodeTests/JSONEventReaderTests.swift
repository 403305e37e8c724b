import XCTest
#if canImport(LayerDecode)
@testable import LayerDecode
@testable import LayerImport
#else
@testable import JSONReader
#endif

/// One event as read: a compact text (`<` document start, `>` document end, `$` stream
/// end, `{ } [ ]`, `p:bytes` plain scalar, `q:bytes` quoted scalar) and its position.
private struct Event: Equatable, CustomStringConvertible {
    var text: String
    var line: Int
    var column: Int
    var description: String { "\(text)@\(line):\(column)" }
}

private func text(of kind: TreeEventKind, _ reader: JSONEventReader) -> String {
    let bytes = reader.withScalarBytes { String(decoding: $0, as: UTF8.self) }
    switch kind {
    case .documentStart: return "<"
    case .documentEnd: return ">"
    case .mappingStart: return "{"
    case .mappingEnd: return "}"
    case .sequenceStart: return "["
    case .sequenceEnd: return "]"
    case .scalar(.plain): return "p:" + bytes
    case .scalar(.quoted): return "q:" + bytes
    case .alias: return "*"
    case .streamEnd: return "$"
    }
}

/// Reads `bytes` to the stream end (or the first error).
private func read(_ bytes: [UInt8], maxDepth: Int? = nil) -> (events: [Event], error: SyntaxError?) {
    bytes.withUnsafeBytes { buffer in
        var reader = JSONEventReader(bytes: buffer)
        if let maxDepth { reader.maxDepth = maxDepth }
        var events: [Event] = []
        do throws(SyntaxError) {
            while true {
                let kind = try reader.next()
                events.append(Event(text: text(of: kind, reader), line: reader.position.line,
                                    column: reader.position.column))
                if kind == .streamEnd { return (events, nil) }
            }
        } catch {
            return (events, error)
        }
    }
}

private func read(_ json: String, maxDepth: Int? = nil) -> (events: [Event], error: SyntaxError?) {
    read(Array(json.utf8), maxDepth: maxDepth)
}

/// The event texts of a valid JSON text (fails the test on an error).
private func tokens(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
    let (events, error) = read(json)
    XCTAssertNil(error, "unexpected error for \(json)", file: file, line: line)
    return events.map(\.text)
}

private func assertError(
    _ bytes: [UInt8], _ message: String, _ line: Int, _ column: Int, maxDepth: Int? = nil,
    file: StaticString = #filePath, testLine: UInt = #line
) {
    let (_, error) = read(bytes, maxDepth: maxDepth)
    let shown = String(decoding: bytes.prefix(60), as: UTF8.self)
    guard let error else {
        return XCTFail("no error for \(shown)", file: file, line: testLine)
    }
    XCTAssertEqual(error.message, message, "for \(shown)", file: file, line: testLine)
    XCTAssertEqual(error.position, SourcePosition(line: line, column: column),
                   "position of '\(error.message)' for \(shown)", file: file, line: testLine)
}

private func assertError(
    _ json: String, _ message: String, _ line: Int, _ column: Int, maxDepth: Int? = nil,
    file: StaticString = #filePath, testLine: UInt = #line
) {
    assertError(Array(json.utf8), message, line, column, maxDepth: maxDepth, file: file, testLine: testLine)
}

/// A fixed-seed generator (SplitMix64), so the randomized tests are reproducible.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64 = 0x5EED_1234_ABCD_0042
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

final class JSONEventReaderTests: XCTestCase {
    // MARK: Event sequences

    func testEmptyContainers() {
        XCTAssertEqual(tokens("{}"), ["<", "{", "}", ">", "$"])
        XCTAssertEqual(tokens("[]"), ["<", "[", "]", ">", "$"])
        XCTAssertEqual(tokens(" [ { } , [ ] ] "), ["<", "[", "{", "}", "[", "]", "]", ">", "$"])
    }

    func testNestedStructure() {
        let json = #"{"a": [1, {"b": null}], "c": {"d": true, "e": false}, "f": "x", "g": []}"#
        XCTAssertEqual(tokens(json), [
            "<", "{",
            "q:a", "[", "p:1", "{", "q:b", "p:null", "}", "]",
            "q:c", "{", "q:d", "p:true", "q:e", "p:false", "}",
            "q:f", "q:x",
            "q:g", "[", "]",
            "}", ">", "$",
        ])
    }

    func testArraysOfArrays() {
        XCTAssertEqual(tokens("[[1,2],[[]],[[3]],\"s\"]"), [
            "<", "[", "[", "p:1", "p:2", "]", "[", "[", "]", "]", "[", "[", "p:3", "]", "]", "q:s", "]", ">", "$",
        ])
    }

    func testTopLevelScalars() {
        XCTAssertEqual(tokens("42"), ["<", "p:42", ">", "$"])
        XCTAssertEqual(tokens("\"s\""), ["<", "q:s", ">", "$"])
        XCTAssertEqual(tokens(" true\n"), ["<", "p:true", ">", "$"])
        XCTAssertEqual(tokens("false"), ["<", "p:false", ">", "$"])
        XCTAssertEqual(tokens("\tnull\r\n"), ["<", "p:null", ">", "$"])
        XCTAssertEqual(tokens("\"\""), ["<", "q:", ">", "$"])
    }

    func testKeysAreQuotedScalarsEvenWhenTheyLookLikeNumbers() {
        XCTAssertEqual(tokens(#"{"1": 1, "null": null, "": ""}"#),
                       ["<", "{", "q:1", "p:1", "q:null", "p:null", "q:", "q:", "}", ">", "$"])
    }

    func testStreamEndRepeats() throws {
        let bytes = Array("[]".utf8)
        try bytes.withUnsafeBytes { buffer in
            var reader = JSONEventReader(bytes: buffer)
            var kinds: [TreeEventKind] = []
            for _ in 0..<7 { kinds.append(try reader.next()) }
            XCTAssertEqual(kinds, [.documentStart, .sequenceStart, .sequenceEnd, .documentEnd,
                                   .streamEnd, .streamEnd, .streamEnd])
            XCTAssertEqual(reader.position, SourcePosition(line: 1, column: 3))
        }
    }

    func testScalarBytesAreEmptyForNonScalarEvents() throws {
        let bytes = Array(#"{"key": "value"}"#.utf8)
        try bytes.withUnsafeBytes { buffer in
            var reader = JSONEventReader(bytes: buffer)
            var counts: [Int] = []
            while true {
                let kind = try reader.next()
                counts.append(reader.withScalarBytes { $0.count })
                if kind == .streamEnd { break }
            }
            XCTAssertEqual(counts, [0, 0, 3, 5, 0, 0, 0])
        }
    }

    func testErrorRepeatsOnFurtherCalls() {
        let bytes = Array("[1 2]".utf8)
        bytes.withUnsafeBytes { buffer in
            var reader = JSONEventReader(bytes: buffer)
            var errors: [SyntaxError] = []
            for _ in 0..<5 {
                do throws(SyntaxError) { _ = try reader.next() } catch { errors.append(error) }
            }
            XCTAssertEqual(errors.count, 2)
            XCTAssertEqual(errors.first, errors.last)
            XCTAssertEqual(errors.first?.message, "expected ',' or ']' in array")
        }
    }

    // MARK: Positions

    func testPositionsInPrettyPrintedText() {
        let json = """
        {
          "name": "root",
          "frame": [0, 1.5],
          "sub": {}
        }

        """
        let (events, error) = read(json)
        XCTAssertNil(error)
        XCTAssertEqual(events, [
            Event(text: "<", line: 1, column: 1),
            Event(text: "{", line: 1, column: 1),
            Event(text: "q:name", line: 2, column: 3),
            Event(text: "q:root", line: 2, column: 11),
            Event(text: "q:frame", line: 3, column: 3),
            Event(text: "[", line: 3, column: 12),
            Event(text: "p:0", line: 3, column: 13),
            Event(text: "p:1.5", line: 3, column: 16),
            Event(text: "]", line: 3, column: 19),
            Event(text: "q:sub", line: 4, column: 3),
            Event(text: "{", line: 4, column: 10),
            Event(text: "}", line: 4, column: 11),
            Event(text: "}", line: 5, column: 1),
            Event(text: ">", line: 6, column: 1),
            Event(text: "$", line: 6, column: 1),
        ])
    }

    func testDocumentStartIsAtTheFirstTokenAndEndsAtEndOfInput() {
        let (events, _) = read("\n\n   [1]  \n  ")
        XCTAssertEqual(events.first, Event(text: "<", line: 3, column: 4))
        XCTAssertEqual(events.last, Event(text: "$", line: 4, column: 3))
        XCTAssertEqual(events[events.count - 2], Event(text: ">", line: 4, column: 3))
    }

    func testColumnsCountCharactersNotBytes() {
        // é is 2 bytes, 日本 6 bytes, 😀 4 bytes: columns count each as one.
        let (events, error) = read("{\"é\": \"日本\", \"😀\": [1, \"x\"]}")
        XCTAssertNil(error)
        XCTAssertEqual(events, [
            Event(text: "<", line: 1, column: 1),
            Event(text: "{", line: 1, column: 1),
            Event(text: "q:é", line: 1, column: 2),
            Event(text: "q:日本", line: 1, column: 7),
            Event(text: "q:😀", line: 1, column: 13),
            Event(text: "[", line: 1, column: 18),
            Event(text: "p:1", line: 1, column: 19),
            Event(text: "q:x", line: 1, column: 22),
            Event(text: "]", line: 1, column: 25),
            Event(text: "}", line: 1, column: 26),
            Event(text: ">", line: 1, column: 27),
            Event(text: "$", line: 1, column: 27),
        ])
    }

    func testTabIsOneColumn() {
        let (events, _) = read("[\n\t\t1,\t\"a\"\n]")
        XCTAssertEqual(events.map(\.description), ["<@1:1", "[@1:1", "p:1@2:3", "q:a@2:6", "]@3:1", ">@3:2", "$@3:2"])
    }

    func testCRLFAndLoneCRLineBreaks() {
        let (crlf, _) = read("[\r\n  1,\r\n  2\r\n]")
        XCTAssertEqual(crlf.map(\.description), ["<@1:1", "[@1:1", "p:1@2:3", "p:2@3:3", "]@4:1", ">@4:2", "$@4:2"])
        let (cr, _) = read("[\r1,\r\r2]")
        XCTAssertEqual(cr.map(\.description), ["<@1:1", "[@1:1", "p:1@2:1", "p:2@4:1", "]@4:2", ">@4:3", "$@4:3"])
    }

    func testPositionsOnAVeryLongLine() {
        // One line, long enough for the reader to move its column anchor many times, with
        // multi-byte characters and an escaped string in it.
        var json = "["
        for i in 0..<3000 {
            if i > 0 { json += ", " }
            switch i % 3 {
            case 0: json += "\"é\(i)日\""
            case 1: json += String(i)
            default: json += "\"a\\n\\u00e9\(i)\""
            }
        }
        json += "]"
        let (events, error) = read(json)
        XCTAssertNil(error)
        // Expected columns: scan the text by characters.
        var expected: [Int] = []
        var column = 1
        var inString = false
        var escaped = false
        var atTokenStart = true
        for ch in json.unicodeScalars {
            if inString {
                if escaped { escaped = false } else if ch == "\\" { escaped = true } else if ch == "\"" { inString = false }
            } else if ch == "\"" {
                expected.append(column)
                inString = true
            } else if ch == "[" || ch == "]" {
                expected.append(column)
            } else if ch.properties.numericType != nil, atTokenStart {
                expected.append(column)
            }
            if !inString { atTokenStart = ch == " " || ch == "[" }
            column += 1
        }
        let scalarAndBracketColumns = events.dropFirst().dropLast(2).map(\.column)
        XCTAssertEqual(scalarAndBracketColumns.count, 3002)
        XCTAssertEqual(Array(scalarAndBracketColumns), expected)
        XCTAssertEqual(events.last?.column, json.unicodeScalars.count + 1)
        XCTAssertTrue(events.allSatisfy { $0.line == 1 })
    }

    // MARK: Strings

    func testEveryEscape() {
        XCTAssertEqual(tokens(#"["\"", "\\", "\/", "\b", "\f", "\n", "\r", "\t"]"#),
                       ["<", "[", "q:\"", "q:\\", "q:/", "q:\u{08}", "q:\u{0C}", "q:\n", "q:\r", "q:\t", "]", ">", "$"])
    }

    func testUnicodeEscapes() {
        XCTAssertEqual(tokens(#"["\u0041", "\u00e9", "\u00E9", "\u20AC", "\uFFFF", "\u0000", "\u007f"]"#),
                       ["<", "[", "q:A", "q:é", "q:é", "q:€", "q:\u{FFFF}", "q:\u{0}", "q:\u{7F}", "]", ">", "$"])
    }

    func testSurrogatePairs() {
        XCTAssertEqual(tokens(#""\uD83D\uDE00""#), ["<", "q:😀", ">", "$"])
        XCTAssertEqual(tokens(#""\ud834\udd1e clef""#), ["<", "q:𝄞 clef", ">", "$"])
        XCTAssertEqual(tokens(#""\uDBFF\uDFFF""#), ["<", "q:\u{10FFFF}", ">", "$"])
        XCTAssertEqual(tokens(#""\uD800\uDC00""#), ["<", "q:\u{10000}", ">", "$"])
    }

    func testEscapesMixedWithText() {
        XCTAssertEqual(tokens(#"{"ke\"y": "before \t middle é \u00e9 after", "x": "no escapes"}"#),
                       ["<", "{", "q:ke\"y", "q:before \t middle é é after", "q:x", "q:no escapes", "}", ">", "$"])
    }

    func testRawUTF8PassesThrough() {
        let samples = ["é", "日本語", "😀👍🏽", "Ω≈ç√∫", "\u{10FFFF}", "\u{7F}", "a\u{0085}b", "\u{FEFF}x"]
        for sample in samples {
            XCTAssertEqual(tokens("\"\(sample)\""), ["<", "q:" + sample, ">", "$"], sample)
        }
    }

    func testUnescapedStringsAreSlicesOfTheInput() throws {
        let bytes = Array(#"["plain", "esc\naped", "plain again"]"#.utf8)
        try bytes.withUnsafeBytes { buffer in
            var reader = JSONEventReader(bytes: buffer)
            let inputRange = UInt(bitPattern: buffer.baseAddress!)..<UInt(bitPattern: buffer.baseAddress! + buffer.count)
            func address() -> UInt { reader.withScalarBytes { UInt(bitPattern: $0.baseAddress) } }
            _ = try reader.next(); _ = try reader.next()
            XCTAssertEqual(try reader.next(), .scalar(.quoted))
            XCTAssertEqual(address(), UInt(bitPattern: buffer.baseAddress! + 2))
            XCTAssertEqual(try reader.next(), .scalar(.quoted))
            XCTAssertFalse(inputRange.contains(address()), "escaped string must be decoded elsewhere")
            let scratch = address()
            XCTAssertEqual(try reader.next(), .scalar(.quoted))
            XCTAssertTrue(inputRange.contains(address()))
            XCTAssertNotEqual(address(), scratch)
        }
    }

    func testScratchBufferIsReusedAndGrows() throws {
        let long = String(repeating: "x", count: 5000)
        let bytes = Array("[\"a\\tb\", \"\(long)\\n\", \"c\\\"d\", \"\\u00e9\"]".utf8)
        try bytes.withUnsafeBytes { buffer in
            var reader = JSONEventReader(bytes: buffer)
            _ = try reader.next(); _ = try reader.next()
            var strings: [String] = []
            var addresses: [UInt] = []
            for _ in 0..<4 {
                XCTAssertEqual(try reader.next(), .scalar(.quoted))
                strings.append(reader.withScalarBytes { String(decoding: $0, as: UTF8.self) })
                addresses.append(reader.withScalarBytes { UInt(bitPattern: $0.baseAddress) })
            }
            XCTAssertEqual(strings, ["a\tb", long + "\n", "c\"d", "é"])
            // Grown once for the long string, then reused.
            XCTAssertEqual(addresses[2], addresses[1])
            XCTAssertEqual(addresses[3], addresses[1])
        }
    }

    func testCopiesOfAReaderAreIndependent() throws {
        let bytes = Array(#"["first\n", "second\t"]"#.utf8)
        try bytes.withUnsafeBytes { buffer in
            var reader = JSONEventReader(bytes: buffer)
            _ = try reader.next(); _ = try reader.next(); _ = try reader.next()
            var copy = reader
            XCTAssertEqual(try copy.next(), .scalar(.quoted))
            XCTAssertEqual(copy.withScalarBytes { String(decoding: $0, as: UTF8.self) }, "second\t")
            XCTAssertEqual(reader.withScalarBytes { String(decoding: $0, as: UTF8.self) }, "first\n")
            XCTAssertEqual(try reader.next(), .scalar(.quoted))
            XCTAssertEqual(reader.withScalarBytes { String(decoding: $0, as: UTF8.self) }, "second\t")
        }
    }

    // MARK: Numbers and literals

    func testLegalNumbers() {
        let numbers = ["0", "-0", "1", "-1", "10", "909", "123456789012345678901234567890", "1.5", "-0.0",
                       "0.25", "1e5", "1E5", "1e+5", "1e-5", "-1.25e-10", "0e0", "1.0E+2", "-0.5E-0", "3.14159"]
        for number in numbers {
            XCTAssertEqual(tokens(number), ["<", "p:" + number, ">", "$"], number)
            XCTAssertEqual(tokens("[\(number),\(number) ]"), ["<", "[", "p:" + number, "p:" + number, "]", ">", "$"], number)
            XCTAssertEqual(tokens("{\"n\":\(number)}"), ["<", "{", "q:n", "p:" + number, "}", ">", "$"], number)
            XCTAssertEqual(tokens("\n\(number)\n"), ["<", "p:" + number, ">", "$"], number)
        }
    }

    func testIllegalNumbers() {
        let cases: [(String, String)] = [
            ("-", "-"), ("1.", "1."), (".5", ".5"), ("01", "01"), ("1e", "1e"), ("+1", "+1"),
            ("-01", "-01"), ("1.e5", "1.e5"), ("1e+", "1e+"), ("1E-", "1E-"), ("--1", "--1"),
            ("1.5.3", "1.5.3"), ("0x10", "0x10"), ("-a", "-a"), ("00", "00"), ("1e5.5", "1e5.5"),
            ("2a", "2a"), ("-.5", "-.5"),
        ]
        for (json, shown) in cases {
            // As the first token, nothing is quoted: the file is not JSON (ErrorExcerpt).
            assertError(json, "the file does not start with a JSON value; expected `{` opening a dump", 1, 1)
            assertError("[ \(json) ]", "invalid number '\(shown)'", 1, 3)
            assertError("{\"k\":\n  \(json)}", "invalid number '\(shown)'", 2, 3)
        }
        assertError("[1.,2]", "invalid number '1.'", 1, 2)
        assertError("[-]", "invalid number '-'", 1, 2)
    }

    func testLiterals() {
        XCTAssertEqual(tokens("[true,false,null]"), ["<", "[", "p:true", "p:false", "p:null", "]", ">", "$"])
        assertError("tru", "invalid value 'tru', did you mean 'true'?", 1, 1)
        assertError("[nul]", "invalid value 'nul', did you mean 'null'?", 1, 2)
        assertError("[truex]", "invalid value 'truex', strings must be in double quotes", 1, 2)
        assertError("[nulll]", "invalid value 'nulll', strings must be in double quotes", 1, 2)
        assertError("nulll", "the file does not start with a JSON value; expected `{` opening a dump", 1, 1)
        assertError("[True]", "invalid value 'True', JSON literals are lowercase: 'true'", 1, 2)
        assertError("NULL", "invalid value 'NULL', JSON literals are lowercase: 'null'", 1, 1)
        assertError("{\"a\": yes}", "invalid value 'yes', strings must be in double quotes", 1, 7)
        assertError("[fals", "invalid value 'fals', did you mean 'false'?", 1, 2)
        assertError("[Fa]", "invalid value 'Fa', did you mean 'false'?", 1, 2)
        assertError("[t]", "invalid value 't', strings must be in double quotes", 1, 2)
    }

    func testNaNAndInfinity() {
        assertError("NaN", "NaN is not valid JSON", 1, 1)
        assertError("[1, NaN]", "NaN is not valid JSON", 1, 5)
        assertError("{\"x\": -NaN}", "NaN is not valid JSON", 1, 7)
        assertError("nan", "NaN is not valid JSON", 1, 1)
        assertError("Infinity", "Infinity is not valid JSON", 1, 1)
        assertError("[-Infinity]", "-Infinity is not valid JSON", 1, 2)
        assertError("[+Infinity]", "+Infinity is not valid JSON", 1, 2)
    }

    // MARK: Errors

    func testStructureErrors() {
        assertError(#"{"a" 1}"#, "expected ':' after object key", 1, 6)
        assertError("{\"a\"\n\n  1}", "expected ':' after object key", 3, 3)
        assertError(#"{"a": 1 "b": 2}"#, "expected ',' or '}' in object", 1, 9)
        assertError(#"{"a": 1]"#, "expected ',' or '}' in object", 1, 8)
        assertError("[1 2]", "expected ',' or ']' in array", 1, 4)
        assertError("[1}", "expected ',' or ']' in array", 1, 3)
        assertError("{1: 2}", "expected a string key or '}' in object", 1, 2)
        assertError(#"{"a": 1, 2}"#, "expected a string key after ',' in object", 1, 10)
        assertError(#"{"a":}"#, "unexpected '}', expected a value", 1, 6)
        assertError("[,1]", "unexpected ',', expected a value", 1, 2)
        assertError("]", "unexpected ']', expected a value", 1, 1)
        assertError("['a']", "strings must be in double quotes, not single quotes", 1, 2)
        assertError("[\u{0C}]", "unexpected character U+000C, expected a value", 1, 2)
        assertError("[@]", "unexpected character '@', expected a value", 1, 2)
        assertError("[\u{FEFF}1]", "unexpected character U+FEFF, expected a value", 1, 2)
        assertError("[é]", "unexpected character 'é', expected a value", 1, 2)
    }

    func testTrailingCommas() {
        assertError("[1,]", "trailing comma is not allowed in JSON", 1, 3)
        assertError(#"{"a": 1,}"#, "trailing comma is not allowed in JSON", 1, 8)
        // The comma is on an earlier line than the bracket that shows it is trailing.
        assertError("[\n  1,\n  2,\n]", "trailing comma is not allowed in JSON", 3, 4)
        assertError("{\n  \"é\": \"日本\",\n\n}", "trailing comma is not allowed in JSON", 2, 12)
        assertError("[\r\n  1,\r\n]", "trailing comma is not allowed in JSON", 2, 4)
        assertError("[\r1,\r]", "trailing comma is not allowed in JSON", 2, 2)
        assertError("[\n\r\n1,\n\n]", "trailing comma is not allowed in JSON", 3, 2)
    }

    func testComments() {
        assertError("// note\n{}", "comments are not allowed in JSON", 1, 1)
        assertError("{\"a\": 1 /* x */}", "comments are not allowed in JSON", 1, 9)
        assertError("[1, // x\n2]", "comments are not allowed in JSON", 1, 5)
        assertError("{} # x", "comments are not allowed in JSON", 1, 4)
        assertError("{\"a\" // x\n: 1}", "comments are not allowed in JSON", 1, 6)
    }

    func testEndOfFileErrors() {
        assertError("", "unexpected end of file, expected a value", 1, 1)
        assertError("   ", "unexpected end of file, expected a value", 1, 4)
        assertError(" \n\t\n  ", "unexpected end of file, expected a value", 3, 3)
        assertError("[", "unexpected end of file, expected a value", 1, 2)
        assertError("[1,\n", "unexpected end of file, expected a value", 2, 1)
        assertError("{\"a\":", "unexpected end of file, expected a value", 1, 6)
        assertError("{", "unexpected end of file, expected a string key or '}' in object", 1, 2)
        assertError("{\"a\"", "unexpected end of file, expected ':' after object key", 1, 5)
        assertError("{\"a\": 1", "unexpected end of file, expected ',' or '}' in object", 1, 8)
        assertError("[1", "unexpected end of file, expected ',' or ']' in array", 1, 3)
        assertError("{\"a\": 1,", "unexpected end of file, expected a string key after ',' in object", 1, 9)
    }

    func testEmptyAndWhitespaceOnlyInputThrowOnTheFirstCall() {
        for json in ["", " \n\r\n\t "] {
            let (events, error) = read(json)
            XCTAssertEqual(events, [], json)
            XCTAssertEqual(error?.message, "unexpected end of file, expected a value", json)
        }
    }

    func testTrailingCharacters() {
        assertError("{} x", "trailing characters after the JSON value", 1, 4)
        assertError("1 2", "trailing characters after the JSON value", 1, 3)
        assertError("[]\n\n  []", "trailing characters after the JSON value", 3, 3)
        assertError("\"a\"\"b\"", "trailing characters after the JSON value", 1, 4)
        assertError("{}}", "trailing characters after the JSON value", 1, 3)
    }

    func testStringErrors() {
        assertError(#"["abc"#, "unterminated string", 1, 2)
        assertError("[\n  \"é\\n", "unterminated string", 2, 3)
        assertError(#""abc\"#, "unterminated string", 1, 1)
        assertError(#""abc\""#, "unterminated string", 1, 1)
        assertError(#""ab\q""#, "invalid escape '\\q'", 1, 4)
        assertError(#"{"k": "\x41"}"#, "invalid escape '\\x'", 1, 8)
        assertError(#""\U0041""#, "invalid escape '\\U'", 1, 2)
        assertError("\"a\\é\"", "invalid escape '\\é'", 1, 3)
        assertError(#""\u12G4""#, "invalid escape '\\u12G4', expected four hex digits", 1, 2)
        assertError(#""\u12""#, "invalid escape '\\u12', expected four hex digits", 1, 2)
        assertError(#""é\u""#, "invalid escape '\\u', expected four hex digits", 1, 3)
        assertError("\"a\tb\"", "control character in string", 1, 3)
        assertError("[\"line\nbreak\"]", "control character in string", 1, 7)
        assertError("\"\u{0}\"", "control character in string", 1, 2)
        assertError("\"esc\\n then \u{1F}\"", "control character in string", 1, 13)
        assertError("\"\\\n\"", "control character in string", 1, 3)
        // Every control character at every offset of a long string (the 8-byte fast scan).
        for control in UInt8(0)..<0x20 {
            for k in 0..<12 {
                let bytes = [0x22] + [UInt8](repeating: 0x61, count: k) + [control]
                    + [UInt8](repeating: 0x62, count: 20) + [0x22]
                assertError(bytes, "control character in string", 1, 2 + k)
            }
        }
    }

    func testStringLengthsAndEscapeOffsets() {
        // Closing quotes and backslashes at every offset relative to the 8-byte scan.
        for length in 0..<40 {
            let body = String((0..<length).map { Character(Unicode.Scalar(UInt8(0x61 + $0 % 26))) })
            XCTAssertEqual(tokens("[\"\(body)\",\"\(body)\"]"), ["<", "[", "q:" + body, "q:" + body, "]", ">", "$"])
            for k in 0...length {
                let index = body.index(body.startIndex, offsetBy: k)
                let json = "\"" + body[..<index] + "\\\"" + body[index...] + "\""
                XCTAssertEqual(tokens(json), ["<", "q:" + body[..<index] + "\"" + body[index...], ">", "$"])
            }
        }
    }

    func testLoneSurrogates() {
        assertError(#""\uD800""#, "lone surrogate '\\uD800' in string", 1, 2)
        assertError(#""x\uDC00y""#, "lone surrogate '\\uDC00' in string", 1, 3)
        assertError(#""\uD800\u0041""#, "lone surrogate '\\uD800' in string", 1, 2)
        assertError(#""\uD800\uD800""#, "lone surrogate '\\uD800' in string", 1, 2)
        assertError(#""\ud83dx""#, "lone surrogate '\\ud83d' in string", 1, 2)
        assertError(#""\uD83D\n""#, "lone surrogate '\\uD83D' in string", 1, 2)
        assertError(#""\uD83D\uDE0""#, "invalid escape '\\uDE0', expected four hex digits", 1, 8)
    }

    func testInvalidUTF8() {
        let q: UInt8 = 0x22
        // In strings: a bad byte, a stray continuation, overlong forms, an encoded
        // surrogate, beyond U+10FFFF, a truncated sequence — each at its own column.
        assertError([q, 0x61, 0xFF, q], "invalid UTF-8", 1, 3)
        assertError([q, 0x80, q], "invalid UTF-8", 1, 2)
        assertError([q, 0xC0, 0x80, q], "invalid UTF-8", 1, 2)
        assertError([q, 0xC1, 0xBF, q], "invalid UTF-8", 1, 2)
        assertError([q, 0xE0, 0x80, 0x80, q], "invalid UTF-8", 1, 2)
        assertError([q, 0xF0, 0x80, 0x80, 0x80, q], "invalid UTF-8", 1, 2)
        assertError([q, 0xED, 0xA0, 0x80, q], "invalid UTF-8", 1, 2)
        assertError([q, 0xF4, 0x90, 0x80, 0x80, q], "invalid UTF-8", 1, 2)
        assertError([q, 0xF5, 0x80, 0x80, 0x80, q], "invalid UTF-8", 1, 2)
        assertError([q, 0xE6, 0x97, q], "invalid UTF-8", 1, 2)
        assertError([q, 0xC3], "invalid UTF-8", 1, 2)
        // After multi-byte characters (columns count characters), in a key, after an escape.
        assertError([q] + Array("日本".utf8) + [0xE6, 0x41, q], "invalid UTF-8", 1, 4)
        assertError(Array("{\"a\": 1,\n \"".utf8) + [0xFE] + Array("\": 2}".utf8), "invalid UTF-8", 2, 3)
        assertError(Array("\"\\n é".utf8) + [0xBF, q], "invalid UTF-8", 1, 6)
        assertError(Array("\"\\".utf8) + [0xC3, 0x28, q], "invalid UTF-8", 1, 3)
        // Outside strings.
        assertError([0x5B, 0xC3, 0x28, 0x5D], "invalid UTF-8", 1, 2)
        assertError(Array("[1, 2]\n".utf8) + [0xFF], "invalid UTF-8", 2, 1)
        assertError(Array("{\"a\"".utf8) + [0x80] + Array(": 1}".utf8), "invalid UTF-8", 1, 5)
        // Long strings (the 8-byte fast scan) with the bad byte at every offset.
        for k in 0..<20 {
            let bytes = [q] + Array(repeating: 0x61, count: k) + [0xFF] + Array(repeating: 0x62, count: 20) + [q]
            assertError(bytes, "invalid UTF-8", 1, 2 + k)
        }
    }

    func testUTF8ValidationAgreesWithTheStandardLibrary() {
        // Random byte strings biased toward UTF-8 edge bytes: accepted exactly when valid.
        var random = SeededGenerator()
        let interesting: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
                                    0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        var accepted = 0
        for _ in 0..<3000 {
            let count = Int.random(in: 1...6, using: &random)
            let body = (0..<count).map { _ in interesting.randomElement(using: &random)! }
            // Valid exactly when decoding (which repairs ill-formed input) keeps the bytes.
            let valid = Array(String(decoding: body, as: UTF8.self).utf8) == body
            let (events, error) = read([0x22] + body + [0x22])
            XCTAssertEqual(error == nil, valid, "\(body)")
            if valid {
                XCTAssertEqual(events.map(\.text), ["<", "q:" + String(decoding: body, as: UTF8.self), ">", "$"])
                accepted += 1
            } else {
                XCTAssertEqual(error?.message, "invalid UTF-8", "\(body)")
            }
        }
        XCTAssertGreaterThan(accepted, 50)
    }

    // MARK: Byte order mark

    func testByteOrderMarkIsSkipped() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let (events, error) = read(bom + Array("{\"a\": 1}".utf8))
        XCTAssertNil(error)
        XCTAssertEqual(events.map(\.description), ["<@1:1", "{@1:1", "q:a@1:2", "p:1@1:7", "}@1:8", ">@1:9", "$@1:9"])
        assertError(bom, "unexpected end of file, expected a value", 1, 1)
        assertError(bom + Array(" x".utf8), "the file does not start with a JSON value; expected `{` opening a dump", 1, 2)
        assertError(bom + Array(" [x]".utf8), "invalid value 'x', strings must be in double quotes", 1, 3)
        assertError(bom + bom + Array("1".utf8), "unexpected character U+FEFF, expected a value", 1, 1)
    }

    // MARK: Depth

    func testHundredThousandDeepArray() {
        let depth = 100_000
        let bytes = [UInt8](repeating: 0x5B, count: depth) + [0x31] + [UInt8](repeating: 0x5D, count: depth)
        let (events, error) = read(bytes)
        XCTAssertNil(error)
        XCTAssertEqual(events.count, 2 * depth + 4)
        XCTAssertEqual(events[depth + 1], Event(text: "p:1", line: 1, column: depth + 1))
        XCTAssertEqual(events[events.count - 3], Event(text: "]", line: 1, column: 2 * depth + 1))
        XCTAssertEqual(events.filter { $0.text == "[" }.count, depth)
        XCTAssertEqual(events.filter { $0.text == "]" }.count, depth)
    }

    func testHundredThousandDeepObjectsAndArraysMixed() {
        let depth = 100_000
        var json = ""
        json.reserveCapacity(depth * 8)
        for i in 0..<depth { json += i % 2 == 0 ? "{\"k\":" : "[" }
        json += "true"
        for i in (0..<depth).reversed() { json += i % 2 == 0 ? "}" : "]" }
        let (events, error) = read(json)
        XCTAssertNil(error)
        XCTAssertEqual(events.count, 2 * depth + depth / 2 + 4)
        // Closing brackets match their openers all the way out.
        let closers = events.filter { $0.text == "}" || $0.text == "]" }.map(\.text)
        XCTAssertEqual(closers.count, depth)
        XCTAssertEqual(closers.first, "]")
        XCTAssertEqual(closers.last, "}")
        XCTAssertEqual(closers.enumerated().allSatisfy { $0.element == ($0.offset % 2 == 0 ? "]" : "}") }, true)
        // And a mismatch deep inside is found.
        let broken = String(json.prefix(json.count - depth)) + "}" + String(json.suffix(depth - 1))
        XCTAssertEqual(read(broken).error?.message, "expected ',' or ']' in array")
    }

    func testMaxDepth() {
        XCTAssertNil(read("[[[1]]]", maxDepth: 3).error)
        assertError("[[[[1]]]]", "nesting deeper than 3 levels", 1, 4, maxDepth: 3)
        assertError("{\"a\": [{\"b\": {}}]}", "nesting deeper than 3 levels", 1, 14, maxDepth: 3)
        assertError("[]", "nesting deeper than 0 levels", 1, 1, maxDepth: 0)
        XCTAssertNil(read("1", maxDepth: 0).error)
        let bytes = JSONEventReader(bytes: UnsafeRawBufferPointer(start: nil, count: 0))
        XCTAssertEqual(bytes.maxDepth, 10_000_000)
    }

    // MARK: Round trip

    func testRandomDocumentsRoundTrip() {
        // Random trees, written with random whitespace and escapes, read back as the
        // events the tree implies.
        var random = SeededGenerator()
        let pieces = ["a", "é", "日本", "😀", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{7F}", "x y", "\u{FFFF}", "\u{10000}"]
        func randomString() -> String {
            (0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
        func escaped(_ s: String) -> String {
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += Bool.random(using: &random) ? "\\\\" : "\\u005C"
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                case "/": out += Bool.random(using: &random) ? "/" : "\\/"
                default:
                    if scalar.value < 0x20 {
                        out += "\\u00" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16)
                    } else if scalar.value >= 0x10000, Bool.random(using: &random) {
                        let v = scalar.value - 0x10000
                        out += "\\u" + String(0xD800 + (v >> 10), radix: 16) + "\\u" + String(0xDC00 + (v & 0x3FF), radix: 16, uppercase: true)
                    } else if scalar.value >= 0x80, scalar.value < 0x10000, Bool.random(using: &random) {
                        let hex = String(scalar.value, radix: 16)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            return out + "\""
        }
        let spaces = ["", " ", "\n", "\t", "\r\n", "  \n    "]
        func ws() -> String { spaces.randomElement(using: &random)! }
        func value(_ depth: Int, _ json: inout String, _ expected: inout [String]) {
            switch Int.random(in: 0..<(depth > 4 ? 3 : 6), using: &random) {
            case 0:
                let n = ["0", "-1", "2.5e-3", "1E+9", "123.456"].randomElement(using: &random)!
                json += n; expected.append("p:" + n)
            case 1:
                let s = randomString()
                json += escaped(s); expected.append("q:" + s)
            case 2:
                let l = ["true", "false", "null"].randomElement(using: &random)!
                json += l; expected.append("p:" + l)
            case 3, 4:
                json += "["; expected.append("[")
                for i in 0..<Int.random(in: 0...4, using: &random) {
                    json += (i > 0 ? "," : "") + ws()
                    value(depth + 1, &json, &expected)
                    json += ws()
                }
                json += "]"; expected.append("]")
            default:
                json += "{"; expected.append("{")
                for i in 0..<Int.random(in: 0...4, using: &random) {
                    let k = randomString()
                    json += (i > 0 ? "," : "") + ws() + escaped(k) + ws() + ":" + ws()
                    expected.append("q:" + k)
                    value(depth + 1, &json, &expected)
                    json += ws()
                }
                json += "}"; expected.append("}")
            }
        }
        for _ in 0..<300 {
            var json = ws()
            var expected = ["<"]
            value(0, &json, &expected)
            json += ws()
            expected += [">", "$"]
            XCTAssertEqual(tokens(json), expected, json)
        }
    }
}
