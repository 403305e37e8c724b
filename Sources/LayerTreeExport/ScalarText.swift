/// Text and keys as YAML and JSON need them written.
enum ScalarText {
    /// A double-quoted string, valid in JSON and in YAML alike: quotes, backslashes and
    /// every character YAML does not allow unescaped (controls, DEL, C1 controls, the line
    /// and paragraph separators, the byte-order mark) are escaped.
    static func quoted(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `s` as a YAML scalar: plain when every YAML reader (1.1 and 1.2, block and flow
    /// context) takes it back as exactly this text, else double-quoted.
    static func yaml(_ s: String) -> String {
        isPlainSafe(s) ? s : quoted(s)
    }

    /// Letters first, then letters, digits and `_ . $ / ( ) < > + -` with inner single
    /// spaces; never a word a reader resolves to null, a boolean or a number. No `:`,
    /// `#`, `,`, brackets or quotes, so neither block nor flow context can misread it.
    static func isPlainSafe(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, isLetter(first) || first == "_" || first == "$",
              s.unicodeScalars.last != " " else { return false }
        var previousWasSpace = false
        for c in s.unicodeScalars {
            if c == " " {
                if previousWasSpace { return false }
                previousWasSpace = true
                continue
            }
            previousWasSpace = false
            guard isLetter(c) || ("0"..."9").contains(c) || "_.$/()<>+-".unicodeScalars.contains(c) else { return false }
        }
        return !reservedWords.contains(s.lowercased())
    }

    private static func isLetter(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) || ("A"..."Z").contains(c) }

    /// Null, booleans (YAML 1.1's too) and the non-finite number spellings.
    private static let reservedWords: Set<String> = [
        "null", "true", "false", "yes", "no", "on", "off", "y", "n", "inf", "nan", "infinity",
    ]
}
