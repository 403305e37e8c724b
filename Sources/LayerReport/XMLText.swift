/// Escaping for the XML formats (JUnit, Checkstyle).
enum XMLText {
    /// Text for an attribute value in double quotes. Line breaks and tabs become character
    /// references, because a parser turns literal ones in attributes into spaces.
    static func attribute(_ s: String) -> String { escape(s, inAttribute: true) }

    /// Text for element content.
    static func content(_ s: String) -> String { escape(s, inAttribute: false) }

    private static func escape(_ s: String, inAttribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += inAttribute ? "&#10;" : "\n"
            case "\t": out += inAttribute ? "&#9;" : "\t"
            // A parser turns a literal CR (and CR LF) into LF; the reference keeps it.
            case "\r": out += "&#13;"
            // XML 1.0 cannot carry other C0 controls at all, not even as references,
            // nor U+FFFE and U+FFFF.
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
