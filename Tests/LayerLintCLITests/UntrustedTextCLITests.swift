import Foundation
import XCTest

/// Text from a dump or a file name reaches standard output and standard error escaped
/// (docs/reliability.md, "Untrusted text in every output"): no terminal sequence, and no
/// line a GitHub Actions runner would read as a workflow command.
final class UntrustedTextCLITests: XCTestCase {
    private let hostile = "x\\n::error file=x::pwned\\r\\n  ::add-mask::secret\\e[2J\\u202E"

    private func assertInert(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(text.utf8.contains(0x1B), "\(what) holds ESC", file: file, line: line)
        XCTAssertFalse(text.unicodeScalars.contains("\u{202E}"), "\(what) holds a bidi override", file: file, line: line)
        for l in text.split(separator: "\n") {
            XCTAssertFalse(l.drop { $0 == " " || $0 == "\t" }.hasPrefix("::"), "\(what) starts a command: \(l)", file: file, line: line)
        }
    }

    func testConvertErrorsAndWarningsOnStandardErrorAreInert() throws {
        let dir = try temporaryFolder([
            "warns.yml": "layerlint: 1\nroot:\n  frame: [0, 0, 10, 10]\n  \"shadowRadiu\\e\": \"\(hostile)\"\n",
            "breaks.yml": "layerlint: 1\nroot:\n  frame: \"\(hostile)\"\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let warned = try run(["convert", "--to", "json", "warns.yml"], in: dir)
        XCTAssertEqual(warned.status, 0, warned.err)
        XCTAssertTrue(warned.err.contains("warning: unknown layer key 'shadowRadiu\\u{1B}'"), warned.err)
        assertInert(warned.err, "convert warning")
        let broken = try run(["convert", "--to", "json", "breaks.yml"], in: dir)
        XCTAssertEqual(broken.status, 2)
        XCTAssertEqual(broken.err.split(separator: "\n").count, 1, "one message, one line: \(broken.err)")
        XCTAssertTrue(broken.err.contains("::error file=x::pwned"), "shown, escaped: \(broken.err)")
        assertInert(broken.err, "convert error")
    }

    func testLintTextOfAHostileDumpAndFileNameIsInert() throws {
        let dump = "layerlint: 1\nroot:\n  name: \"\(hostile)\"\n  frame: [0, 0, 100, 40]\n  backgroundColor: \"#FFFFFF\"\n  shadowOpacity: 0.3\n"
        let dir = try temporaryFolder(["::error::pwned.yml": dump])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try run(["lint", "::error::pwned.yml"], in: dir)
        XCTAssertEqual(r.status, 1, r.out + r.err)
        XCTAssertTrue(r.out.hasPrefix("\\u{3A}:error::pwned.yml:3:3: warning: x\\u{A}::error file=x::pwned"), r.out)
        assertInert(r.out, "text report")
        assertInert(r.err, "standard error")
    }

    func testConfigurationErrorsOnStandardErrorAreInert() throws {
        let dir = try temporaryFolder([
            "a.yml": "layerlint: 1\nroot:\n  frame: [0, 0, 1, 1]\n",
            ".layerlint.yml": "rules:\n  \"x\\e[2J\\n  ::error::pwned\": { severity: error }\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try run(["lint", "a.yml"], in: dir)
        XCTAssertEqual(r.status, 2, r.err)
        XCTAssertTrue(r.err.contains("unknown rule 'x\\u{1B}[2J"), r.err)
        assertInert(r.err, "configuration error")
    }
}
