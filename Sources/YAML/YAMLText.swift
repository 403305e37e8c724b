/// Writing YAML by hand (configuration, baselines): the one quoting that is always valid.
public enum YAMLText {
    /// A double-quoted scalar, whatever the text: unquoted, `*` would start an alias, `#` a
    /// comment and `[` a list. Characters YAML does not allow raw (C0 and C1 controls,
    /// DEL) are escaped, which JSON's quoting alone would leave in.
    public static func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
