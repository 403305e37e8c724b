import LayerFacts
import LayerGeometry
import LayerModel

/// A mask that is a plain `CALayer` with an opaque background: it can only describe a
/// rectangle or a rounded rectangle, which `cornerRadius` + `masksToBounds` give without
/// the mask's 2 passes (A1, the tag view).
public struct PlainLayerMaskRule: LayerRule {
    public static let id = "plain-layer-mask"
    public static let triggers: RuleTriggers = .mask  // only a layer with a mask
    public init() {}

    public func check(_ i: Int, in context: RuleContext) -> RuleMatch? {
        let tree = context.tree
        guard let m = MaskChecks.simpleMask(of: i, className: "CALayer", in: tree) else { return nil }
        let mask = tree.layers[m]
        guard let bg = mask.backgroundColor, bg.isOpaque else { return nil }
        let (dx, dy) = MaskChecks.offset(m, in: tree)
        let rect = mask.bounds.offsetBy(dx: dx, dy: dy)
        let radius = min(mask.cornerRadius, min(rect.width, rect.height) / 2)
        let shape: MaskReplacement.Shape = radius > 0 && !mask.maskedCorners.isEmpty
            ? .rounded(rect, radius: radius, curve: mask.cornerCurve, corners: mask.maskedCorners)
            : .rect(rect)
        return MaskReplacement(shape: shape).match(host: i, in: context, describing: .plainLayer(rect: rect, radius: radius))
    }
}
