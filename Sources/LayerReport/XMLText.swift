/// Escaping for the XML formats (JUnit, Checkstyle).
///
/// The five markup characters become entities, so no text can close an element (`</`)
/// or a section (`]]>`: its ">" is `&gt;`; the reports write no CDATA). XML 1.0 cannot
/// carry most C0 controls nor U+FFFE and U+FFFF, not even as character references, and a
/// parser rejects the whole report over one of them: they are written as their Swift
/// escape, `\u{1B}`, like the other disguising scalars (C1, bidirectional overrides, line
/// separators), because people read these reports in CI pages.
enum XMLText {
    /// Text for an attribute value in double quotes. Line breaks and tabs become character
    /// references, because a parser turns literal ones in attributes into spaces.
    static func attribute(_ s: String) -> String { escape(s, inAttribute: true) }

    /// Text for element content.
    static func content(_ s: String) -> String { escape(s, inAttribute: false) }

    /// The markup characters, which both escapings change: text without them (and
    /// printable ASCII) is written as it is.
    static func isMarkup(_ b: UInt8) -> Bool { b == 0x26 || b == 0x3C || b == 0x3E || b == 0x22 || b == 0x27 }

    private static func escape(_ s: String, inAttribute: Bool) -> String {
        // Most text is printable ASCII without markup (and, in content, line breaks and
        // tabs): one pass over the bytes, no copy.
        var copy = s
        let plain = copy.withUTF8 { bytes in
            !bytes.contains { b in
                (b &- 0x20 >= 0x5F && (inAttribute || (b != 0x0A && b != 0x09)))
                    || b == 0x26 || b == 0x3C || b == 0x3E || b == 0x22 || b == 0x27
            }
        }
        if plain { return s }
        // Built as UTF-8 bytes: appended scalar by scalar to a `String`, each cost a few
        // hundred instructions.
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 16)
        func append(_ text: StaticString) {
            text.withUTF8Buffer { out.append(contentsOf: $0) }
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": append("&amp;")
            case "<": append("&lt;")
            case ">": append("&gt;")
            case "\"": append("&quot;")
            case "'": append("&apos;")
            case "\n": if inAttribute { append("&#10;") } else { out.append(0x0A) }
            case "\t": if inAttribute { append("&#9;") } else { out.append(0x09) }
            // A parser turns a literal CR (and CR LF) into LF; the reference keeps it.
            case "\r": append("&#13;")
            case _ where scalar.isDisguising || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out.append(contentsOf: scalar.visibleEscape.utf8)
            default: UTF8.encode(scalar) { out.append($0) }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
