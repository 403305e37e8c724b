/// SVG's elliptical arc (the A command) as cubic Béziers, following the SVG
/// implementation notes (SVG 1.1 Appendix F.6; SVG 2 §9.5): endpoint to centre
/// parameterisation (F.6.5), out-of-range radii scaled up (F.6.6), then one cubic per
/// piece of at most 90°, which keeps the radial error below 0.03 % of the radius.
enum EllipticalArc {
    static func cubics(from start: Point, to end: Point, rx: Double, ry: Double,
                       rotationDegrees: Double, largeArc: Bool, sweep: Bool) -> [PathElement] {
        var rx = abs(rx), ry = abs(ry)  // F.6.6 step 1: signs are ignored
        // F.6.6: a zero radius makes the arc a straight line.
        if rx == 0 || ry == 0 { return [.lineTo(end)] }

        let phi = rotationDegrees.truncatingRemainder(dividingBy: 360) * Double.pi / 180
        let cosPhi = Math.cos(phi), sinPhi = Math.sin(phi)
        // F.6.5.1: the start point in a frame centred on the chord's midpoint, unrotated.
        let dx = (start.x - end.x) / 2, dy = (start.y - end.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy
        // F.6.6 step 3: radii too small to reach the end point are scaled up just enough,
        // keeping their ratio. Written so tiny radii do not overflow Λ on the way.
        let lambda = (x1 / rx) * (x1 / rx) + (y1 / ry) * (y1 / ry)
        if !(lambda <= 1) {
            let ratio = rx / ry
            rx = (x1 * x1 + (y1 * ratio) * (y1 * ratio)).squareRoot()
            ry = rx / ratio
        }
        // F.6.5.2: the centre in that frame; the sign picks one of the two candidate ellipses.
        let rx2 = rx * rx, ry2 = ry * ry
        let numerator = rx2 * ry2 - rx2 * y1 * y1 - ry2 * x1 * x1
        let denominator = rx2 * y1 * y1 + ry2 * x1 * x1
        var factor = denominator > 0 ? (Swift.max(0, numerator) / denominator).squareRoot() : 0
        if largeArc == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry
        let cy1 = -factor * ry * x1 / rx
        // F.6.5.3: back to user space.
        let cx = cosPhi * cx1 - sinPhi * cy1 + (start.x + end.x) / 2
        let cy = sinPhi * cx1 + cosPhi * cy1 + (start.y + end.y) / 2
        // F.6.5.5-6: start angle and sweep, on the unit circle of the ellipse.
        let theta1 = Math.atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
        let theta2 = Math.atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx)
        var delta = theta2 - theta1
        if sweep && delta < 0 { delta += 2 * Double.pi }
        if !sweep && delta > 0 { delta -= 2 * Double.pi }
        // Radii so far apart in size that the arithmetic overflows describe an arc that is
        // a straight line at any scale a screen can show.
        guard delta.isFinite, cx.isFinite, cy.isFinite, rx.isFinite, ry.isFinite else { return [.lineTo(end)] }

        // Pieces of at most a quarter turn (a hair of slack so exactly 90° is one piece).
        let pieces = Swift.max(1, Int((abs(delta) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(pieces)
        // Handle length for a circular arc of angle `step`: 4/3·tan(step/4) radii.
        let handle = 4.0 / 3.0 * Math.tan(step / 4)
        func onEllipse(_ ux: Double, _ uy: Double) -> Point {
            Point(x: cx + rx * cosPhi * ux - ry * sinPhi * uy,
                  y: cy + rx * sinPhi * ux + ry * cosPhi * uy)
        }
        var result: [PathElement] = []
        result.reserveCapacity(pieces)
        var angle = theta1
        for piece in 0..<pieces {
            let next = angle + step
            let (c0, s0) = (Math.cos(angle), Math.sin(angle))
            let (c1, s1) = (Math.cos(next), Math.sin(next))
            let control1 = onEllipse(c0 - handle * s0, s0 + handle * c0)
            let control2 = onEllipse(c1 + handle * s1, s1 - handle * c1)
            // The last piece ends exactly where the command said, not where rounding put it.
            let to = piece == pieces - 1 ? end : onEllipse(c1, s1)
            result.append(.curveTo(control1: control1, control2: control2, to: to))
            angle = next
        }
        return result
    }
}
