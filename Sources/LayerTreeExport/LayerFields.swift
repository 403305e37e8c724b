/// The syntax a dump is written in.
public enum DumpTextSyntax: String, Sendable, CaseIterable {
    case yaml, json
}

/// A layer's own keys (all but `mask` and `sublayers`) as text, in the order the format's
/// table lists them, each only when its value differs from `CALayer`'s default: a dump
/// lists what differs from a fresh layer, and a reader fills in the rest.
struct LayerFields {
    let syntax: DumpTextSyntax
    private(set) var fields: [(key: String, value: String)] = []

    /// Every key the v1 format defines for a layer: an extra with one of these names is
    /// left out rather than written as a duplicate key.
    static let layerKeys: Set<String> = [
        "class", "name", "view", "frame", "bounds", "position", "anchorPoint", "transform", "sublayerTransform",
        "zPosition", "opacity", "hidden", "allowsGroupOpacity", "backgroundColor", "borderWidth", "borderColor",
        "cornerRadius", "cornerCurve", "maskedCorners", "masksToBounds", "contents", "contentsGravity",
        "shadowOpacity", "shadowRadius", "shadowOffset", "shadowColor", "shadowPath", "path", "fillColor",
        "strokeColor", "lineWidth", "shouldRasterize", "rasterizationScale", "offscreenCount", "unknown",
        "animations", "mask", "sublayers",
    ]

    init(_ l: ExportedLayer, syntax: DumpTextSyntax) {
        self.syntax = syntax
        if let name = l.name { add("name", string(name)) }
        if let view = l.viewClass { add("view", string(view)) }
        if l.className != "CALayer" { add("class", string(l.className)) }
        addGeometry(l)
        if !l.transform.isIdentity { add("transform", numbers(l.transform.dumpNumbers)) }
        if !l.sublayerTransform.isIdentity { add("sublayerTransform", numbers(l.sublayerTransform.dumpNumbers)) }
        if l.zPosition != 0 { add("zPosition", number(l.zPosition)) }
        if l.opacity != 1 { add("opacity", number(l.opacity)) }
        if l.isHidden { add("hidden", "true") }
        if !l.allowsGroupOpacity { add("allowsGroupOpacity", "false") }
        if let c = l.backgroundColor { add("backgroundColor", color(c)) }
        if l.borderWidth != 0 { add("borderWidth", number(l.borderWidth)) }
        if l.borderColor != .black { add("borderColor", color(l.borderColor)) }
        if l.cornerRadius != 0 { add("cornerRadius", number(l.cornerRadius)) }
        if l.cornerCurve != .circular { add("cornerCurve", string(l.cornerCurve.rawValue)) }
        if l.maskedCorners != .all { add("maskedCorners", words(l.maskedCorners.names)) }
        if l.masksToBounds { add("masksToBounds", "true") }
        if let c = l.contents { add("contents", contents(c)) }
        if l.contentsGravity != .resize { add("contentsGravity", string(l.contentsGravity.rawValue)) }
        addShadow(l.shadow)
        if let s = l.shape { addShape(s) }
        if l.shouldRasterize { add("shouldRasterize", "true") }
        if l.rasterizationScale != 1 { add("rasterizationScale", number(l.rasterizationScale)) }
        if let n = l.offscreenCount { add("offscreenCount", String(n)) }
        if !l.unknown.isEmpty { add("unknown", words(l.unknown)) }
        // An empty list is written: it says that nothing animates, which no key at all does not.
        if let a = l.animations { add("animations", list(a.map(animation))) }
        var written = Set<String>()
        for extra in l.extras where !Self.layerKeys.contains(extra.key) && written.insert(extra.key).inserted {
            fields.append((key(extra.key), JSONFragment.normalized(extra.json, syntax: syntax)))
        }
    }

    /// `frame` when it says exactly what `bounds` and `position` say (bounds at the
    /// origin, and the position computed back from the frame is bit for bit the same);
    /// else `bounds` and `position`, each when not the default. Then `anchorPoint`.
    private mutating func addGeometry(_ l: ExportedLayer) {
        let b = l.bounds, p = l.position, a = l.anchorPoint
        let x = p.x - a.x * b.size.width, y = p.y - a.y * b.size.height
        if b == .zero && p == .zero {
            // Nothing to say: both are the defaults.
        } else if b.origin == .zero, b.size.width >= 0, b.size.height >= 0,
                  x + a.x * b.size.width == p.x, y + a.y * b.size.height == p.y {
            add("frame", numbers([x, y, b.size.width, b.size.height]))
        } else {
            if b != .zero { add("bounds", numbers([b.origin.x, b.origin.y, b.size.width, b.size.height])) }
            if p != .zero { add("position", numbers([p.x, p.y])) }
        }
        if a != ExportedPoint(x: 0.5, y: 0.5) { add("anchorPoint", numbers([a.x, a.y])) }
    }

    private mutating func addShadow(_ s: ExportedShadow) {
        let d = ExportedShadow()
        if s.opacity != d.opacity { add("shadowOpacity", number(s.opacity)) }
        if s.radius != d.radius { add("shadowRadius", number(s.radius)) }
        if s.offset != d.offset { add("shadowOffset", numbers([s.offset.width, s.offset.height])) }
        if s.color != d.color { add("shadowColor", color(s.color)) }
        if let p = s.path { add("shadowPath", ScalarText.quoted(p)) }
    }

    private mutating func addShape(_ s: ExportedShape) {
        let d = ExportedShape()
        if let p = s.path { add("path", ScalarText.quoted(p)) }
        if s.fillColor != d.fillColor { add("fillColor", color(s.fillColor)) }
        if s.strokeColor != d.strokeColor { add("strokeColor", color(s.strokeColor)) }
        if s.lineWidth != d.lineWidth { add("lineWidth", number(s.lineWidth)) }
    }

    private mutating func add(_ name: String, _ value: String) { fields.append((key(name), value)) }

    // MARK: Values

    func key(_ k: String) -> String { syntax == .json ? ScalarText.quoted(k) : ScalarText.yaml(k) }
    func string(_ s: String) -> String { syntax == .json ? ScalarText.quoted(s) : ScalarText.yaml(s) }
    func number(_ v: Double) -> String { NumberText.text(v) }
    func numbers(_ v: [Double]) -> String { "[" + v.map(NumberText.text).joined(separator: ", ") + "]" }
    func words(_ w: [String]) -> String { "[" + w.map(string).joined(separator: ", ") + "]" }
    /// Always quoted: in YAML an unquoted `#` starts a comment.
    func color(_ c: RGBAColor?) -> String { c.map { ScalarText.quoted($0.hex) } ?? "null" }

    func contents(_ c: ExportedContents) -> String {
        let parts = [("width", c.pixelWidth), ("height", c.pixelHeight), ("scale", c.scale)]
            .compactMap { name, v in v.map { key(name) + ": " + number($0) } }
        if parts.isEmpty { return "true" }
        return syntax == .json ? "{ " + parts.joined(separator: ", ") + " }" : "{" + parts.joined(separator: ", ") + "}"
    }
}
