// Small string helpers for the reporters, which stay free of Foundation.

import LayerModel

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return s
    }
}

extension String {
    /// Each scalar of the table replaced by its text (no Foundation). Scalars, not
    /// Characters: "\r\n" or "%" followed by a combining mark is one Character, which a
    /// Character-wise replacement would miss.
    func escaping(_ table: [Unicode.Scalar: String]) -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let replacement = table[scalar] { out += replacement } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// Every occurrence of `token` replaced by `replacement`, matching scalars.
    func replacingScalars(of token: String, with replacement: String) -> String {
        let scalars = Array(unicodeScalars), pattern = Array(token.unicodeScalars)
        guard !pattern.isEmpty else { return self }
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            if i + pattern.count <= scalars.count && scalars[i..<(i + pattern.count)].elementsEqual(pattern) {
                out.append(contentsOf: replacement.unicodeScalars)
                i += pattern.count
            } else {
                out.append(scalars[i]); i += 1
            }
        }
        return String(out)
    }
}

extension Unicode.Scalar {
    /// Scalars that change how the text around them is shown instead of showing
    /// themselves: C0 controls (line breaks, ESC that starts terminal sequences), DEL, C1
    /// controls (U+009B is a one-byte CSI to some terminals), the Unicode line and
    /// paragraph separators, and the bidirectional formatting characters that reorder
    /// what follows them on screen ("Trojan Source"). No format shows them raw when they
    /// come from a dump, a path or an error message.
    var isDisguising: Bool {
        let v = value
        if v < 0x20 || (v >= 0x7F && v <= 0x9F) { return true }
        if v < 0x061C { return false }
        return v == 0x061C || v == 0x200E || v == 0x200F || (0x2028...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    /// The scalar as Swift writes it in a literal, `\u{1B}`: visible, and readable back.
    var visibleEscape: String { "\\u{" + String(value, radix: 16, uppercase: true) + "}" }
}

extension String {
    /// Whether the text is printable ASCII only (see `isPrintableASCII`).
    var isPrintableASCII: Bool {
        var s = self
        return s.withUTF8 { $0.isPrintableASCII }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The scalar whose UTF-8 starts at `i` of these bytes, which a `String` gave (so
    /// well-formed), and its length; nil at a continuation byte. The escapings that go
    /// through text a byte at a time decode a scalar only where they must look at it.
    func scalar(startingAt i: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        let lead = self[i]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        guard lead & 0xC0 != 0x80 else { return nil }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard i + length <= count else { return nil }
        var value = UInt32(lead) & (0x7F >> UInt32(length))
        for k in 1..<length { value = value << 6 | UInt32(self[i + k] & 0x3F) }
        return Unicode.Scalar(value).map { ($0, length) }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether this UTF-8 text holds a scalar that `Unicode.Scalar.isDisguising` marks,
    /// found from the bytes: a C0 control or DEL (one byte), a C1 control (C2 80–9F),
    /// U+061C (D8 9C), U+200E–200F and U+2028–202E (E2 80 …), U+2066–2069 (E2 81 A6–A9).
    /// Text without one escapes to itself, whatever else it holds ("×", "é"), so a
    /// message need not be rebuilt scalar by scalar to find that out.
    var hasDisguisingScalar: Bool {
        var i = 0
        while i < count {
            // Printable ASCII is none of them: runs of it are passed eight bytes at a time.
            i = end(ofPrintableFrom: i)
            guard i < count else { break }
            let b = self[i]
            if b < 0x80 {
                if b < 0x20 || b == 0x7F { return true }
                i += 1
                continue
            }
            // A run of other scalars (a Japanese name) is gone through here, a byte at a
            // time: only three lead bytes can start a disguising scalar.
            repeat {
                let lead = self[i]
                if (lead == 0xC2 || lead == 0xD8 || lead == 0xE2) && startsDisguisingScalar(at: i) { return true }
                i += 1
            } while i < count && self[i] >= 0x80
        }
        return false
    }

    /// Whether the bytes at `i`, which start with 0xC2, 0xD8 or 0xE2, are a disguising scalar.
    private func startsDisguisingScalar(at i: Int) -> Bool {
        let next = i + 1 < count ? self[i + 1] : 0
        switch self[i] {
        case 0xC2: return next <= 0x9F
        case 0xD8: return next == 0x9C
        default:
            let third = i + 2 < count ? self[i + 2] : 0
            if next == 0x80 && (third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third)) { return true }
            return next == 0x81 && (0xA6...0xA9).contains(third)
        }
    }
}
