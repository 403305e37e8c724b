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

    /// The quoting the byte loop must equal, scalar by scalar from the documented rules.
    private func reference(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            let v = scalar.value
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x061C || v == 0x200E || v == 0x200F
                || (0x2028...0x202E).contains(v) || (0x2066...0x2069).contains(v):
                let hex = String(v, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    func testEveryScalarIsQuotedAsTheRulesSayInEveryContext() {
        var mismatches: [UInt32] = []
        for v in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(v) else { continue }
            let alone = String(Character(scalar))
            for text in [alone, "layers/cell[12]/\(alone)/badge[3]"] where JSONText.quoted(text) != reference(text) {
                mismatches.append(v)
                break
            }
        }
        XCTAssertEqual(mismatches.prefix(10), [], "\(mismatches.count) scalars quoted otherwise")
    }

    func testBytesThatAreNotUTF8AreQuotedAsTheRepairedString() {
        let samples: [[UInt8]] = [
            [0x61, 0xFF], [0xC3], [0xC3, 0x41], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x98], [0x80, 0x22], [0xC3, 0x97, 0xE2, 0x80, 0xAE, 0xFE, 0x0A],
        ]
        for bytes in samples {
            var out: [UInt8] = []
            bytes.withUnsafeBufferPointer { JSONText.appendQuoted(utf8: $0, to: &out) }
            XCTAssertEqual(String(decoding: out, as: UTF8.self), reference(String(decoding: bytes, as: UTF8.self)), "\(bytes)")
        }
    }
}
