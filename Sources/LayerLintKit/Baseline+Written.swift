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
        while at < bytes.count {
            guard take("  - file: "), let file = quoted(), take("\n") else { return nil }
            var screen = ""
            if take("    screen: ") {
                guard let s = quoted(), take("\n") else { return nil }
                screen = s
            }
            guard take("    rule: "), let rule = quoted(), take("\n"),
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
        let matches = literal.withUTF8Buffer { expected in
            (0..<n).allSatisfy { bytes[at + $0] == expected[$0] }
        }
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
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return nil }
        let start = at + 1
        var i = start
        while i < bytes.count && bytes[i] != UInt8(ascii: "\"") {
            guard isPlain(i) else { return nil }
            i += 1
        }
        guard i < bytes.count else { return nil }
        at = i + 1
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
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
