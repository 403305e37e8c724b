import XCTest
@testable import LayerGeometry

final class SVGPathErrorTests: XCTestCase {
    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> SVGPathError? {
        do {
            let path = try SVGPathParser().parse(text)
            XCTFail("\"\(text)\" parsed as \(path)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func assertError(_ text: String, _ message: String, at offset: Int,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(error(text, file: file, line: line), SVGPathError(message: message, offset: offset),
                       text, file: file, line: line)
    }

    func testPathMustStartWithAMoveto() {
        assertError("L 10 10", "path must start with a moveto", at: 0)
        assertError("  10 10", "path must start with a moveto", at: 2)
        assertError(" z", "path must start with a moveto", at: 1)
    }

    func testUnknownCommand() {
        assertError("M 10 10 X 5", "unknown command 'X'", at: 8)
        assertError("X", "unknown command 'X'", at: 0)
        assertError("M 0 0 L 1 1 #", "unknown command '#'", at: 12)
    }

    func testMissingNumbers() {
        assertError("M 10", "expected a number after 'M'", at: 4)
        assertError("M 10 10 L", "expected a number after 'L'", at: 9)
        assertError("M 10 10 l 5 q", "expected a number after 'l'", at: 12)
        assertError("M 0 0 C 1 2 3 4 5", "expected a number after 'C'", at: 17)
        assertError("M 0 0 H", "expected a number after 'H'", at: 7)
        assertError("M 0 0 L . 5", "expected a number after 'L'", at: 8)
        assertError("M 0 0 L - 5", "expected a number after 'L'", at: 8)
    }

    func testCommaPlacement() {
        // No comma between a command letter and its first number.
        assertError("M,10 10", "expected a number after 'M'", at: 1)
        // A comma must be followed by a number.
        assertError("M 10 10,", "expected a number after ','", at: 8)
        assertError("M 10 10, L 5 5", "expected a number after ','", at: 9)
        // Two commas in a row.
        assertError("M 10,,10", "expected a number after 'M'", at: 5)
    }

    func testArcFlagsMustBeZeroOrOne() {
        assertError("M 0 0 A 10 10 0 2 0 5 5", "expected a flag (0 or 1) after 'A'", at: 16)
        assertError("M 0 0 a 10 10 0 1", "expected a flag (0 or 1) after 'a'", at: 17)
    }

    func testBadNumbers() {
        assertError("M 1e 2", "expected digits in the exponent of a number", at: 4)
        assertError("M 1e+x 2", "expected digits in the exponent of a number", at: 5)
        assertError("M 1e999 0", "number out of range", at: 2)
    }

    func testNothingMayFollowCloseButACommand() {
        assertError("M 0 0 L 1 1 Z 5", "unexpected number after 'Z'", at: 14)
    }

    func testOffsetsCountCharactersNotBytes() {
        assertError("M 0 0 L 1 1 é", "unknown command 'é'", at: 12)
        assertError("é", "unknown command 'é'", at: 0)
        assertError("M 0 0 L 1 1 🙂", "unknown command '🙂'", at: 12)
        // "\r\n" is one Character in a String, two scalars in the byte overload.
        assertError("M 0 0\r\nX", "unknown command 'X'", at: 6)
        let fromBytes = Array("M 0 0\r\nX".utf8).withUnsafeBytes { bytes -> SVGPathError? in
            do throws(SVGPathError) { _ = try SVGPathParser().parse(bytes); return nil } catch { return error }
        }
        XCTAssertEqual(fromBytes, SVGPathError(message: "unknown command 'X'", offset: 7))
    }
}
