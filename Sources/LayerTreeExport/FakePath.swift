// The C maths library for cos, sin and tan: the module stays free of Foundation elsewhere.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(ucrt)
import ucrt
#endif

/// Paths as Core Graphics stores them, for `FakeLayer`: `CGPath` keeps no arcs, ellipses
/// or rounded rectangles, only what `applyWithBlock` gives back (moves, lines, quadratic
/// and cubic curves, closes), so these build exactly those elements.
public enum FakePath {
    /// `CGPath(rect:transform:)`: a move, three lines and a close, clockwise from the origin.
    public static func rect(_ r: ExportedRect) -> [ExportedPathElement] {
        let x0 = r.origin.x, y0 = r.origin.y, x1 = x0 + r.size.width, y1 = y0 + r.size.height
        return [.move(to: p(x0, y0)), .line(to: p(x1, y0)), .line(to: p(x1, y1)), .line(to: p(x0, y1)), .close]
    }

    /// `CGPath(roundedRect:cornerWidth:cornerHeight:transform:)` with circular corners:
    /// straight edges and one cubic quarter arc per corner.
    public static func roundedRect(_ r: ExportedRect, cornerRadius: Double) -> [ExportedPathElement] {
        let x0 = r.origin.x, y0 = r.origin.y, x1 = x0 + r.size.width, y1 = y0 + r.size.height
        let c = min(cornerRadius, r.size.width / 2, r.size.height / 2)
        var out: [ExportedPathElement] = [.move(to: p(x1 - c, y0))]
        out += arc(center: p(x1 - c, y0 + c), radius: c, startAngle: -.pi / 2, endAngle: 0, clockwise: false).dropFirst()
        out.append(.line(to: p(x1, y1 - c)))
        out += arc(center: p(x1 - c, y1 - c), radius: c, startAngle: 0, endAngle: .pi / 2, clockwise: false).dropFirst()
        out.append(.line(to: p(x0 + c, y1)))
        out += arc(center: p(x0 + c, y1 - c), radius: c, startAngle: .pi / 2, endAngle: .pi, clockwise: false).dropFirst()
        out.append(.line(to: p(x0, y0 + c)))
        out += arc(center: p(x0 + c, y0 + c), radius: c, startAngle: .pi, endAngle: 3 * .pi / 2, clockwise: false).dropFirst()
        out.append(.close)
        return out
    }

    /// `CGPath(ellipseIn:transform:)`: four cubic quarter arcs.
    public static func ellipse(in r: ExportedRect) -> [ExportedPathElement] {
        let cx = r.origin.x + r.size.width / 2, cy = r.origin.y + r.size.height / 2
        let rx = r.size.width / 2, ry = r.size.height / 2
        // A circle's arcs, scaled: Core Graphics builds the ellipse the same way.
        let circle = arc(center: p(0, 0), radius: 1, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        func scaled(_ q: ExportedPoint) -> ExportedPoint { p(cx + q.x * rx, cy + q.y * ry) }
        return circle.map { e in
            switch e {
            case .move(let q): return .move(to: scaled(q))
            case .line(let q): return .line(to: scaled(q))
            case .quadCurve(let q, let c): return .quadCurve(to: scaled(q), control: scaled(c))
            case .curve(let q, let c1, let c2): return .curve(to: scaled(q), control1: scaled(c1), control2: scaled(c2))
            case .close: return .close
            }
        } + [.close]
    }

    /// `CGMutablePath.addArc(center:radius:startAngle:endAngle:clockwise:)` on an empty
    /// path: a move to the start, then cubic curves of at most a quarter turn each. Angles
    /// in radians, y down as in UIKit; `clockwise` in Core Graphics' (flipped) sense, so
    /// `false` runs with increasing angles.
    public static func arc(center: ExportedPoint, radius: Double, startAngle: Double, endAngle: Double,
                           clockwise: Bool) -> [ExportedPathElement] {
        var sweep = endAngle - startAngle
        if clockwise {
            while sweep > 0 { sweep -= 2 * .pi }
        } else {
            while sweep < 0 { sweep += 2 * .pi }
        }
        func at(_ a: Double) -> ExportedPoint { p(center.x + radius * cos(a), center.y + radius * sin(a)) }
        var out: [ExportedPathElement] = [.move(to: at(startAngle))]
        let pieces = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        // The usual cubic for a circular arc of angle `step`: handles 4/3·tan(step/4)·r long.
        let k = 4.0 / 3.0 * tan(step / 4)
        for i in 0..<pieces {
            let a0 = startAngle + Double(i) * step, a1 = a0 + step
            let s = at(a0), e = at(a1)
            let c1 = p(s.x - k * radius * sin(a0), s.y + k * radius * cos(a0))
            let c2 = p(e.x + k * radius * sin(a1), e.y - k * radius * cos(a1))
            out.append(.curve(to: e, control1: c1, control2: c2))
        }
        return out
    }

    private static func p(_ x: Double, _ y: Double) -> ExportedPoint { ExportedPoint(x: x, y: y) }
}
