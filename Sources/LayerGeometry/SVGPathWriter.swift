/// Writes a `Path` as SVG path data with absolute commands only (M L Q C Z), one space
/// between tokens, numbers in their shortest form that reads back to the same Double:
/// `SVGPathParser().parse(SVGPathWriter().string(for: p)) == p` for any path that starts
/// each subpath with a moveTo and has finite coordinates.
public struct SVGPathWriter: Sendable {
    public init() {}

    public func string(for path: Path) -> String {
        var out = ""
        out.reserveCapacity(path.elements.count * 16)
        for element in path.elements {
            if !out.isEmpty { out += " " }
            switch element {
            case .moveTo(let p): out += "M" + pair(p)
            case .lineTo(let p): out += "L" + pair(p)
            case .quadCurveTo(let c, let p): out += "Q" + pair(c) + " " + pair(p)
            case .curveTo(let c1, let c2, let p): out += "C" + pair(c1) + " " + pair(c2) + " " + pair(p)
            case .closeSubpath: out += "Z"
            }
        }
        return out
    }

    private func pair(_ p: Point) -> String { Self.number(p.x) + " " + Self.number(p.y) }

    /// Integers without ".0" and -0 as "0"; anything else in Swift's shortest round-trip
    /// spelling ("0.1", "1e-05"), which SVG's number grammar accepts. NaN and infinity have
    /// no SVG spelling: they come out as "nan"/"inf" so the text fails to parse instead of
    /// quietly meaning another shape.
    static func number(_ v: Double) -> String {
        if v == 0 { return "0" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return v.description
    }
}
