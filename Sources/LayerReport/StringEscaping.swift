// Small string helpers for the reporters, which stay free of Foundation.

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
