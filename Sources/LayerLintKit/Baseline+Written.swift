#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayerModel
import LayerReport
import YAML

/// The form `Baseline.fileText` writes, read without a YAML parser: libyaml and the
/// composed tree took 40,000 instructions an entry, as long as linting the dump it was
/// written from. Only that exact form is read here (comment lines, `version: 1`, then
/// each entry's keys in their order, every string quoted with nothing escaped); anything
/// else, hand-edited or broken, is read by the YAML parser, which gives the same counts
/// for a file both can read and names the place of every error.
extension Baseline {
    /// The counts of a file in the written form, nil when it is in any other.
    static func writtenCounts(_ text: String) -> [FindingKey: Int]? {
        var text = text
        return text.withUTF8 { utf8 in
            var reader = WrittenForm(bytes: utf8)
            return reader.counts()
        }
    }
}

private struct WrittenForm {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func counts() -> [FindingKey: Int]? {
        while at < bytes.count && bytes[at] == UInt8(ascii: "#") {
            guard let end = lineEnd() else { return nil }
            at = end + 1
        }
        guard take("version: 1\n") else { return nil }
        while take("\n") {}
        if take("findings: []\n") { return at == bytes.count ? [:] : nil }
        guard take("findings:\n") else { return nil }
        var counts: [FindingKey: Int] = [:]
        // Room for every entry at once (each has at least four lines): a growing table
        // hashed the four strings of every key it held again at each doubling.
        counts.reserveCapacity(lineCount(from: at) / 4)
        var files = Remembered(), screens = Remembered(), rules = Remembered()
        while at < bytes.count {
            guard take("  - file: "), let file = quoted(remembering: &files), take("\n") else { return nil }
            var screen = ""
            if take("    screen: ") {
                guard let s = quoted(remembering: &screens), take("\n") else { return nil }
                screen = s
            }
            guard take("    rule: "), let rule = quoted(remembering: &rules), take("\n"),
                  take("    layer: "), let layer = quoted(), take("\n"),
                  take("    count: "), let count = count(), take("\n"),
                  !file.isEmpty, !rule.isEmpty, !layer.isEmpty else { return nil }
            counts[FindingKey(file: file, screen: screen, rule: rule, layerPath: layer), default: 0] += count
        }
        return counts
    }

    /// Takes `literal` if the text goes on with it.
    private mutating func take(_ literal: StaticString) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard at + n <= bytes.count else { return false }
        let matches = literal.withUTF8Buffer { memcmp(bytes.baseAddress! + at, $0.baseAddress!, n) == 0 }
        if matches { at += n }
        return matches
    }

    /// The index of the line break that ends the current line; nil at the end of the
    /// text or at anything a comment of the written form does not hold.
    private func lineEnd() -> Int? {
        var i = at
        while i < bytes.count {
            if bytes[i] == 0x0A { return i }
            guard isPlain(i) || bytes[i] == 0x09 else { return nil }
            i += 1
        }
        return nil
    }

    /// Whether the byte at `i` is one the written form holds raw: one `YAMLText` quoting
    /// writes as it is (an escape goes to the YAML parser).
    private func isPlain(_ i: Int) -> Bool { YAMLText.writesRaw(bytes, at: i) }

    /// A double-quoted string of plain bytes (`isPlain`); nil for anything else.
    private mutating func quoted() -> String? {
        quotedBytes().map { String(decoding: $0, as: UTF8.self) }
    }

    /// The last string read of one field, and its bytes in the file.
    private struct Remembered {
        var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        var text = ""
    }

    /// The same, the string made once while the field repeats: entries of one file,
    /// snapshot and rule follow one another, and then share one string.
    private mutating func quoted(remembering last: inout Remembered) -> String? {
        guard let utf8 = quotedBytes() else { return nil }
        if utf8.count != last.bytes.count || (utf8.count > 0 && memcmp(utf8.baseAddress!, last.bytes.baseAddress!, utf8.count) != 0) {
            last = Remembered(bytes: utf8, text: String(decoding: utf8, as: UTF8.self))
        }
        return last.text
    }

    /// The bytes between the quotes of a double-quoted string of plain bytes (`isPlain`).
    /// Printable ASCII is passed over eight bytes at a time; the byte it stops at is the
    /// closing quote, or one `isPlain` decides (a backslash or a control is not).
    private mutating func quotedBytes() -> UnsafeBufferPointer<UInt8>? {
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return nil }
        let start = at + 1
        var i = bytes.end(ofPrintableFrom: start, orJSONSpecial: true)
        while i < bytes.count && bytes[i] != UInt8(ascii: "\"") {
            guard isPlain(i) else { return nil }
            i = bytes.end(ofPrintableFrom: i + 1, orJSONSpecial: true)
        }
        guard i < bytes.count else { return nil }
        at = i + 1
        return UnsafeBufferPointer(rebasing: bytes[start..<i])
    }

    /// How many line breaks the text holds from `start` on.
    private func lineCount(from start: Int) -> Int {
        var n = 0
        for i in start..<bytes.count where bytes[i] == 0x0A { n += 1 }
        return n
    }

    /// A count as it is written: digits, above 0, not too many for an `Int`.
    private mutating func count() -> Int? {
        var i = at
        while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9"), i - at < 18 { i += 1 }
        guard i > at, let n = Int(String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<i]), as: UTF8.self)), n > 0 else {
            return nil
        }
        at = i
        return n
    }
}
