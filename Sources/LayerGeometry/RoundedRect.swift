/// The clip shape of a layer with `cornerRadius` and `masksToBounds`: its bounds with the
/// `corners` (maskedCorners) rounded.
///
/// Containment is conservative: "contained" means surely inside what Core Animation
/// clips to. For `.continuous` corners the exact curve depends on UIKit internals, so each
/// rounded corner is treated as a quarter circle of radius `cornerExtent` (1.52866483 ×
/// radius, at most half the shorter side): that circle leaves the edges exactly where the
/// continuous curve does and lies inside it everywhere else, so a point inside it is inside
/// the real clip, while a point that would be inside a circular corner of `radius` may not be.
public struct RoundedRect: Sendable, Equatable {
    public var rect: Rect
    public var radius: Double
    public var corners: CornerMask
    public var curve: CornerCurve

    public init(rect: Rect, radius: Double, corners: CornerMask = .all, curve: CornerCurve = .circular) {
        self.rect = rect
        self.radius = radius
        self.corners = corners
        self.curve = curve
    }

    /// The radius drawn: Core Animation clamps `cornerRadius` to [0, min(w, h)/2].
    public var effectiveRadius: Double {
        guard !rect.isNull else { return 0 }
        let halfShort = Swift.min(rect.width, rect.height) / 2
        return radius > 0 ? Swift.min(radius, halfShort) : 0  // `radius > 0` is false for NaN
    }

    /// How far each rounded corner reaches along its two edges from the corner point:
    /// the radius for circular corners; for continuous ones 1.52866483 × radius, at most
    /// half the shorter side (where UIKit switches to a capsule).
    public var cornerExtent: Double {
        let r = effectiveRadius
        guard curve == .continuous else { return r }
        return Swift.min(r * ContinuousCorner.extent, Swift.min(rect.width, rect.height) / 2)
    }

    /// The outline as a path (see `PathBuilder.roundedRect`).
    public var path: Path { PathBuilder.roundedRect(rect, radius: effectiveRadius, curve: curve, corners: corners) }

    /// Whether `p` is inside, allowing it to stick out by `tolerance` points.
    public func contains(_ p: Point, tolerance: Double = 0.01) -> Bool {
        guard !rect.isNull, p.x.isFinite, p.y.isFinite,
              rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite
        else { return false }
        return signedDistance(p) <= Swift.max(0, tolerance)
    }

    /// Whether the whole of `r` is inside: the shape is convex, so its four corners decide.
    public func contains(_ r: Rect, tolerance: Double = 0.01) -> Bool {
        guard !r.isNull else { return false }
        return r.corners.allSatisfy { contains($0, tolerance: tolerance) }
    }

    /// Whether the polygon with these vertices (a transformed rectangle, say) is inside:
    /// by convexity, all vertices inside is enough. No points is "not contained": there is
    /// nothing to show it is inside.
    public func containsQuad(_ points: [Point], tolerance: Double = 0.01) -> Bool {
        !points.isEmpty && points.allSatisfy { contains($0, tolerance: tolerance) }
    }

    /// Negative inside, positive outside, in points, using the conservative corners.
    func signedDistance(_ p: Point) -> Double {
        let r = rect.standardized
        let corner = QuadrantCorner(of: p, in: r)
        let extent = corners.contains(corner.mask) ? cornerExtent : 0
        return CornerShape.circular(radius: extent).signedDistance(u: corner.u, v: corner.v)
    }
}

/// A point seen from the rectangle corner nearest to it: u and v are its distances from
/// that corner's two edges, positive inwards. For shapes built from a rectangle by
/// rounding corners (all within half a side), the boundary nearest to a point is always
/// in its own quarter, so one corner's view is enough to measure distances exactly.
struct QuadrantCorner {
    var mask: CornerMask
    var u: Double  // inward from the vertical edge (x = minX or maxX)
    var v: Double  // inward from the horizontal edge (y = minY or maxY)

    init(of p: Point, in r: Rect) {
        let left = p.x <= r.midX, low = p.y <= r.midY
        u = left ? p.x - r.minX : r.maxX - p.x
        v = low ? p.y - r.minY : r.maxY - p.y
        mask = switch (left, low) {
        case (true, true): .minXMinY
        case (false, true): .maxXMinY
        case (true, false): .minXMaxY
        case (false, false): .maxXMaxY
        }
    }
}

/// One corner of a rectangle-like outline, measured in that corner's (u, v) frame.
enum CornerShape {
    /// A quarter circle of `radius` tangent to both edges (radius 0: a square corner).
    case circular(radius: Double)
    /// Apple's continuous corner of this radius (reaching 1.52866483 radii along each edge).
    case continuous(radius: Double)

    /// Signed distance from (u, v) to the outline of the quarter: the two edges and this
    /// corner. Negative inside.
    func signedDistance(u: Double, v: Double) -> Double {
        switch self {
        case .circular(let r):
            // The rectangle-minus-rounded-corner distance (a box of corner radius r).
            let qx = r - u, qy = r - v
            let outside = (Swift.max(qx, 0) * Swift.max(qx, 0) + Swift.max(qy, 0) * Swift.max(qy, 0)).squareRoot()
            return outside + Swift.min(Swift.max(qx, qy), 0) - r
        case .continuous(let r):
            return continuousDistance(u: u, v: v, radius: r)
        }
    }

    private func continuousDistance(u: Double, v: Double, radius r: Double) -> Double {
        let e = r * ContinuousCorner.extent
        guard r > 0 else { return CornerShape.circular(radius: 0).signedDistance(u: u, v: v) }
        // Distance to the two straight edges beyond the curve (rays from e outwards)...
        var best = Swift.min(Segment.rayDistance(along: u, across: v, from: e),
                             Segment.rayDistance(along: v, across: u, from: e))
        // ...and to the curve, unless its bounding square is already farther than `best`.
        let dx = Swift.max(0, u - e, -u), dy = Swift.max(0, v - e, -v)
        if (dx * dx + dy * dy).squareRoot() < best {
            best = Swift.min(best, ContinuousCorner.distanceToPolyline(Point(x: u / r, y: v / r)) * r)
        }
        let inside = u >= 0 && v >= 0 && !(u < e && v < e && v < r * ContinuousCorner.curveV(atU: u / r))
        return inside ? -best : best
    }
}

extension Segment {
    /// Distance from a point to the ray {(t, 0) : t ≥ from}, in a frame where the point is
    /// (along, across).
    static func rayDistance(along: Double, across: Double, from: Double) -> Double {
        let d = Swift.max(0, from - along)
        return (d * d + across * across).squareRoot()
    }
}
