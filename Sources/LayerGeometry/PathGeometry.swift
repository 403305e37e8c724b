/// Measurements of paths beyond the control-point box: the tight box of the curve itself,
/// points on curves, and mapping a path through a transform.
extension Path {
    /// The smallest rectangle holding the curve itself (CGPath's `boundingBoxOfPath`):
    /// curve extremes are found from the roots of the derivative, so a circle built from
    /// arcs starting anywhere still gets its exact box. Null for a path without points.
    public var pathBoundingBox: Rect {
        var box = BoxAccumulator()
        var current = Point.zero
        var subpathStart = Point.zero
        for element in elements {
            switch element {
            case .moveTo(let p):
                box.add(p); current = p; subpathStart = p
            case .lineTo(let p):
                box.add(p); current = p
            case .quadCurveTo(let c, let p):
                box.addQuad(current, c, p); current = p
            case .curveTo(let c1, let c2, let p):
                box.addCubic(current, c1, c2, p); current = p
            case .closeSubpath:
                current = subpathStart
            }
        }
        return box.rect
    }

    /// Every point mapped through `transform`. Exact for affine transforms (Béziers are
    /// preserved by affine maps); with perspective, control points are mapped as points,
    /// which only approximates the projected curve.
    public func applying(_ transform: Transform3D) -> Path {
        let t = transform
        return Path(elements: elements.map { element in
            switch element {
            case .moveTo(let p): .moveTo(t.apply(p))
            case .lineTo(let p): .lineTo(t.apply(p))
            case .quadCurveTo(let c, let p): .quadCurveTo(control: t.apply(c), to: t.apply(p))
            case .curveTo(let c1, let c2, let p):
                .curveTo(control1: t.apply(c1), control2: t.apply(c2), to: t.apply(p))
            case .closeSubpath: .closeSubpath
            }
        })
    }
}

/// Points on Bézier curves (de Casteljau form written out).
enum Bezier {
    static func quad(_ p0: Point, _ c: Point, _ p1: Point, _ t: Double) -> Point {
        let u = 1 - t
        return Point(x: u * u * p0.x + 2 * u * t * c.x + t * t * p1.x,
                     y: u * u * p0.y + 2 * u * t * c.y + t * t * p1.y)
    }

    static func cubic(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, _ t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(x: a * p0.x + b * c1.x + c * c2.x + d * p1.x,
                     y: a * p0.y + b * c1.y + c * c2.y + d * p1.y)
    }
}

/// Grows a box point by point; curve extremes come from the derivative's roots.
struct BoxAccumulator {
    var minX = Double.infinity, minY = Double.infinity
    var maxX = -Double.infinity, maxY = -Double.infinity

    var rect: Rect {
        minX > maxX ? .null : Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    mutating func add(_ p: Point) {
        minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
        minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
    }

    mutating func addQuad(_ p0: Point, _ c: Point, _ p1: Point) {
        add(p0); add(p1)
        // B'(t) = 0 where t = (p0 - c) / (p0 - 2c + p1), per coordinate.
        if let t = quadRoot(p0.x, c.x, p1.x) { add(Bezier.quad(p0, c, p1, t)) }
        if let t = quadRoot(p0.y, c.y, p1.y) { add(Bezier.quad(p0, c, p1, t)) }
    }

    mutating func addCubic(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point) {
        add(p0); add(p1)
        // Each coordinate's roots as a pair, not an array: the arrays' allocations were
        // most of a path's bounding box (a rule asks it of every shadow path).
        let (x1, x2) = cubicRoots(p0.x, c1.x, c2.x, p1.x), (y1, y2) = cubicRoots(p0.y, c1.y, c2.y, p1.y)
        addCubicPoint(p0, c1, c2, p1, at: x1); addCubicPoint(p0, c1, c2, p1, at: x2)
        addCubicPoint(p0, c1, c2, p1, at: y1); addCubicPoint(p0, c1, c2, p1, at: y2)
    }

    private mutating func addCubicPoint(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, at t: Double) {
        if t > 0 && t < 1 { add(Bezier.cubic(p0, c1, c2, p1, t)) }
    }

    private func quadRoot(_ a: Double, _ b: Double, _ c: Double) -> Double? {
        let den = a - 2 * b + c
        guard den != 0 else { return nil }
        let t = (a - b) / den
        return t > 0 && t < 1 ? t : nil
    }

    /// Parameters where one coordinate of a cubic has zero derivative, NaN where there
    /// is none (the caller keeps those in (0, 1)):
    /// B'(t)/3 = (a - 2b + c) t² + 2 (b - a) t + a with a, b, c the control-point steps.
    private func cubicRoots(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> (Double, Double) {
        let a = p1 - p0, b = p2 - p1, c = p3 - p2
        let qa = a - 2 * b + c, qb = 2 * (b - a), qc = a
        if abs(qa) < 1e-12 * (abs(a) + abs(b) + abs(c) + 1e-300) {
            return (qb != 0 ? -qc / qb : .nan, .nan)
        }
        let disc = qb * qb - 4 * qa * qc
        guard disc >= 0 else { return (.nan, .nan) }
        let s = disc.squareRoot()
        return ((-qb + s) / (2 * qa), (-qb - s) / (2 * qa))
    }
}
