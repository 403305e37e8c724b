import Foundation
@testable import LayerReport
import LayerModel
import XCTest

final class TerminalTextTests: XCTestCase {
    func testDisguisingScalarsAreShownAsEscapes() {
        XCTAssertEqual(TerminalText.escaped("a\u{1B}[2Jb"), "a\\u{1B}[2Jb")
        XCTAssertEqual(TerminalText.escaped("\u{0}\u{1}\u{7}\u{9}\u{7F}"), "\\u{0}\\u{1}\\u{7}\\u{9}\\u{7F}")
        XCTAssertEqual(TerminalText.escaped("nel\u{85}csi\u{9B}"), "nel\\u{85}csi\\u{9B}")
        XCTAssertEqual(TerminalText.escaped("\u{2028}\u{2029}"), "\\u{2028}\\u{2029}")
        XCTAssertEqual(TerminalText.escaped("abc\u{202E}txt.exe\u{2066}\u{200F}\u{61C}"), "abc\\u{202E}txt.exe\\u{2066}\\u{200F}\\u{61C}")
        XCTAssertEqual(TerminalText.escaped("café 😀 日本"), "café 😀 日本", "ordinary text is kept")
    }

    func testALineBreakInANameNeverStartsALine() {
        let shown = TerminalText.escaped("x\n::error file=x::pwned\r\n::add-mask::secret")
        XCTAssertFalse(shown.contains("\n"))
        XCTAssertFalse(shown.contains("\r"))
        XCTAssertEqual(shown, "x\\u{A}::error file=x::pwned\\u{D}\\u{A}::add-mask::secret")
    }

    func testLinesKeepTheirBreaksButNeverStartAWorkflowCommand() {
        XCTAssertEqual(TerminalText.lines("let a = 1\n  ::error::pwned\n\t::add-mask::x\nok"),
                       "let a = 1\n  \\u{3A}:error::pwned\n\\u{9}::add-mask::x\nok")
        XCTAssertEqual(TerminalText.lineStart("::error::x.yml"), "\\u{3A}:error::x.yml")
        XCTAssertEqual(TerminalText.lineStart("dumps/a.yml"), "dumps/a.yml")
    }

    func testLayerPathsAreShortenedAndEscapedFromBytes() {
        func appended(_ s: String) -> String {
            var out = ByteText()
            var s = s
            s.withUTF8 { TerminalText.appendLayerPath($0, to: &out) }
            return out.string
        }
        XCTAssertEqual(appended("root/card[2]/label"), "root/card[2]/label")
        XCTAssertEqual(appended("root/a\u{1B}b"), "root/a\\u{1B}b")
        let long = appended("root/" + String(repeating: "z", count: 1_000_000))
        XCTAssertEqual(long, "root/" + String(repeating: "z", count: 120) + "…")
    }

    func testMessagesAreShortenedAndEscaped() {
        let message = TerminalText.message("found '" + String(repeating: "\u{1B}", count: 1_000) + "'")
        XCTAssertFalse(message.unicodeScalars.contains("\u{1B}"))
        XCTAssertLessThan(message.utf8.count, 1_000)
    }

    /// The byte check for disguising scalars agrees with `Unicode.Scalar.isDisguising` for
    /// every scalar, alone and between other text, and at the end of the text.
    func testDisguisingScalarCheckFromBytesAgreesWithTheScalars() {
        var bytes: [UInt8] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            // The long ones put the scalar past a word the check passes eight bytes at once.
            for (before, after) in [("a", "b"), ("×", ""), ("", "é"), ("a frame of 12 pt", "and 34 more")] {
                bytes.removeAll(keepingCapacity: true)
                bytes += before.utf8; bytes += String(scalar).utf8; bytes += after.utf8
                let found = bytes.withUnsafeBufferPointer { $0.hasDisguisingScalar }
                if found != scalar.isDisguising {
                    XCTFail("U+\(String(value, radix: 16, uppercase: true)) between '\(before)' and '\(after)'")
                    return
                }
            }
        }
        // Text that needs no escape comes back as it is; what needs one still gets it.
        XCTAssertEqual(TerminalText.escaped("12 × 40 pt, café"), "12 × 40 pt, café")
        XCTAssertEqual(TerminalText.escaped("12 × 40\u{202E}pt"), "12 × 40\\u{202E}pt")
        var out = ByteText()
        var message = "a 320 × 90 shadow"
        message.withUTF8 { TerminalText.appendMessage($0, to: &out) }
        XCTAssertEqual(out.string, "a 320 × 90 shadow")
    }

    /// Code is copied as it is only when its lines are plain: the check that passes the
    /// inside of a line eight bytes at a time agrees with a byte-by-byte one on text made
    /// of the bytes that decide it (line breaks, spaces, tabs, colons, controls, non-ASCII)
    /// among plain letters, at every length up to 40.
    func testPlainLinesCheckAgreesWithTheBytes() {
        func plainByBytes(_ utf8: [UInt8]) -> Bool {
            var lineStart = true, previousColon = false
            for byte in utf8 {
                if byte == 0x0A { lineStart = true; previousColon = false; continue }
                guard byte >= 0x20 && byte < 0x7F else { return false }
                if lineStart {
                    if byte == 0x20 { continue }
                    if byte == 0x3A {
                        if previousColon { return false }
                        previousColon = true
                        continue
                    }
                    lineStart = false
                    previousColon = false
                }
            }
            return true
        }
        let plainBytes: [UInt8] = [0x0A, 0x20, 0x3A, 0x3A, 0x61, 0x61, 0x61, 0x61, 0x61, 0x7E]
        let otherBytes: [UInt8] = [0x09, 0x1B, 0x7F, 0xC3]
        var random = SystemRandomNumberGenerator()
        var plain = 0
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                Int.random(in: 0..<60, using: &random) == 0 ? otherBytes.randomElement(using: &random)! : plainBytes.randomElement(using: &random)!
            }
            let expected = plainByBytes(bytes)
            if expected { plain += 1 }
            XCTAssertEqual(bytes.withUnsafeBufferPointer { TerminalText.isPlainLines($0) }, expected, "\(bytes)")
        }
        XCTAssertGreaterThan(plain, 1_000, "the samples must include plain code too")
    }

    /// The eight-bytes-at-once check agrees with the byte-by-byte one for every byte at
    /// every place of a word and of the tail.
    func testPrintableASCIICheckFindsEveryOtherByteAnywhere() {
        for length in [1, 7, 8, 9, 16, 23] {
            for place in 0..<length {
                for byte in [0x00, 0x01, 0x1B, 0x1F, 0x20, 0x41, 0x7E, 0x7F, 0x80, 0x85, 0xC2, 0xFF] as [UInt8] {
                    var bytes = [UInt8](repeating: 0x61, count: length)
                    bytes[place] = byte
                    let expected = byte >= 0x20 && byte < 0x7F
                    XCTAssertEqual(bytes.withUnsafeBufferPointer { $0.isPrintableASCII }, expected, "0x\(String(byte, radix: 16)) at \(place) of \(length)")
                }
            }
        }
    }
}

/// When `--color` colours: the explicit choices win; `auto` follows the terminal, `NO_COLOR`
/// (any non-empty value) and `TERM=dumb`.
final class TerminalColorChoiceTests: XCTestCase {
    func testChoice() {
        XCTAssertTrue(TerminalColor.enabled("always", isTerminal: false, environment: ["NO_COLOR": "1"]))
        XCTAssertFalse(TerminalColor.enabled("never", isTerminal: true, environment: [:]))
        XCTAssertTrue(TerminalColor.enabled("auto", isTerminal: true, environment: ["TERM": "xterm-256color"]))
        XCTAssertFalse(TerminalColor.enabled("auto", isTerminal: false, environment: [:]))
        XCTAssertFalse(TerminalColor.enabled("auto", isTerminal: true, environment: ["NO_COLOR": "1"]))
        XCTAssertTrue(TerminalColor.enabled("auto", isTerminal: true, environment: ["NO_COLOR": ""]))
        XCTAssertFalse(TerminalColor.enabled("auto", isTerminal: true, environment: ["TERM": "dumb"]))
    }

    /// The same eight-bytes-at-a-time scan finds a quote or a backslash anywhere, so a JSON
    /// string with one in any place is escaped and reads back as it was.
    func testJSONQuotingFindsQuoteAndBackslashAnywhere() throws {
        for length in [1, 7, 8, 9, 16, 23] {
            for place in 0..<length {
                for byte in [0x22, 0x5C, 0x0A, 0x7F, 0x41] as [UInt8] {
                    var bytes = [UInt8](repeating: 0x61, count: length)
                    bytes[place] = byte
                    let text = String(decoding: bytes, as: UTF8.self)
                    let quoted = JSONText.quoted(text)
                    let back = try JSONSerialization.jsonObject(with: Data("[\(quoted)]".utf8)) as? [String]
                    XCTAssertEqual(back, [text], "0x\(String(byte, radix: 16)) at \(place) of \(length)")
                    if byte == 0x22 || byte == 0x5C { XCTAssertEqual(quoted.utf8.count, length + 3) }
                }
            }
        }
    }
}

