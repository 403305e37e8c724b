/// Writing YAML by hand (configuration, baselines): the one quoting that is always valid.
public enum YAMLText {
    /// A double-quoted scalar, whatever the text: unquoted, `*` would start an alias, `#` a
    /// comment and `[` a list. Characters YAML does not allow raw (C0 and C1 controls,
    /// DEL, U+FFFE and U+FFFF) are escaped, which JSON's quoting alone would leave in.
    public static func doubleQuoted(_ text: String) -> String {
        // Text with nothing to escape is only put in quotes: built scalar by scalar, a
        // baseline's ten thousand layer paths took as long as the lint that found them.
        if text.utf8.withContiguousStorageIfAvailable(needsNoEscape) == true { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `doubleQuoted(text)` appended to UTF-8 output: text with nothing to escape is
    /// copied between quotes in place (a baseline writes four strings an entry).
    public static func appendDoubleQuoted(_ text: String, to out: inout [UInt8]) {
        var text = text
        let copied = text.withUTF8 { utf8 in
            guard needsNoEscape(utf8) else { return false }
            out.append(UInt8(ascii: "\"")); out.append(contentsOf: utf8); out.append(UInt8(ascii: "\""))
            return true
        }
        if !copied { out.append(contentsOf: doubleQuoted(text).utf8) }
    }

    /// Whether `doubleQuoted` leaves these bytes as they are: no quote, and every byte
    /// one it writes raw (`writesRaw`).
    private static func needsNoEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        for i in utf8.indices {
            if utf8[i] == UInt8(ascii: "\"") || !writesRaw(utf8, at: i) { return false }
        }
        return true
    }

    /// Whether `doubleQuoted` writes the byte at `i` of this UTF-8 text as it is (a quote
    /// aside): no backslash, C0 or C1 control character, DEL, U+FFFE or U+FFFF, which
    /// YAML does not take raw (U+0080–U+009F are 0xC2 0x80–0x9F in UTF-8, U+FFFE and
    /// U+FFFF 0xEF 0xBF 0xBE and 0xBF). Readers of what it wrote ask the same, byte by
    /// byte: inlinable, so that their loops do not call across modules for every byte.
    @inlinable
    public static func writesRaw(_ utf8: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        let byte = utf8[i]
        if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") { return false }
        if byte == 0xC2 { return i + 1 < utf8.count && utf8[i + 1] >= 0xA0 }
        if byte == 0xEF, i + 2 < utf8.count, utf8[i + 1] == 0xBF, utf8[i + 2] >= 0xBE { return false }
        return true
    }
}
