/// JSON string quoting, shared by the decoder (extra keys) and the writers (the JSON,
/// SARIF and reviewdog reports).
///
/// Beyond what JSON requires (quote, backslash, C0 controls), DEL, the C1 controls, the
/// line and paragraph separators U+2028 and U+2029 (line breaks to JavaScript before
/// ES2019 and to many log viewers) and the bidirectional formatting characters are
/// written as `\u` escapes: the value is unchanged for a parser, and the raw report shown
/// in a terminal or a diff can neither run escape sequences nor reorder a line. Strings
/// hold valid Unicode (Swift repairs invalid UTF-8 in a path with U+FFFD when it makes
/// the `String`), so no lone surrogate can be written.
public enum JSONText {
    public static func quoted(_ s: String) -> String {
        var s = s
        // Most values (rule ids, paths, messages) are printable ASCII without a quote or
        // a backslash: one pass over the bytes, one copy.
        let plain = s.withUTF8 { bytes in !bytes.contains { $0 &- 0x20 >= 0x5F || $0 == 0x22 || $0 == 0x5C } }
        if plain { return "\"" + s + "\"" }
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where needsEscape(scalar.value):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `quoted(s)`, appended to UTF-8 output without making a `String` of it: the
    /// writers quote every key and value of a report this way.
    public static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        var s = s
        let done = s.withUTF8 { bytes -> Bool in
            guard !bytes.contains(where: { $0 &- 0x20 >= 0x5F || $0 == 0x22 || $0 == 0x5C }) else { return false }
            out.append(0x22)
            out.append(contentsOf: bytes)
            out.append(0x22)
            return true
        }
        if !done { out.append(contentsOf: quoted(s).utf8) }
    }

    /// C0, DEL, C1, U+061C, U+200E/F, U+2028...U+202E, U+2066...U+2069: all in the BMP,
    /// so one `\u` escape each.
    private static func needsEscape(_ v: UInt32) -> Bool {
        if v < 0x20 || (v >= 0x7F && v <= 0x9F) { return true }
        if v < 0x061C { return false }
        return v == 0x061C || v == 0x200E || v == 0x200F || (0x2028...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}
