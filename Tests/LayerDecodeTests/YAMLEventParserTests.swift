import XCTest
import YAML

/// The libyaml wrapper keeps no flags of its own: the current event is always a valid
/// libyaml event, and what comes after the end or an error follows from libyaml's state.
final class YAMLEventParserTests: XCTestCase {
    private func events(_ text: String) throws -> [(YAMLEvent, YAMLMark, String)] {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { raw in
            let parser = YAMLEventParser(bytes: raw)
            var out: [(YAMLEvent, YAMLMark, String)] = []
            while true {
                let e = try parser.next()
                out.append((e, parser.startMark, parser.scalarString))
                if e == .streamEnd { break }
            }
            return out
        }
    }

    func testEventsPositionsAndScalarsOfABlockMapping() throws {
        let got = try events("a: [1, 2]\nb: 'x'\n")
        XCTAssertEqual(got.map(\.0), [.streamStart, .documentStart, .mappingStart,
                                      .scalar(.plain), .sequenceStart, .scalar(.plain), .scalar(.plain), .sequenceEnd,
                                      .scalar(.plain), .scalar(.singleQuoted), .mappingEnd, .documentEnd, .streamEnd])
        XCTAssertEqual(got.map(\.2), ["", "", "", "a", "", "1", "2", "", "b", "x", "", "", ""])
        // 1-based: `2` is on line 1, column 8; `'x'` on line 2, column 4.
        XCTAssertEqual(got[6].1, YAMLMark(line: 1, column: 8))
        XCTAssertEqual(got[9].1, YAMLMark(line: 2, column: 4))
    }

    func testAfterTheEndItKeepsReturningTheEnd() throws {
        let bytes = Array("x: 1\n".utf8)
        try bytes.withUnsafeBytes { raw in
            let parser = YAMLEventParser(bytes: raw)
            while try parser.next() != .streamEnd {}
            XCTAssertEqual(try parser.next(), .streamEnd)
            XCTAssertEqual(try parser.next(), .streamEnd)
            XCTAssertEqual(parser.scalarBuffer.count, 0)
        }
    }

    func testAnErrorCarriesLibyamlsPlace() {
        let bytes = Array("a: 1\n b: 2\n".utf8)
        bytes.withUnsafeBytes { raw in
            let parser = YAMLEventParser(bytes: raw)
            var thrown: YAMLError?
            for _ in 0..<20 {
                do throws(YAMLError) { if try parser.next() == .streamEnd { break } } catch { thrown = error; break }
            }
            XCTAssertEqual(thrown?.mark.line, 2)
            XCTAssertEqual(thrown.map { $0.message.contains("mapping values are not allowed") }, true)
        }
    }

    func testAParserDroppedMidStreamFreesItsEvent() throws {
        // Under the address sanitizer's leak check (scripts/sanitizers.sh) a scalar left
        // undeleted would be reported.
        let bytes = Array("name: a long scalar that libyaml allocates\n".utf8)
        try bytes.withUnsafeBytes { raw in
            let parser = YAMLEventParser(bytes: raw)
            for _ in 0..<4 { _ = try parser.next() }
            XCTAssertEqual(parser.scalarString, "name")
        }
    }
}
