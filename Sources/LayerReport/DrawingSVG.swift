import LayerGeometry

/// Writes a `SnapshotDrawing` as SVG elements: the svg report on its own, the html report
/// inline. Every string from the dump (paths, classes, names) goes through `XMLText`, which
/// is also safe in HTML: it escapes all five markup characters.
///
/// Each layer is one `<rect>` in its own space under the transform to the root's; its
/// classes say how it is painted, so the html report's before/after toggle is one class
/// on the page, not a redraw: `pN` (passes now, 3 for 3 or more), `qN` (after fixes),
/// `clip` (masksToBounds), `mask`; a shadow is a dotted outline of its own (`shadow`).
struct DrawingSVG {
    var drawing: SnapshotDrawing
    /// Written in `id`s (`l<prefix>-<k>`) so an html page with several drawings can find
    /// a layer's element; nil writes no ids.
    var idPrefix: String?
    /// Diff marks by item: `new`, `fixed` or `changed`, written as class `m-<mark>`.
    var marks: [Int: String] = [:]

    /// The CSS the standalone svg carries; the html report has the same rules in its own.
    static let style = """
        .l{fill:none;stroke:#8a94a3;stroke-width:0.75px;vector-effect:non-scaling-stroke}
        .clip{stroke:#3b4a5e;stroke-width:1.25px}
        .mask{stroke:#b0369a;stroke-dasharray:4 3}
        .shadow{fill:none;stroke:#6a6f78;stroke-width:0.75px;stroke-dasharray:1 2;vector-effect:non-scaling-stroke}
        .p1{fill:#ffe566}.p2{fill:#ffd21f}.p3{fill:#f0b400}
        .bg{fill:#f7f8fa;stroke:#5b6572;stroke-width:1px;vector-effect:non-scaling-stroke}
        """

    /// A whole `<svg>` element, `width` CSS pixels wide (the viewport's width in points
    /// when nil), with `style` inside when `standalone`.
    func element(width: Double? = nil, standalone: Bool) -> String {
        let v = drawing.viewport
        let w = width ?? v.width
        let h = v.width > 0 ? w * v.height / v.width : v.height
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(Self.n(v.minX)) \(Self.n(v.minY)) \(Self.n(v.width)) \(Self.n(v.height))\""
        out += " width=\"\(Self.n(w))\" height=\"\(Self.n(h))\" class=\"ll-drawing\" role=\"img\">"
        if standalone { out += "<style>" + Self.style + "</style>" }
        out += "<rect class=\"bg\" x=\"\(Self.n(v.minX))\" y=\"\(Self.n(v.minY))\" width=\"\(Self.n(v.width))\" height=\"\(Self.n(v.height))\"/>"
        // Shadows first: they sit under everything the layer and its siblings draw.
        for item in drawing.items {
            guard let s = item.shadow else { continue }
            out += "<rect class=\"shadow\" transform=\"\(Self.matrix(item.transform))\"" + Self.rectAttributes(s, radius: item.cornerRadius) + "/>"
        }
        for (k, item) in drawing.items.enumerated() {
            var classes = "l"
            if item.passes > 0 { classes += " p\(min(item.passes, 3))" }
            if item.passesAfterFixes > 0 { classes += " q\(min(item.passesAfterFixes, 3))" }
            if item.masksToBounds { classes += " clip" }
            if item.isMask { classes += " mask" }
            if let mark = marks[k] { classes += " m-" + mark }
            out += "<rect"
            if let idPrefix { out += " id=\"l\(idPrefix)-\(k)\" data-i=\"\(k)\"" }
            out += " class=\"\(classes)\" transform=\"\(Self.matrix(item.transform))\"" + Self.rectAttributes(item.bounds, radius: item.cornerRadius)
            out += "><title>" + XMLText.content(HumanText.path(item.path))
            if item.passes > 0 { out += " — \(item.passes) offscreen pass\(item.passes == 1 ? "" : "es")" }
            out += "</title></rect>"
        }
        out += "</svg>"
        return out
    }

    static func rectAttributes(_ r: Rect, radius: Double) -> String {
        var out = " x=\"\(n(r.minX))\" y=\"\(n(r.minY))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\""
        if radius > 0 {
            let rx = min(radius, r.width / 2, r.height / 2)
            out += " rx=\"\(n(rx))\""
        }
        return out
    }

    static func matrix(_ t: [Double]) -> String {
        if t[0] == 1 && t[1] == 0 && t[2] == 0 && t[3] == 1 { return "translate(\(n(t[4])) \(n(t[5])))" }
        return "matrix(" + t.map(n).joined(separator: " ") + ")"
    }

    /// A number for an attribute: at most 3 decimals, finite (a degenerate transform
    /// could give infinity, which SVG cannot parse).
    static func n(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let r = (v * 1000).rounded() / 1000
        if r == r.rounded(), abs(r) < 1e15 { return String(Int(r)) }
        return String(r)
    }
}
