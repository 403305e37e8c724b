/// A shape a path was recognised as; see `ShapeRecognizer`.
public enum RecognizedShape: Sendable, Equatable {
    case rectangle(Rect)
    /// Uniform radius; `corners` are the rounded ones (others square); `curve` is
    /// `.continuous` for Apple's squircle-style corners, whose radius is reported as the
    /// `cornerRadius` that draws them (the curve reaches 1.52866483 × radius along each edge).
    case roundedRectangle(Rect, radius: Double, curve: CornerCurve, corners: CornerMask)
    /// A circle when width == height (within tolerance).
    case ellipse(Rect)
}

/// Recognises paths that are, within a tolerance, an axis-aligned rectangle, rounded
/// rectangle or ellipse: the shapes a layer can draw by itself (bounds, cornerRadius,
/// a circle by cornerRadius = side/2) instead of through a CAShapeLayer or a mask.
///
/// It judges geometry, not element sequences, so any constructor's curves qualify: Core
/// Graphics' cubics, SVG arcs, quadratic approximations, either direction, any starting
/// point, redundant points, with or without a closing Z. The method:
///  1. the path must be one closed subpath with finite coordinates;
///  2. its tight bounding box is the candidate rectangle;
///  3. for each corner of the box, the distance d from the corner to the path: within
///     tolerance, the corner is square; otherwise it is rounded, and d gives the radius
///     (a circular corner of radius r passes (√2 − 1)·r from its corner, a continuous one
///     0.4123·r);
///  4. each candidate shape (ellipse, rectangle, circular and continuous rounded
///     rectangle with the mean radius of the rounded corners) is checked: every point of
///     the path within `tolerance` of its outline, and the enclosed area within
///     tolerance × perimeter of its area (so the path goes round exactly once). An
///     ellipse that fits wins; otherwise the candidate that fits most closely.
/// Each step walks the path once, with bounded work per element, so time is linear in
/// its length. docs/geometry.md has the details and the limits.
public struct ShapeRecognizer: Sendable {
    /// How far, in points, the path may stray from the shape it is recognised as.
    public var tolerance: Double

    public init(tolerance: Double = 0.5) {
        self.tolerance = tolerance
    }

    public func recognize(_ path: Path) -> RecognizedShape? {
        guard let (outline, candidates) = candidates(path) else { return nil }
        var best: (model: OutlineModel, error: Double)?
        for model in candidates {
            // A candidate is measured only as far as it could still fit more closely than
            // the best so far: a circular corner also fits a continuous one within the
            // tolerance, and measuring the continuous curve is the costly part.
            guard let error = fitError(outline, model, under: best?.error) else { continue }
            // An ellipse that fits wins outright: a circle is also a square with radius
            // side/2, and a capsule barely longer than wide is also an ellipse.
            if case .ellipse = model { return model.recognizedShape }
            if best == nil || error < best!.error { best = (model, error) }
        }
        return best?.model.recognizedShape
    }

    /// The outline of `path` and the shapes it may be, in the order they are tried (steps
    /// 1 to 3 above, and step 4's candidates); nil when it can be none.
    func candidates(_ path: Path) -> (ClosedOutline, [OutlineModel])? {
        guard tolerance.isFinite, tolerance > 0,
              let outline = ClosedOutline(path, tolerance: tolerance) else { return nil }
        let box = outline.boundingBox
        guard !box.isNull, box.width > tolerance, box.height > tolerance,
              box.width.isFinite, box.height.isFinite else { return nil }

        let distances = cornerDistances(outline, box)
        var rounded: CornerMask = []
        var roundedDistances: [Double] = []
        for (mask, d) in distances where d > tolerance {
            rounded.insert(mask)
            roundedDistances.append(d)
        }
        var candidates: [OutlineModel] = []
        if rounded == .all { candidates.append(.ellipse(box)) }
        if rounded.isEmpty {
            candidates.append(.roundedRect(box, corners: [], shape: .circular(radius: 0)))
        } else {
            let d = roundedDistances.reduce(0, +) / Double(roundedDistances.count)
            let halfShort = Swift.min(box.width, box.height) / 2
            var circular = Swift.min(d / (2.0.squareRoot() - 1), halfShort)
            // A capsule's radius is half its short side, exactly.
            if halfShort - circular < tolerance / 4 { circular = halfShort }
            candidates.append(.roundedRect(box, corners: rounded, shape: .circular(radius: circular)))
            let continuous = d / ContinuousCorner.cornerDistance
            // A continuous corner that does not fit is drawn by UIKit as a capsule (above).
            if continuous * ContinuousCorner.extent <= halfShort + tolerance / 4 {
                let fitted = Swift.min(continuous, halfShort / ContinuousCorner.extent)
                candidates.append(.roundedRect(box, corners: rounded, shape: .continuous(radius: fitted)))
            }
        }
        return (outline, candidates)
    }

    /// For each corner of `box`, the distance from it to the path.
    private func cornerDistances(_ outline: ClosedOutline, _ box: Rect) -> [(CornerMask, Double)] {
        let masks: [CornerMask] = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]
        let points = [Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY),
                      Point(x: box.minX, y: box.maxY), Point(x: box.maxX, y: box.maxY)]
        return Array(zip(masks, outline.distances(to: points)))
    }

    /// The largest distance between the path and the model's outline, or nil when that
    /// exceeds the tolerance, reaches `bound` (when given), or the path does not enclose
    /// the model's area once.
    func fitError(_ outline: ClosedOutline, _ model: OutlineModel, under bound: Double?) -> Double? {
        var worst = 0.0
        var twiceArea = 0.0
        var failed = false
        outline.forEachPiece(tolerance: tolerance) { a, b, isExact in
            guard !failed else { return }
            twiceArea += a.x * b.y - b.x * a.y
            var error = abs(model.signedDistance(b))
            if isExact {
                error = Swift.max(error, abs(model.signedDistance(a)), -deepestPoint(of: Segment(a, b), in: model))
            }
            worst = Swift.max(worst, error)
            if worst > tolerance || bound.map({ worst >= $0 }) == true { failed = true }
        }
        guard !failed else { return nil }
        let areaGap = abs(abs(twiceArea / 2) - model.area)
        guard areaGap <= tolerance * model.perimeter else { return nil }
        return worst
    }

    /// The smallest signed distance along a straight piece. Signed distance to a convex
    /// shape is convex along a line, so a golden-section search finds it; this catches a
    /// line that cuts inside the shape between two points on its outline (a bevel).
    private func deepestPoint(of piece: Segment, in model: OutlineModel) -> Double {
        guard piece.length > tolerance / 4 else {
            return Swift.min(model.signedDistance(piece.a), model.signedDistance(piece.b))
        }
        return GoldenSection.minimum(in: 0...1) { model.signedDistance(piece.point(at: $0)) }
    }
}

/// A candidate shape with the measures the recogniser checks a path against.
enum OutlineModel {
    case ellipse(Rect)
    case roundedRect(Rect, corners: CornerMask, shape: CornerShape)

    /// Negative inside, positive outside, in points. Exact for rectangles and rounded
    /// rectangles; for the ellipse the first-order (Sampson) distance |F|/|∇F|, which is
    /// exact on the outline and good to a small fraction of the gap near it.
    func signedDistance(_ p: Point) -> Double {
        switch self {
        case .ellipse(let r):
            let a = r.width / 2, b = r.height / 2
            let x = p.x - r.midX, y = p.y - r.midY
            let f = (x * x) / (a * a) + (y * y) / (b * b) - 1
            let gx = 2 * x / (a * a), gy = 2 * y / (b * b)
            let gradient = (gx * gx + gy * gy).squareRoot()
            return gradient > 0 ? f / gradient : -Swift.min(a, b)
        case .roundedRect(let r, let corners, let shape):
            let corner = QuadrantCorner(of: p, in: r)
            let cornerShape = corners.contains(corner.mask) ? shape : .circular(radius: 0)
            return cornerShape.signedDistance(u: corner.u, v: corner.v)
        }
    }

    var area: Double {
        switch self {
        case .ellipse(let r):
            return Double.pi * r.width * r.height / 4
        case .roundedRect(let r, let corners, let shape):
            let cut: Double = switch shape {
            case .circular(let radius): (4 - Double.pi) / 4 * radius * radius
            case .continuous(let radius): ContinuousCorner.cutArea * radius * radius
            }
            return r.width * r.height - Double(corners.names.count) * cut
        }
    }

    var perimeter: Double {
        switch self {
        case .ellipse(let r):
            // Ramanujan's approximation; far more precise than the area check needs.
            let a = r.width / 2, b = r.height / 2
            return Double.pi * (3 * (a + b) - ((3 * a + b) * (a + 3 * b)).squareRoot())
        case .roundedRect(let r, let corners, let shape):
            // Each rounded corner swaps two straight stretches of `reach` for its curve.
            let saved: Double = switch shape {
            case .circular(let radius): (2 - Double.pi / 2) * radius
            case .continuous(let radius): (2 * ContinuousCorner.extent - ContinuousCorner.length) * radius
            }
            return 2 * (r.width + r.height) - Double(corners.names.count) * saved
        }
    }

    var recognizedShape: RecognizedShape {
        switch self {
        case .ellipse(let r):
            return .ellipse(r)
        case .roundedRect(let r, let corners, let shape):
            switch shape {
            case .circular(let radius) where corners.isEmpty || radius == 0:
                return .rectangle(r)
            case .circular(let radius):
                return .roundedRectangle(r, radius: radius, curve: .circular, corners: corners)
            case .continuous(let radius):
                return .roundedRectangle(r, radius: radius, curve: .continuous, corners: corners)
            }
        }
    }
}
