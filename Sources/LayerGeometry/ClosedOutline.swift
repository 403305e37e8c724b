/// The one closed subpath a shape must consist of, ready to be walked as straight pieces.
struct ClosedOutline {
    let start: Point
    /// The drawing elements after the moveTo, without the closeSubpath.
    let elements: ArraySlice<PathElement>

    /// The single subpath of `path` if it is closed (by Z, or by ending within `tolerance`
    /// of its start) and all its coordinates are finite; nil otherwise. Subpaths that draw
    /// nothing (a lone moveTo, "M Z") before or after it are ignored.
    init?(_ path: Path, tolerance: Double) {
        var start: Point?
        var first = -1, end = -1
        var closed = false
        for (i, element) in path.elements.enumerated() {
            switch element {
            case .moveTo(let p):
                guard p.x.isFinite, p.y.isFinite else { return nil }
                if first < 0 { start = p } else if end < 0 { end = i }  // the subpath ended
            case .closeSubpath:
                guard first >= 0 else { continue }  // "M Z" draws nothing: like a lone moveTo
                if end < 0 { end = i; closed = true }
            case .lineTo, .quadCurveTo, .curveTo:
                guard start != nil, end < 0 else { return nil }  // a second subpath, or no moveTo
                guard element.points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
                if first < 0 { first = i }
            }
        }
        guard let start, first >= 0 else { return nil }
        if end < 0 { end = path.elements.count }
        self.start = start
        self.elements = path.elements[first..<end]
        if !closed {
            guard let last = elements.last?.points.last, last.distance(to: start) <= tolerance else { return nil }
        }
    }

    /// The tight box of the outline.
    var boundingBox: Rect { Path(elements: [.moveTo(start)] + elements).pathBoundingBox }

    /// Calls `body` for each straight piece of the outline, in order, ending with the
    /// closing line back to the start. Lines come whole (`isExact` true); curves come as
    /// chords of points sampled finely enough that a chord is within `tolerance`/8 of its
    /// curve, at most 64 chords per curve so the walk stays linear in the path's length.
    func forEachPiece(tolerance: Double, _ body: (_ a: Point, _ b: Point, _ isExact: Bool) -> Void) {
        var current = start
        for element in elements {
            switch element {
            case .lineTo(let p):
                body(current, p, true)
                current = p
            case .quadCurveTo(let c, let p):
                // Chord error ≤ |p0 − 2c + p1| / (4n²).
                let n = Self.sampleCount(secondDifference: Self.secondDifference(current, c, p) / 4,
                                         tolerance: tolerance)
                var previous = current
                for i in 1...n {
                    let q = i == n ? p : Bezier.quad(current, c, p, Double(i) / Double(n))
                    body(previous, q, false)
                    previous = q
                }
                current = p
            case .curveTo(let c1, let c2, let p):
                // Chord error ≤ 3/4 · max second difference of the control points / n².
                let m = Swift.max(Self.secondDifference(current, c1, c2), Self.secondDifference(c1, c2, p))
                let n = Self.sampleCount(secondDifference: 0.75 * m, tolerance: tolerance)
                var previous = current
                for i in 1...n {
                    let q = i == n ? p : Bezier.cubic(current, c1, c2, p, Double(i) / Double(n))
                    body(previous, q, false)
                    previous = q
                }
                current = p
            case .moveTo, .closeSubpath:
                break
            }
        }
        body(current, start, true)
    }

    /// The distance from each of `targets` to the outline: exact for lines; for curves the
    /// nearest of 16 samples, then refined by a golden-section search between its
    /// neighbours (the distance is unimodal that close), good to ~1e-9 of the curve's size.
    ///
    /// A curve lies inside the box of its control points, so a target the box is farther
    /// from than the nearest piece so far skips the curve's samples: for a corner, the three
    /// other corners' curves. The box is widened far beyond the rounding of a sampled
    /// point, so a skipped curve could not have given a smaller distance, to the last bit.
    func distances(to targets: [Point]) -> [Double] {
        var nearest = [Double](repeating: .infinity, count: targets.count)
        func visitCurve(_ controls: Rect, _ point: (Double) -> Point) {
            for (k, target) in targets.enumerated() {
                let dx = Swift.max(controls.minX - target.x, 0, target.x - controls.maxX)
                let dy = Swift.max(controls.minY - target.y, 0, target.y - controls.maxY)
                let scale = Swift.max(abs(controls.minX), abs(controls.maxX), abs(controls.minY), abs(controls.maxY),
                                      abs(target.x), abs(target.y))
                if (dx * dx + dy * dy).squareRoot() - scale * 1e-9 > nearest[k] { continue }
                var bestT = 0.0, best = Double.infinity
                for i in 0...16 {
                    let t = Double(i) / 16
                    let d = point(t).distance(to: target)
                    if d < best { best = d; bestT = t }
                }
                let refined = GoldenSection.minimum(in: Swift.max(0, bestT - 1.0 / 16)...Swift.min(1, bestT + 1.0 / 16)) {
                    point($0).distance(to: target)
                }
                nearest[k] = Swift.min(nearest[k], best, refined)
            }
        }
        var current = start
        for element in elements {
            switch element {
            case .lineTo(let p):
                for (k, target) in targets.enumerated() {
                    nearest[k] = Swift.min(nearest[k], Segment(current, p).distance(to: target))
                }
                current = p
            case .quadCurveTo(let c, let p):
                let from = current
                visitCurve(Self.box(from, c, p)) { Bezier.quad(from, c, p, $0) }
                current = p
            case .curveTo(let c1, let c2, let p):
                let from = current
                visitCurve(Self.box(from, c1, c2, p)) { Bezier.cubic(from, c1, c2, p, $0) }
                current = p
            case .moveTo, .closeSubpath:
                break
            }
        }
        for (k, target) in targets.enumerated() {
            nearest[k] = Swift.min(nearest[k], Segment(current, start).distance(to: target))
        }
        return nearest
    }

    /// The box of a curve's control points, which holds the curve.
    private static func box(_ a: Point, _ b: Point, _ c: Point, _ d: Point? = nil) -> Rect {
        var box = BoxAccumulator()
        box.add(a); box.add(b); box.add(c)
        if let d { box.add(d) }
        return box.rect
    }

    private static func secondDifference(_ a: Point, _ b: Point, _ c: Point) -> Double {
        Point(x: a.x - 2 * b.x + c.x, y: a.y - 2 * b.y + c.y).distance(to: .zero)
    }

    /// n with bound/n² ≤ tolerance/8, at least 2 (so the middle is looked at) and at most 64.
    private static func sampleCount(secondDifference bound: Double, tolerance: Double) -> Int {
        let n = (8 * bound / tolerance).squareRoot().rounded(.up)
        return n < 64 ? Swift.max(2, Int(n)) : 64  // NaN and huge values go to 64
    }
}

extension PathElement {
    /// The points an element carries, end point last.
    var points: [Point] {
        switch self {
        case .moveTo(let p), .lineTo(let p): [p]
        case .quadCurveTo(let c, let p): [c, p]
        case .curveTo(let c1, let c2, let p): [c1, c2, p]
        case .closeSubpath: []
        }
    }
}

/// Minimum of a function that is unimodal on an interval.
enum GoldenSection {
    static func minimum(in range: ClosedRange<Double>, iterations: Int = 40, _ f: (Double) -> Double) -> Double {
        let ratio = (5.0.squareRoot() - 1) / 2
        var lo = range.lowerBound, hi = range.upperBound
        var t1 = hi - ratio * (hi - lo), t2 = lo + ratio * (hi - lo)
        var f1 = f(t1), f2 = f(t2)
        for _ in 0..<iterations {
            if f1 < f2 {
                hi = t2; t2 = t1; f2 = f1
                t1 = hi - ratio * (hi - lo); f1 = f(t1)
            } else {
                lo = t1; t1 = t2; f1 = f2
                t2 = lo + ratio * (hi - lo); f2 = f(t2)
            }
        }
        return Swift.min(f1, f2, f(range.lowerBound), f(range.upperBound))
    }
}
