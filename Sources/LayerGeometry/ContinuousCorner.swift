/// Apple's continuous ("squircle") corner as three cubic Béziers joined by two short lines,
/// the shape `UIBezierPath(roundedRect:cornerRadius:)` draws since iOS 7 (and CALayer with
/// `cornerCurve = .continuous`). The numbers are the widely used measurement of UIKit's
/// own path published by PaintCode ("Code for iOS 7 rounded rectangles", 2013), made
/// symmetric. They are in units of the corner radius, as (u, v): u is the distance from
/// the corner along the edge the curve starts on, v along the edge it ends on.
///
/// The curve leaves the straight edge `extent` = 1.52866483 radii from the corner (a
/// circular corner leaves it 1 radius away) and eases its curvature in, which is what
/// removes the visible "kink" where a quarter circle meets a line.
enum ContinuousCorner {
    /// How far along each edge the curve reaches, in radii.
    static let extent = 1.52866483

    enum Step {
        case curve(Point, Point, Point)  // control 1, control 2, end
        case line(Point)
    }

    static let start = Point(x: extent, y: 0)

    static let steps: [Step] = [
        .curve(Point(x: 1.08849299, y: 0), Point(x: 0.86840701, y: 0), Point(x: 0.66993397, y: 0.06549600)),
        .line(Point(x: 0.63149399, y: 0.07491100)),
        .curve(Point(x: 0.37282401, y: 0.16906001), Point(x: 0.16906001, y: 0.37282401),
               Point(x: 0.07491100, y: 0.63149399)),
        .line(Point(x: 0.06549600, y: 0.66993397)),
        .curve(Point(x: 0, y: 0.86840701), Point(x: 0, y: 1.08849299), Point(x: 0, y: extent)),
    ]

    /// The corner flattened finely (64 pieces per cubic, chord error < 1e-5 radii), from
    /// (extent, 0) to (0, extent): u falls and v rises monotonically along it.
    static let polyline: [Point] = {
        var points = [start]
        var current = start
        for step in steps {
            switch step {
            case .line(let p):
                points.append(p); current = p
            case .curve(let c1, let c2, let p):
                for i in 1...64 { points.append(Bezier.cubic(current, c1, c2, p, Double(i) / 64)) }
                current = p
            }
        }
        return points
    }()

    /// The polyline's pieces in runs of 16, each with the box around its points: a
    /// distance query skips a run whose box is already farther than the nearest piece
    /// found, so it measures a few dozen of the ~200 pieces, and gets the same minimum.
    private static let runs: [(minX: Double, minY: Double, maxX: Double, maxY: Double, pieces: Range<Int>)] = {
        var runs: [(minX: Double, minY: Double, maxX: Double, maxY: Double, pieces: Range<Int>)] = []
        var first = 1
        while first < polyline.count {
            let end = Swift.min(first + 16, polyline.count)
            let points = polyline[(first - 1)..<end]
            runs.append((points.map(\.x).min()!, points.map(\.y).min()!, points.map(\.x).max()!, points.map(\.y).max()!,
                         first..<end))
            first = end
        }
        return runs
    }()

    /// The distance from `p` to the polyline, in radii: the least distance to any of its
    /// pieces, as a loop over all of them gives.
    static func distanceToPolyline(_ p: Point) -> Double {
        var best = Double.infinity
        // The run nearest by its box first, so that the others are mostly skipped.
        func boxDistance(_ k: Int) -> Double {
            let r = runs[k]
            let dx = Swift.max(r.minX - p.x, 0, p.x - r.maxX), dy = Swift.max(r.minY - p.y, 0, p.y - r.maxY)
            return (dx * dx + dy * dy).squareRoot()
        }
        func scan(_ k: Int) {
            for i in runs[k].pieces { best = Swift.min(best, Segment(polyline[i - 1], polyline[i]).distance(to: p)) }
        }
        var nearest = 0, nearestDistance = Double.infinity
        for k in runs.indices {
            let d = boxDistance(k)
            if d < nearestDistance { nearest = k; nearestDistance = d }
        }
        scan(nearest)
        // A margin far above rounding: a run is skipped only when it cannot hold a piece
        // whose computed distance ties the best.
        for k in runs.indices where k != nearest && boxDistance(k) <= best * (1 + 1e-9) { scan(k) }
        return best
    }

    /// The distance from the corner to the nearest point of the curve, in radii (it is
    /// on the diagonal, by symmetry): 0.4123, against √2 − 1 = 0.4142 for a circular
    /// corner, so this distance alone gives the radius but not the kind of corner.
    static let cornerDistance: Double = {
        var best = Double.infinity
        for i in 1..<polyline.count {
            best = Swift.min(best, Segment(polyline[i - 1], polyline[i]).distance(to: .zero))
        }
        return best
    }()

    /// Area cut off the square corner (between the two edges and the curve), in radii².
    static let cutArea: Double = {
        // Shoelace over the closed outline corner → curve start → curve → curve end.
        var area = 0.0
        let ring = [Point.zero] + polyline
        for i in 0..<ring.count {
            let a = ring[i], b = ring[(i + 1) % ring.count]
            area += a.x * b.y - b.x * a.y
        }
        return abs(area) / 2
    }()

    /// Length of the curve, in radii.
    static let length: Double = {
        var total = 0.0
        for i in 1..<polyline.count { total += polyline[i].distance(to: polyline[i - 1]) }
        return total
    }()

    /// v of the curve at a given u in [0, extent] (the curve is a function of u).
    static func curveV(atU u: Double) -> Double {
        // polyline u decreases from extent to 0: binary search the segment holding u.
        var lo = 0, hi = polyline.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if polyline[mid].x >= u { lo = mid } else { hi = mid }
        }
        let a = polyline[lo], b = polyline[hi]
        let span = a.x - b.x
        if span <= 0 { return Swift.min(a.y, b.y) }
        return a.y + (b.y - a.y) * (a.x - u) / span
    }
}

/// A straight piece between two points.
struct Segment {
    var a: Point
    var b: Point
    init(_ a: Point, _ b: Point) { self.a = a; self.b = b }

    func distance(to p: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        var t = lengthSquared > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared : 0
        t = Swift.min(1, Swift.max(0, t))
        return p.distance(to: Point(x: a.x + t * dx, y: a.y + t * dy))
    }

    func point(at t: Double) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
    var length: Double { a.distance(to: b) }
}

extension Point {
    func distance(to other: Point) -> Double {
        let dx = x - other.x, dy = y - other.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
