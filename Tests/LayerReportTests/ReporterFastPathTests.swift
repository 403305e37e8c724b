import Foundation
@testable import LayerModel
@testable import LayerReport
import LayerLintKit
import XCTest

/// The reporters escape each distinct finding text once (`FindingTextCache`) and copy
/// layer paths from their bytes; these check that what they write is what escaping each
/// whole string per finding writes, for text with every character some format changes.
final class ReporterFastPathTests: XCTestCase {
    /// Strings with quotes, backslashes, controls, line breaks, non-ASCII, mentions and
    /// percent signs, and the markup of each format.
    private let awkwardStrings = [
        "", "plain", "say \"hi\"", "back\\slash", "line\nbreak\r\nand\ttab", "\u{0}\u{1}\u{1B}[2J\u{7F}",
        "caf\u{E9} \u{1D11E} \u{2028}\u{2029}\u{202E}rtl\u{85}\u{9B}", "@team #123 50% a:b,c", "</x>]]>&amp;'<",
        hostileText, String(repeating: "long", count: 80),
        "カード/セル[0]/写真", "card\u{FFFE}", "\u{FFFF}/x", "全角！（）", "a\u{301}/\u{600}b", "  ::x \u{3000}::y", "##[group]é",
    ]

    /// A report whose findings have several distinct texts with awkward names, and long
    /// layer paths whose segments are shortened.
    private func awkwardReports() -> [LintReport] {
        let long = String(repeating: "segment@#%", count: 20)
        return [hostileReport(), hostileReport("@a #1 100% \"q\" b\\s caf\u{E9}"), hostileReport(long + "/" + long),
                hostileReport("カード\u{FFFE} e\u{301} ＃1 ##[x"), LintReport(files: [awkwardFile()])]
    }

    private func results(_ report: LintReport) -> [LintResult] {
        let texts = FindingTexts()
        return report.files.flatMap { LintResult.all(in: $0, texts: texts) }
    }

    func testJSONBytesQuoteAsJSONTextDoes() {
        for s in awkwardStrings {
            var fromBytes = ByteText()
            var copy = s
            copy.withUTF8 { JSONBytes.appendQuoted($0, to: &fromBytes) }
            XCTAssertEqual(fromBytes.string, JSONText.quoted(s), s.debugDescription)
            XCTAssertEqual(JSONBytes.quoted(s).string, JSONText.quoted(s), s.debugDescription)
            for t in awkwardStrings {
                XCTAssertEqual("\"" + JSONBytes.inner(s).string + JSONBytes.inner(t).string + "\"", JSONText.quoted(s + t),
                               "pieces quoted apart join into the whole: \(s.debugDescription) + \(t.debugDescription)")
            }
        }
    }

    func testCacheMakesOneEntryPerDistinctSharedText() throws {
        // Two equal cards and one of its own size, then the awkward names.
        let cards = Linter().lint(text: """
            layerlint: 1
            root:
              frame: [0, 0, 400, 400]
              sublayers:
                - { name: card, frame: [10, 10, 300, 80], backgroundColor: "#FFFFFF", cornerRadius: 12, shadowOpacity: 0.2, shadowRadius: 8 }
                - { name: card, frame: [10, 110, 300, 80], backgroundColor: "#FFFFFF", cornerRadius: 12, shadowOpacity: 0.2, shadowRadius: 8 }
                - { name: card, frame: [10, 210, 290, 80], backgroundColor: "#FFFFFF", cornerRadius: 12, shadowOpacity: 0.2, shadowRadius: 8 }
            """, path: "cards.yml")
        let findings = cards.snapshots.flatMap(\.findings) + awkwardFile().snapshots.flatMap(\.findings)
        let texts = FindingTexts()
        var cache = FindingTextCache<String>()
        var made = 0
        for f in findings {
            let entry = cache.entry(for: texts.text(of: f)) { made += 1; return $0.message }
            XCTAssertEqual(entry, f.message, "a finding gets its own text's entry, not another's")
        }
        let shared = findings.filter(\.wordsRepeat)
        let unshared = findings.count - shared.count
        XCTAssertEqual(shared.count, 2, "the two equal cards read the same")
        XCTAssertGreaterThan(unshared, 0)
        guard !shared.isEmpty else { return }
        // One entry per distinct shared text; a text no other finding reads is made for its
        // finding and not kept.
        let distinctShared = Set(shared.map { ObjectIdentifier(texts.text(of: $0)) }).count
        XCTAssertEqual(cache.count, distinctShared)
        XCTAssertEqual(made, distinctShared + unshared)
        XCTAssertLessThan(cache.count, shared.count)
        // The same shared text again is not made again.
        _ = cache.entry(for: texts.text(of: shared[0])) { _ in XCTFail("made twice"); return "" }
    }

    func testStableHashOfBytesAndDecimalsIsTheStringOnes() {
        for s in awkwardStrings {
            var a = StableHash(), b = StableHash()
            a.combine(s)
            var copy = s
            copy.withUTF8 { b.combine($0) }
            // The string path as it was: byte by byte, then a zero separator.
            var c = StableHash()
            for byte in s.utf8 { c.combine(byte: byte) }
            c.combine(byte: 0)
            XCTAssertEqual(a.value, c.value, s.debugDescription)
            XCTAssertEqual(b.value, c.value, s.debugDescription)
            let digits = String(c.value, radix: 16)
            XCTAssertEqual(c.hex, String(repeating: "0", count: 16 - digits.count) + digits)
            c.withQuotedHex { XCTAssertEqual(String(decoding: $0, as: UTF8.self), "\"\(c.hex)\"") }
        }
        for n in [0, 1, 9, 10, 99, 100, 999, 1_000, 12345, 1_000_000_007, Int.max, -1, -10, -12345, Int.min]
            + (0..<2_000).map({ _ in Int.random(in: .min ... .max) >> Int.random(in: 0..<63) }) {
            var a = StableHash(), b = StableHash()
            a.combine(decimal: n); b.combine(String(n))
            XCTAssertEqual(a.value, b.value, "\(n)")
        }
        var small = StableHash()
        small.combine(byte: 1)
        XCTAssertEqual(small.hex.count, 16)
    }

    func testLastSegmentOfBytesIsTheCharacterSplit() {
        let paths = ["a/b/c", "a/b/", "a//b//", "///", "", "abc", "/x", "cell[0]/contentView/card", "caf\u{E9}/x", "a/\u{301}b",
                     "カード/セル[0]/写真", "カ/\u{301}ド", "\u{600}/b", "a/\u{200D}b/c", "x/\u{903}y", "\u{1F600}/\u{1F3FD}",
                     "é/", "/\u{301}", "\u{301}/", "a\u{301}/b\u{301}/", "👨‍👩‍👧/👍🏽", "\u{E9}//\u{E9}",
                     "x//\u{301}", "x/\u{600}/y", "\u{600}//", "x///\u{200D}", "é/\u{301}/\u{301}"]
        for path in paths + awkwardStrings {
            let bySplit = path.split(separator: "/").last.map(String.init) ?? path
            var copy = path
            copy.withUTF8 { utf8 in
                XCTAssertEqual(String(decoding: LintResult.lastSegment(of: utf8), as: UTF8.self), bySplit, path.debugDescription)
            }
            XCTAssertEqual(LintResult.lastSegment(of: path), bySplit, path.debugDescription)
        }
    }

    /// The matching path as it was made: split by Characters, "[0]" after each segment
    /// whose last Character is not "]".
    private func matchingBySplit(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.hasSuffix("]") ? $0 : $0 + "[0]" }.joined(separator: "/")
    }

    func testMatchingPathFromBytesIsTheCharacterSplit() {
        let paths = ["a/b/c", "a/b/", "a//b//", "///", "", "abc", "/x", "cell[0]/contentView/card", "card[12]", "x]/[y", "[]",
                     "caf\u{E9}/x", "a/\u{301}b", "カード/セル[0]/写真", "カ/\u{301}ド", "\u{600}/b", "a/\u{200D}b/c", "x/\u{903}y",
                     "cell[0]\u{301}/b", "cell\u{600}]/b", "x]\u{200D}", "é]/", "]\u{301}", "\u{600}]", "a]/\u{301}b]",
                     "👨‍👩‍👧]/👍🏽", "x//\u{301}", "\r\n]/\r]", "]\n/"]
        var generator = SystemRandomNumberGenerator()
        let pieces = ["/", "]", "[", "a", "0", "\u{301}", "\u{600}", "\u{200D}", "カ", "\r", "\n", "é", "👍", "\u{1F3FD}"]
        let random = (0..<2_000).map { _ in (0..<Int.random(in: 0...9, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined() }
        for path in paths + awkwardStrings + random {
            let key = FindingKey(file: "f", screen: "", rule: "r", layerPath: path)
            XCTAssertEqual(key.matching.layerPath, matchingBySplit(path), path.debugDescription)
        }
    }

    func testSortedKeysAreInTheOrderOfTheirComparison() {
        var generator = SystemRandomNumberGenerator()
        let texts = ["a", "b", "ab", "", "a/b", "a/b[0]", "A", "é", "e\u{301}", "カード", "カード[1]", "z", "\u{0}", "a\u{0}", "~"]
        for _ in 0..<50 {
            let keys = (0..<Int.random(in: 0...60, using: &generator)).map { _ in
                FindingKey(file: texts.randomElement(using: &generator)!, screen: texts.randomElement(using: &generator)!,
                           rule: texts.randomElement(using: &generator)!, layerPath: texts.randomElement(using: &generator)!)
            }
            let unique = Array(Set(keys))
            XCTAssertEqual(FindingKey.sorted(unique), unique.sorted())
        }
    }

    func testLayerPathFastPathIsTheFormatOfTheShortenedPath() {
        let long = String(repeating: "n", count: 130)
        let paths = awkwardStrings + ["root/cell[0]/card", "a/\(long)/b", String(repeating: "abc/", count: 40), "50%/x@y/#1"]
        let formats: [(String, ByteSet, (String) -> String)] = [
            ("rdjsonl", ReviewdogReporter.MessagePieces.special, ReviewdogReporter.MessagePieces.inner),
            ("xml attribute", XMLText.special, XMLText.attribute),
            ("xml content", XMLText.special, XMLText.content),
            ("workflow data", WorkflowCommandText.percentSign, WorkflowCommandText.data),
        ]
        for path in paths {
            for (name, special, format) in formats {
                var out = ByteText()
                var copy = path
                copy.withUTF8 { TerminalText.appendLayerPath($0, to: &out, special: special, format: format) }
                XCTAssertEqual(out.string, format(TerminalText.layerPath(path)), "\(name): \(path.debugDescription)")
            }
        }
    }

    /// Sixteen bytes at a time, then the rest one by one: a member is found wherever it
    /// stands (in a full chunk, at a chunk's edge, in the tail), and nothing else is.
    func testByteSetFindsItsMembersAnywhere() {
        var generator = SystemRandomNumberGenerator()
        let sets: [(ByteSet, Set<UInt8>)] = [
            (XMLText.special, [0x26, 0x3C, 0x3E, 0x22, 0x27, 0xEF]),
            (ByteSet(UInt8(ascii: "%")), [0x25]),
            (ByteSet(), []),
            (ByteSet(0, 1, 2, 3, 4, 5, 6, 0xFF), [0, 1, 2, 3, 4, 5, 6, 0xFF]),
        ]
        for (set, members) in sets {
            for count in 0..<70 {
                for _ in 0..<8 {
                    let bytes = (0..<count).map { _ -> UInt8 in
                        // Mostly bytes outside the set, so that most buffers hold none.
                        Int.random(in: 0..<40, using: &generator) == 0 && !members.isEmpty
                            ? members.randomElement(using: &generator)! : UInt8.random(in: 0x30...0x39, using: &generator)
                    }
                    let found = bytes.withUnsafeBufferPointer { set.occurs(in: $0) }
                    XCTAssertEqual(found, bytes.contains { members.contains($0) }, "\(bytes)")
                }
            }
            for b in 0...255 { XCTAssertEqual(set.contains(UInt8(b)), members.contains(UInt8(b))) }
        }
    }

    func testPlainLineFromBytesIsTheStringOne() {
        let lines = awkwardStrings + ["d.yml:1:2: warning: カード draws a shadow (layer root/カード[0], 5 offscreen passes per frame)",
                                      " ::x", "\u{3000}::x", " \u{A0}::x", "a ##[x", "##\u{5B}", "é ##[", "× 2"]
        for line in lines {
            // The reporter hands it lines whose names are escaped already.
            var escaped = TerminalText.escaped(line)
            var out = ByteText()
            escaped.withUTF8 { WorkflowCommandText.appendPlainLine($0, to: &out) }
            XCTAssertEqual(out.string, WorkflowCommandText.plainLine(line), line.debugDescription)
        }
    }

    /// XML's escaping made from the bytes is the escaping scalar by scalar.
    func testXMLEscapeFromBytesIsTheScalarOne() {
        func reference(_ s: String, attribute: Bool) -> String {
            var out = ""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\"": out += "&quot;"
                case "'": out += "&apos;"
                case "\n": out += attribute ? "&#10;" : "\n"
                case "\t": out += attribute ? "&#9;" : "\t"
                case "\r": out += "&#13;"
                case _ where scalar.isDisguising || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += scalar.visibleEscape
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out
        }
        for s in awkwardStrings + ["\u{10FFFF}\u{FFFD}\u{EFFF}&", "\u{C2}\u{80}\u{9F}", "a\u{61C}b\u{2066}c\u{2069}"] {
            XCTAssertEqual(XMLText.attribute(s), reference(s, attribute: true), s.debugDescription)
            XCTAssertEqual(XMLText.content(s), reference(s, attribute: false), s.debugDescription)
        }
    }

    /// Each format's line for a finding, as the whole strings give it.
    func testFindingLinesAreTheWholeStringsEscaped() throws {
        for report in awkwardReports() {
            let results = results(report).filter { $0.finding != nil }
            XCTAssertFalse(results.isEmpty)

            let rdjsonl = ReviewdogReporter().render(report).string.split(separator: "\n")
            let messages = try rdjsonl.map { line in
                try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["message"] as? String
            }
            let github = GitHubActionsReporter().render(report).string
            let checkstyle = CheckstyleReporter().render(report).string
            let junit = JUnitReporter().render(report).string
            for r in results {
                let path = try XCTUnwrap(r.layerPath), fix = try XCTUnwrap(r.fix)
                let reviewdog = MarkdownText.inert(TerminalText.message(r.message) + " (layer \(TerminalText.layerPath(path)))"
                    + "\nFix: \(TerminalText.message(fix.summary))")
                XCTAssertTrue(messages.contains(reviewdog), "rdjsonl: \(reviewdog.debugDescription)")

                let layerLine = r.framesPerSecond.map {
                    "\nLayer: \(TerminalText.layerPath(path)); \(TextReporter.rate($0.now)) frames per second now, \(TextReporter.rate($0.afterFix)) after the fix"
                } ?? "\nLayer: \(TerminalText.layerPath(path)); \(r.passes) offscreen passes per frame now, \(r.passesAfterFix ?? 0) after the fix"
                let annotation = "::\(GitHubActionsReporter.command(r.severity)) file=\(WorkflowCommandText.property(r.path)),line=\(r.line),col=\(r.column),title=\(WorkflowCommandText.property("LayerLint \(r.rule)"))::"
                    + WorkflowCommandText.data(TerminalText.message(r.message) + layerLine + "\nFix: \(TerminalText.message(fix.summary))") + "\n"
                XCTAssertTrue(github.contains(annotation), "github: \(annotation.debugDescription)")

                let error = "severity=\"\(r.severity.rawValue)\" message=\""
                    + XMLText.attribute("\(TerminalText.message(r.message)) (layer \(TerminalText.layerPath(path)))")
                    + "\" source=\"\(XMLText.attribute("layerlint.\(r.rule)"))\"/>\n"
                XCTAssertTrue(checkstyle.contains(error), "checkstyle: \(error.debugDescription)")

                XCTAssertTrue(junit.contains(XMLText.content(JUnitReporter.line(r))), "junit: \(JUnitReporter.line(r).debugDescription)")
            }
        }
    }

    func testJSONAndSARIFCarryEachFindingsOwnTextAndPath() throws {
        for report in awkwardReports() {
            let all = results(report)
            let results = all.filter { $0.finding != nil }
            let json = try jsonObject(JSONReporter().render(report))
            let findings = ((json["files"] as? [[String: Any]]) ?? []).flatMap { ($0["snapshots"] as? [[String: Any]]) ?? [] }
                .flatMap { ($0["findings"] as? [[String: Any]]) ?? [] }
            XCTAssertEqual(findings.count, results.count)
            for (found, r) in zip(findings, results) {
                XCTAssertEqual(found["layerPath"] as? String, r.layerPath)
                XCTAssertEqual(found["message"] as? String, r.message)
                XCTAssertEqual((found["fix"] as? [String: String])?["swift"], r.fix?.swift)
            }

            let sarif = try jsonObject(SARIFReporter().render(report))
            let sarifResults = try XCTUnwrap(((sarif["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
            var seen: [[String]: Int] = [:]
            XCTAssertEqual(sarifResults.count, all.count)
            for (found, r) in zip(sarifResults, all) {
                // The fingerprint as it was made from strings.
                let last: String = r.layerPath ?? r.budget?.scope.rawValue ?? ""
                let identity: [String] = [r.path, r.rule, r.screen ?? "", last]
                let occurrence = seen[identity, default: 0]
                seen[identity] = occurrence + 1
                var h = StableHash()
                for part in identity.dropFirst() { h.combine(part) }
                h.combine(String(occurrence))
                XCTAssertEqual((found["partialFingerprints"] as? [String: String])?["layerlint/v1"], h.hex)
                let message = r.fix.map { "\(r.message)\n\nFix: \($0.summary)" } ?? r.message
                XCTAssertEqual((found["message"] as? [String: String])?["text"], message)
                guard let path = r.layerPath else { continue }
                let logical = ((found["locations"] as? [[String: Any]])?.first?["logicalLocations"] as? [[String: String]])?.first
                XCTAssertEqual(logical?["fullyQualifiedName"] ?? nil, path)
                XCTAssertEqual(logical?["name"] ?? nil, LintResult.lastSegment(of: path))
                XCTAssertEqual((found["properties"] as? [String: Any])?["layerPath"] as? String, path)
            }
        }
    }
}

/// The writer's one-append paths (keys, a comma with its line break and indentation)
/// against the layout written out by hand.
final class JSONWriterLayoutTests: XCTestCase {
    func testKeysCommasAndIndentationAtAnyDepth() {
        var out = ByteText()
        JSONWriter.write(into: &out) { w in
            w.object {
                w.key("plain"); w.value(1)
                w.key("with \"quote\" and \\"); w.value("v")
                w.key(text: "run-time \u{1}key"); w.array(elements: { w.value(json: JSONBytes.quoted("a\"b")); w.null() })
                w.key("empty"); w.array(elements: {})
            }
        }
        XCTAssertEqual(out.string, """
            {
              "plain": 1,
              "with \\"quote\\" and \\\\": "v",
              "run-time \\u0001key": [
                "a\\"b",
                null
              ],
              "empty": []
            }
            """)

        // Deeper than the indentation kept at hand and the item flags one word holds (64
        // levels each), a member after each nested one (its comma needs the flag of a
        // level that was 64 or more levels out), an empty array at the bottom (no line
        // break before its bracket).
        for depth in [63, 64, 65, 70, 150] {
            var deeper = ByteText()
            JSONWriter.write(into: &deeper) { w in
                func nest(_ level: Int) {
                    if level == depth { w.array(elements: {}); return }
                    w.object { w.key("b"); nest(level + 1); w.key("c"); w.value(level) }
                }
                nest(0)
            }
            var expected = ""
            func nest(_ level: Int) {
                if level == depth { expected += "[]"; return }
                let inner = String(repeating: "  ", count: level + 1)
                expected += "{\n\(inner)\"b\": "
                nest(level + 1)
                expected += ",\n\(inner)\"c\": \(level)\n" + String(repeating: "  ", count: level) + "}"
            }
            nest(0)
            XCTAssertEqual(deeper.string, expected, "depth \(depth)")
        }
    }

    /// A fragment is copied only where the writer stands as it stood when the fragment was
    /// made (first element or not, depth, inside a key or not), is made again elsewhere,
    /// and leaves the writer where the stretch it copies would: the document reads as
    /// if every stretch were written out.
    func testFragmentsReadAsTheStretchWrittenOut() {
        func item(_ n: Int, _ w: JSONWriter) {
            w.beginObject()
            w.key("id"); w.value(n)
            w.key("inner"); w.beginArray(); w.beginObject(); w.key("value")
            w.value(n * 10)
            w.endObject(); w.endArray()
            w.key("tag"); w.value("t")
            w.endObject()
        }
        // Each stretch between two values as a fragment, made once and kept (the first
        // item's head, which has no comma, is made again for the second).
        var head: JSONFragment?, middle: JSONFragment?, tail: JSONFragment?
        var made = 0
        func fragmentItem(_ n: Int, _ w: JSONWriter) {
            w.write(&head) { w in made += 1; w.beginObject(); w.key("id") }
            w.value(n)
            w.write(&middle) { w in made += 1; w.key("inner"); w.beginArray(); w.beginObject(); w.key("value") }
            w.value(n * 10)
            w.write(&tail) { w in made += 1; w.endObject(); w.endArray(); w.key("tag"); w.value("t") }
            w.endObject()
        }
        func document(_ body: (Int, JSONWriter) -> Void) -> String {
            var out = ByteText()
            JSONWriter.write(into: &out) { w in
                w.object {
                    w.key("items"); w.array(0..<4) { body($0, w) }
                    // The same stretches one level deeper: their fragments are made again.
                    w.key("nested"); w.array(elements: { w.array(4..<6) { body($0, w) } })
                }
            }
            return out.string
        }
        let written = document(item)
        XCTAssertEqual(document(fragmentItem), written)
        XCTAssertTrue(written.contains("\"value\": 30"))
        // Items 0 (head without comma), 1 (head with comma; middle and tail kept), then the
        // nested array's first item (all three deeper), its second (head with comma).
        XCTAssertEqual(made, 3 + 1 + 3 + 1)
    }
}

final class JSONKeyLinesTests: XCTestCase {
    /// More keys than slots, at several depths, with and without a comma, twice over: each
    /// line is the one written out by hand, whether its slot was taken or the lines
    /// started over in between.
    func testEveryLineIsItsOwnThroughCollisionsAndStartingOver() {
        let keys = (0..<3000).map { "key\($0)" + ($0 % 7 == 0 ? "\"q\\" : "") }
        let joined = Array(keys.joined().utf8)
        var lines = JSONKeyLines()
        joined.withUnsafeBufferPointer { all in
            for round in 0..<2 {
                var offset = 0
                for (i, key) in keys.enumerated() {
                    let count = key.utf8.count
                    let utf8 = UnsafeBufferPointer(rebasing: all[offset..<(offset + count)])
                    let depth = 1 + (i + round) % 5, comma = (i + round) % 2 == 0
                    var got = ""
                    lines.withLine(key: UnsafeRawPointer(utf8.baseAddress!), utf8, depth: depth, comma: comma) {
                        got = String(decoding: $0, as: UTF8.self)
                    }
                    let expected = (comma ? "," : "") + "\n" + String(repeating: "  ", count: depth) + JSONText.quoted(key) + ": "
                    XCTAssertEqual(got, expected, "\(key) at depth \(depth), round \(round)")
                    offset += count
                }
            }
        }
    }
}
