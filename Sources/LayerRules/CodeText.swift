import LayerGeometry

/// Numbers and Core Graphics values as they are written in Swift and Objective-C fixes.
enum CodeText {
    /// At most two decimals, no trailing zeros: 12, 12.5, 0.33. A magnitude of 10^15 or more
    /// keeps its exponent (`1.23e+17`, a literal Swift and C both read): cutting the text
    /// after the dot would turn 1.23e+17 into 1.23. Callers pass finite numbers only
    /// (`isWritable`): rules stay silent rather than write a fix no compiler reads, so the
    /// `.infinity` spelling below is a last resort that keeps a bad caller from crashing.
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return v.isNaN ? ".nan" : v < 0 ? "-.infinity" : ".infinity" }
        if abs(v) < 1e13 {
            // Below 10^15 hundredths the nearest double to h / 100 prints as that decimal,
            // so the digits are written from the integer (`WordsText.append(number:)`).
            var text = WordsText()
            text.append(number: v)
            return text.string
        }
        if abs(v) >= 1e15 { return String(v) }
        let rounded = (v * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var s = String(rounded)
        if let dot = s.firstIndex(of: "."), s.distance(from: dot, to: s.endIndex) > 3 {
            s = String(s[..<s.index(dot, offsetBy: 3)])
        }
        return s
    }

    /// Whether every number can be written as a literal in fix code.
    static func isWritable(_ a: Double, _ b: Double) -> Bool { a.isFinite && b.isFinite }

    static func isWritable(_ r: Rect) -> Bool { isWritable(r.minX, r.minY) && isWritable(r.maxX, r.maxY) }

    static func swiftRect(_ r: Rect) -> String { spelled { $0.append(swiftRect: r) } }

    static func objcRect(_ r: Rect) -> String { spelled { $0.append(objcRect: r) } }

    private static func spelled(_ write: (inout WordsText) -> Void) -> String {
        var text = WordsText()
        write(&text)
        return text.string
    }

    /// A name inside a `//` comment of a fix: a line break (or U+0085, U+2028, U+2029,
    /// which some editors also break at) would end the comment and make the rest of the
    /// name code, so each is written as its Swift escape, `\u{A}`.
    static func comment(_ name: String) -> String {
        func breaks(_ s: Unicode.Scalar) -> Bool { (0x0A...0x0D).contains(s.value) || [0x85, 0x2028, 0x2029].contains(s.value) }
        guard name.unicodeScalars.contains(where: breaks) else { return name }
        var out = ""
        for s in name.unicodeScalars {
            if breaks(s) { out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}" } else { out.unicodeScalars.append(s) }
        }
        return out
    }

    /// `x y w h` as reports show frames.
    static func rect(_ r: Rect) -> String { spelled { $0.append(rect: r) } }

    static func swiftCorners(_ c: CornerMask) -> String {
        let names: [(CornerMask, String)] = [(.minXMinY, ".layerMinXMinYCorner"), (.maxXMinY, ".layerMaxXMinYCorner"),
                                             (.minXMaxY, ".layerMinXMaxYCorner"), (.maxXMaxY, ".layerMaxXMaxYCorner")]
        return "[" + names.filter { c.contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }

    static func objcCorners(_ c: CornerMask) -> String {
        let names: [(CornerMask, String)] = [(.minXMinY, "kCALayerMinXMinYCorner"), (.maxXMinY, "kCALayerMaxXMinYCorner"),
                                             (.minXMaxY, "kCALayerMinXMaxYCorner"), (.maxXMaxY, "kCALayerMaxXMaxYCorner")]
        return names.filter { c.contains($0.0) }.map(\.1).joined(separator: " | ")
    }

    /// UIRectCorner names (iOS: minY is the top edge).
    static func uiRectCorners(_ c: CornerMask, objc: Bool) -> String {
        let names: [(CornerMask, String, String)] = [(.minXMinY, ".topLeft", "UIRectCornerTopLeft"), (.maxXMinY, ".topRight", "UIRectCornerTopRight"),
                                                     (.minXMaxY, ".bottomLeft", "UIRectCornerBottomLeft"), (.maxXMaxY, ".bottomRight", "UIRectCornerBottomRight")]
        let picked = names.filter { c.contains($0.0) }
        return objc ? picked.map(\.2).joined(separator: " | ") : "[" + picked.map(\.1).joined(separator: ", ") + "]"
    }

    /// Swift and Objective-C expressions for the CGPath of a rounded rectangle, choosing the
    /// constructor whose corners match: `UIBezierPath(roundedRect:)` draws continuous
    /// corners, `CGPath(roundedRect:)` circular ones.
    static func pathExpressions(_ r: Rect, radius: Double, curve: CornerCurve, corners: CornerMask) -> (swift: String, objc: String) {
        (spelled { $0.append(path: r, radius: radius, curve: curve, corners: corners, objc: false) },
         spelled { $0.append(path: r, radius: radius, curve: curve, corners: corners, objc: true) })
    }
}
