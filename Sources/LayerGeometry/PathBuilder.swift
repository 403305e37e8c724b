/// Paths for the shapes Core Animation and UIKit draw, built the way those frameworks
/// build them, so tests and fix messages speak of the same curves a real export contains.
/// All paths run clockwise on an iOS screen (y down): along the minY edge towards maxX first.
public enum PathBuilder {
    /// Handle length, in radii, of the one cubic that approximates a quarter circle:
    /// 4/3·(√2 − 1) = 0.5522847498, the value Core Graphics uses. The curve is exact at its
    /// ends and middle and strays at most 0.027 % of the radius elsewhere.
    public static let circleHandle = 0.5522847498

    public static func rect(_ rect: Rect) -> Path {
        guard !rect.isNull else { return Path() }
        let r = rect.standardized
        return Path(elements: [
            .moveTo(Point(x: r.minX, y: r.minY)), .lineTo(Point(x: r.maxX, y: r.minY)),
            .lineTo(Point(x: r.maxX, y: r.maxY)), .lineTo(Point(x: r.minX, y: r.maxY)), .closeSubpath,
        ])
    }

    /// A rectangle with the `corners` rounded. The radius is clamped to half the shorter
    /// side, as Core Animation clamps `cornerRadius`.
    ///
    /// `.circular`: one cubic (handle `circleHandle`) per corner.
    /// `.continuous`: Apple's corner, three cubics per corner reaching 1.52866483·radius
    /// along each edge (`ContinuousCorner`). When that reach does not fit in half the
    /// shorter side, UIKit gives up the continuous curve and draws a capsule with circular
    /// ends; this does the same (circular corners of radius half the shorter side).
    public static func roundedRect(_ rect: Rect, radius: Double, curve: CornerCurve,
                                   corners: CornerMask = .all) -> Path {
        guard !rect.isNull else { return Path() }
        let r = rect.standardized
        let halfShort = Swift.min(r.width, r.height) / 2
        var radius = radius > 0 ? Swift.min(radius, halfShort) : 0  // also maps NaN to 0
        var curve = curve
        if curve == .continuous && radius * ContinuousCorner.extent > halfShort {
            curve = .circular
            radius = halfShort
        }
        var path = OutlineWriter()
        // Each corner: the corner point, the direction back along the edge the outline
        // arrives on, and the direction along the edge it leaves by.
        let plan: [(CornerMask, Point, Point, Point)] = [
            (.maxXMinY, Point(x: r.maxX, y: r.minY), Point(x: -1, y: 0), Point(x: 0, y: 1)),
            (.maxXMaxY, Point(x: r.maxX, y: r.maxY), Point(x: 0, y: -1), Point(x: -1, y: 0)),
            (.minXMaxY, Point(x: r.minX, y: r.maxY), Point(x: 1, y: 0), Point(x: 0, y: -1)),
            (.minXMinY, Point(x: r.minX, y: r.minY), Point(x: 0, y: 1), Point(x: 1, y: 0)),
        ]
        let rounded = radius > 0 ? corners : []
        let reach = curve == .continuous ? radius * ContinuousCorner.extent : radius
        let startReach = rounded.contains(.minXMinY) ? reach : 0
        path.move(to: Point(x: r.minX + startReach, y: r.minY))
        for (mask, corner, arriving, leaving) in plan {
            func at(_ u: Double, _ v: Double) -> Point {
                Point(x: corner.x + radius * (u * arriving.x + v * leaving.x),
                      y: corner.y + radius * (u * arriving.y + v * leaving.y))
            }
            guard rounded.contains(mask) else {
                path.line(to: corner)
                continue
            }
            switch curve {
            case .circular:
                let k = 1 - circleHandle
                path.line(to: at(1, 0))
                path.curve(at(k, 0), at(0, k), at(0, 1))
            case .continuous:
                let s = ContinuousCorner.start
                path.line(to: at(s.x, s.y))
                for step in ContinuousCorner.steps {
                    switch step {
                    case .line(let p): path.line(to: at(p.x, p.y))
                    case .curve(let c1, let c2, let p): path.curve(at(c1.x, c1.y), at(c2.x, c2.y), at(p.x, p.y))
                    }
                }
            }
        }
        path.close()
        return path.path
    }

    /// The ellipse inscribed in `rect` as four cubics (Core Graphics' `addEllipse(in:)`),
    /// starting at the maxX end of the horizontal axis.
    public static func ellipse(in rect: Rect) -> Path {
        guard !rect.isNull else { return Path() }
        let r = rect.standardized
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        let kx = rx * circleHandle, ky = ry * circleHandle
        return Path(elements: [
            .moveTo(Point(x: cx + rx, y: cy)),
            .curveTo(control1: Point(x: cx + rx, y: cy + ky), control2: Point(x: cx + kx, y: cy + ry),
                     to: Point(x: cx, y: cy + ry)),
            .curveTo(control1: Point(x: cx - kx, y: cy + ry), control2: Point(x: cx - rx, y: cy + ky),
                     to: Point(x: cx - rx, y: cy)),
            .curveTo(control1: Point(x: cx - rx, y: cy - ky), control2: Point(x: cx - kx, y: cy - ry),
                     to: Point(x: cx, y: cy - ry)),
            .curveTo(control1: Point(x: cx + kx, y: cy - ry), control2: Point(x: cx + rx, y: cy - ky),
                     to: Point(x: cx + rx, y: cy)),
            .closeSubpath,
        ])
    }

    /// A star polygon: `points` outer tips alternating with inner vertices, the first tip
    /// straight towards minY from the centre. Fewer than two points give an empty path.
    public static func star(center: Point, outerRadius: Double, innerRadius: Double, points: Int) -> Path {
        guard points >= 2 else { return Path() }
        var elements: [PathElement] = []
        elements.reserveCapacity(2 * points + 1)
        for i in 0..<(2 * points) {
            let radius = i.isMultiple(of: 2) ? outerRadius : innerRadius
            let angle = -Double.pi / 2 + Double(i) * Double.pi / Double(points)
            let p = Point(x: center.x + radius * Math.cos(angle), y: center.y + radius * Math.sin(angle))
            elements.append(i == 0 ? .moveTo(p) : .lineTo(p))
        }
        elements.append(.closeSubpath)
        return Path(elements: elements)
    }
}

/// Appends elements while tracking the pen, dropping lines that go nowhere (a capsule's
/// short sides, square corners already reached) and a last line back to the start, which
/// the close draws anyway.
struct OutlineWriter {
    var path = Path()
    var current = Point.zero
    var start = Point.zero

    mutating func move(to p: Point) { path.elements.append(.moveTo(p)); current = p; start = p }

    mutating func line(to p: Point) {
        guard p != current else { return }
        path.elements.append(.lineTo(p)); current = p
    }

    mutating func curve(_ c1: Point, _ c2: Point, _ p: Point) {
        path.elements.append(.curveTo(control1: c1, control2: c2, to: p)); current = p
    }

    mutating func close() {
        if path.elements.last == .lineTo(start) { path.elements.removeLast() }
        path.elements.append(.closeSubpath)
        current = start
    }
}
