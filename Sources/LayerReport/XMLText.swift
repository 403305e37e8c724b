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

    /// The bytes that mark text both escapings may change, once the text is known to hold
    /// no disguising scalar (`TerminalText`'s fast paths): the markup characters, and 0xEF,
    /// which starts U+FFFE and U+FFFF (and the rest of U+F000...U+FFFF, which then takes the
    /// escaping's own pass). With the markup alone, a layer named "card\u{FFFE}" went raw
    /// into a checkstyle message and made the whole report unreadable to a parser.
    static let special = ByteSet(0x26, 0x3C, 0x3E, 0x22, 0x27, 0xEF)

    private static func escape(_ s: String, inAttribute: Bool) -> String {
        var copy = s
        return copy.withUTF8 { bytes in
            // Most text is printable ASCII without markup (and, in content, line breaks
            // and tabs): one pass over the bytes, no copy.
            let plain = !bytes.contains { b in
                (b &- 0x20 >= 0x5F && (inAttribute || (b != 0x0A && b != 0x09))) || isMarkup(b)
            }
            if plain { return s }
            // So is text with other scalars ("カード", "é") and none that either escaping
            // changes: no markup, no disguising scalar, nothing from U+F000 on.
            if !special.occurs(in: bytes) && !bytes.hasDisguisingScalar { return s }
            return String(decoding: escaped(bytes, inAttribute: inAttribute), as: UTF8.self)
        }
    }

    /// The escaping of valid UTF-8, made from the bytes: runs that need nothing are copied
    /// whole, and a scalar of two or more bytes is decoded only to ask whether it is one
    /// to show as an escape. (Scalar by scalar through `String`'s view, a path of Japanese
    /// names cost ten times its ASCII twin in the JUnit and checkstyle reports.)
    private static func escaped(_ bytes: UnsafeBufferPointer<UInt8>, inAttribute: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var run = 0, i = 0
        /// Writes the bytes before `i` as they are, then `text` for the scalar of `length`
        /// bytes at `i`.
        func replace(_ length: Int, with text: some Sequence<UInt8>) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
            out.append(contentsOf: text)
            i += length
            run = i
        }
        func replace(with entity: StaticString) { entity.withUTF8Buffer { replace(1, with: $0) } }
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x80 {
                switch b {
                case 0x26: replace(with: "&amp;")
                case 0x3C: replace(with: "&lt;")
                case 0x3E: replace(with: "&gt;")
                case 0x22: replace(with: "&quot;")
                case 0x27: replace(with: "&apos;")
                case 0x0A where inAttribute: replace(with: "&#10;")
                case 0x09 where inAttribute: replace(with: "&#9;")
                // A parser turns a literal CR (and CR LF) into LF; the reference keeps it.
                case 0x0D: replace(with: "&#13;")
                case 0x0A, 0x09: i += 1
                case _ where b < 0x20 || b == 0x7F: replace(1, with: Unicode.Scalar(b).visibleEscape.utf8)
                default: i += 1
                }
                continue
            }
            // A `String`'s bytes are well-formed; were one not, it would be copied as it is.
            guard let (scalar, length) = bytes.scalar(startingAt: i) else { i += 1; continue }
            if scalar.isDisguising || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                replace(length, with: scalar.visibleEscape.utf8)
            } else {
                i += length
            }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        return out
    }
}
