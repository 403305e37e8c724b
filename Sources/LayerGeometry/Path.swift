/// One element of a CGPath-style path: what `CGPath.applyWithBlock` reports.
public enum PathElement: Sendable, Hashable {
    case moveTo(Point)
    case lineTo(Point)
    case quadCurveTo(control: Point, to: Point)
    case curveTo(control1: Point, control2: Point, to: Point)
    case closeSubpath
}

/// A path as Core Graphics stores it: absolute coordinates, arcs already turned into
/// cubic Béziers.
public struct Path: Sendable, Hashable {
    public var elements: [PathElement]
    public init(elements: [PathElement] = []) { self.elements = elements }

    /// The control-point bounding box (CGPath's `boundingBox`): it contains the curve.
    public var boundingBox: Rect {
        var box = Rect.null
        func add(_ p: Point) { box = box.union(Rect(x: p.x, y: p.y, width: 0, height: 0)) }
        for element in elements {
            switch element {
            case .moveTo(let p), .lineTo(let p): add(p)
            case .quadCurveTo(let c, let p): add(c); add(p)
            case .curveTo(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .closeSubpath: break
            }
        }
        return box
    }

    public var isEmpty: Bool { elements.isEmpty }
}
