import Foundation
import LayerLintKit
import XCTest

final class JSONTextTests: XCTestCase {
    func testPlainTextIsOnlyQuoted() {
        XCTAssertEqual(JSONText.quoted("root/card[2]"), "\"root/card[2]\"")
        XCTAssertEqual(JSONText.quoted("a\"b\\c"), "\"a\\\"b\\\\c\"")
    }

    func testEveryControlAndSeparatorIsAUEscape() {
        XCTAssertEqual(JSONText.quoted("\u{0}\u{1B}\u{7F}\u{85}\u{9B}"), "\"\\u0000\\u001b\\u007f\\u0085\\u009b\"")
        XCTAssertEqual(JSONText.quoted("\u{2028}\u{2029}\u{202E}\u{2066}"), "\"\\u2028\\u2029\\u202e\\u2066\"")
        XCTAssertEqual(JSONText.quoted("\n\r\t"), "\"\\n\\r\\t\"")
        XCTAssertEqual(JSONText.quoted("é😀"), "\"é😀\"")
    }

    func testQuotedTextParsesBackWhole() throws {
        let long = String(repeating: hostileText, count: 1_000)
        let quoted = JSONText.quoted(long)
        XCTAssertFalse(quoted.utf8.contains { $0 < 0x20 || $0 == 0x7F }, "no raw control byte")
        let value = try JSONSerialization.jsonObject(with: Data("[\(quoted)]".utf8)) as? [String]
        XCTAssertEqual(value, [long])
    }

    func testAPathOfInvalidUTF8IsRepairedBeforeItIsWritten() throws {
        let path = String(decoding: [0x61, 0xFF, 0xC3, 0x2F, 0x62] as [UInt8], as: UTF8.self)
        let value = try JSONSerialization.jsonObject(with: Data("[\(JSONText.quoted(path))]".utf8)) as? [String]
        XCTAssertEqual(value, ["a\u{FFFD}\u{FFFD}/b"])
    }
}
