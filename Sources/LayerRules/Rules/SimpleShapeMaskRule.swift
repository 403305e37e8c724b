import LayerFacts
import LayerGeometry
import LayerModel

/// A `CAShapeLayer` mask whose path is a rectangle, a rounded rectangle or an ellipse:
/// `cornerRadius` (with `cornerCurve` and `maskedCorners`) draws the same clip without
/// the mask's 2 passes (A1, the image view).
public struct SimpleShapeMaskRule: LayerRule {
    public static let id = "simple-shape-mask"
    public static let triggers: RuleTriggers = .mask  // only a layer with a mask
    public init() {}

    public func check(_ i: Int, in context: RuleContext) -> RuleMatch? {
        let tree = context.tree
        guard let m = MaskChecks.simpleMask(of: i, className: "CAShapeLayer", in: tree) else { return nil }
        let mask = tree.layers[m]
        guard let style = mask.shape, let path = style.path, let fill = style.fillColor, fill.isOpaque else { return nil }
        // A visible stroke widens the shape beyond the path; a background adds a rectangle.
        if style.lineWidth > 0, let stroke = style.strokeColor, !stroke.isClear { return nil }
        if let bg = mask.backgroundColor, !bg.isClear { return nil }
        guard let recognized = context.recognize(path) else { return nil }
        let (dx, dy) = MaskChecks.offset(m, in: tree)
        let tol = context.facts.tolerance

        let shape: MaskReplacement.Shape
        let description: MaskDescription
        switch recognized {
        case .rectangle(let r):
            shape = .rect(r.offsetBy(dx: dx, dy: dy))
            description = .shapeRectangle
        case .roundedRectangle(let r, let radius, let curve, let corners):
            shape = .rounded(r.offsetBy(dx: dx, dy: dy), radius: radius, curve: curve, corners: corners)
            description = .shapeRoundedRectangle(radius: radius, curve: curve)
        case .ellipse(let r):
            let e = r.offsetBy(dx: dx, dy: dy)
            if abs(e.width - e.height) <= tol {
                shape = .rounded(e, radius: e.width / 2, curve: .circular, corners: .all)
                description = .shapeCircle(diameter: e.width)
            } else {
                shape = .ellipse(e)
                description = .shapeEllipse(width: e.width, height: e.height)
            }
        }
        return MaskReplacement(shape: shape).match(host: i, in: context, describing: description)
    }
}
