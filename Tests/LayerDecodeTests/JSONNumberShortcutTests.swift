import LayerDecode
import LayerImport
import LayerGeometry
import LayerModel
import XCTest

/// The JSON reader reads number lists and single numbers after a key in one step. These
/// tests hold it to the event-by-event path: the same values to the bit, the same errors
/// at the same places. One-line JSON is also YAML, which libyaml reads event by event.
final class JSONNumberShortcutTests: XCTestCase {
    private func layer(_ rootKeys: String, _ syntax: DumpSyntax, file: StaticString = #filePath, line: UInt = #line) throws -> Layer {
        let d = DumpReader().read(#"{"layerlint": 1, "root": {"# + rootKeys + "}}", syntax: syntax)
        XCTAssertNil(d.error, "\(d.error.map { "\($0)" } ?? "")", file: file, line: line)
        return try XCTUnwrap(d.snapshots.first?.layers.first, file: file, line: line)
    }

    private func error(_ rootKeys: String, _ syntax: DumpSyntax = .json) -> DecodeError? {
        DumpReader().read(#"{"layerlint": 1, "root": {"# + rootKeys + "}}", syntax: syntax).error
    }

    /// Spellings inside and outside the shortcut: more than 19 digits and exponents are
    /// left to the full path, and must come out the same.
    let spellings = ["0", "-0", "12", "0.1", "-7.25", "844.333333333333", "0.000001", "123456789012345",
                     "1234567890123456", "0.30000000000000004", "1e2", "1.5E-3", "2.5e+1", "100.50",
                     "127.08220789864433", "9007199254740993.0", "1234567890123456789", "0.1234567890123456789",
                     "12345678901234567890"]

    func testNumbersMatchTheEventPathToTheBit() throws {
        for s in spellings {
            let keys = #""bounds": [\#(s), \#(s), 1, 2], "cornerRadius": \#(s == "-0" || s.hasPrefix("-") ? "1" : s), "position": [\#(s), 3]"#
            let json = try layer(keys, .json)
            let yaml = try layer(keys, .yaml)
            XCTAssertEqual(json.bounds.origin.x.bitPattern, yaml.bounds.origin.x.bitPattern, s)
            XCTAssertEqual(json.bounds.origin.y.bitPattern, yaml.bounds.origin.y.bitPattern, s)
            XCTAssertEqual(json.position.x.bitPattern, yaml.position.x.bitPattern, s)
            XCTAssertEqual(json.position.x.bitPattern, Double(s)?.bitPattern, s)
            XCTAssertEqual(json.cornerRadius.bitPattern, yaml.cornerRadius.bitPattern, s)
        }
    }

    func testNegativeZeroStaysNegative() throws {
        let l = try layer(#""position": [-0, 0]"#, .json)
        XCTAssertEqual(l.position.x.sign, .minus)
    }

    func testErrorsAfterAShortcutNameTheValue() throws {
        // Columns are 1-based; the text starts `{"layerlint": 1, "root": {` (26 characters).
        let negative = try XCTUnwrap(error(#""frame": [0, 0, -1, 5]"#))
        XCTAssertEqual(Int(negative.location.column), 27 + #""frame": "#.count)
        XCTAssertTrue(negative.message.contains("negative size"), negative.message)

        let short = try XCTUnwrap(error(#""bounds": [0, 0, 1]"#))
        XCTAssertEqual(Int(short.location.column), 27 + #""bounds": "#.count)
        XCTAssertTrue(short.message.contains("needs 4 numbers"), short.message)

        let opacity = try XCTUnwrap(error(#""opacity": 2"#))
        XCTAssertEqual(Int(opacity.location.column), 27 + #""opacity": "#.count)
        XCTAssertTrue(opacity.message.contains("from 0 to 1"), opacity.message)
    }

    func testWhatTheShortcutLeavesGetsTheFullPathsErrors() throws {
        // A line break inside the list always takes the full path: the errors must agree.
        for bad in ["[01, 0, 1, 1]", "[0, 0, 1, 1,]", "[0, 0, 1, 1 2]", "[0, 0, 1, true]", "[0, 0, 1, 1e]", "[-, 0, 1, 1]"] {
            let oneLine = try XCTUnwrap(error(#""frame": "# + bad), bad)
            let broken = try XCTUnwrap(error(#""frame": "# + bad.replacingOccurrences(of: "[", with: "[\n")), bad)
            XCTAssertEqual(oneLine.message, broken.message, bad)
        }
        let word = try XCTUnwrap(error(#""opacity": 1x"#))
        XCTAssertEqual(Int(word.location.column), 27 + #""opacity": "#.count)
    }

    func testListsAcrossLinesAndLongListsStillRead() throws {
        let l = try layer("\"sublayerTransform\": [1, 0, 0, 0,\n 0, 1, 0, 0,\n 0, 0, 1, 0,\n 5, 6, 0, 1], \"frame\": [\n1, 2, 3, 4\n]", .json)
        XCTAssertEqual(l.sublayerTransform?.m41, 5)
        XCTAssertEqual(l.frame, Rect(x: 1, y: 2, width: 3, height: 4))
        let tooLong = try XCTUnwrap(error(#""transform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1, 0]"#))
        XCTAssertTrue(tooLong.message.contains("found 17"), tooLong.message)
    }
}
