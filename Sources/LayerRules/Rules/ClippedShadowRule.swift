import LayerFacts
import LayerGeometry
import LayerModel

/// A shadow on a layer that also sets `masksToBounds`: the clip cuts the shadow away, so
/// it is never seen (A3: the shadow is drawn outside the bounds). The usual intent, a
/// rounded clipped card with a shadow, needs two layers: a container that casts the
/// shadow, with a `shadowPath`, and the clipped layer inside it.
public struct ClippedShadowRule: LayerRule {
    public static let id = "clipped-shadow"
    public static let triggers: RuleTriggers = .rareProperties  // a shadow lives in the rare properties
    public init() {}

    public func check(_ i: Int, in context: RuleContext) -> RuleMatch? {
        let tree = context.tree
        let layer = tree.layers[i]
        guard layer.masksToBounds, layer.hasRareProperties, layer.unknown.isDisjoint(with: [.shadow, .masksToBounds]) else { return nil }
        let shadow = layer.shadow
        guard shadow.opacity > 0, let colour = shadow.color, !colour.isClear, context.facts.subtreeDraws[i] else { return nil }
        let frame = tree.rectInParent(i, layer.bounds)
        guard CodeText.isWritable(frame), CodeText.isWritable(layer.bounds),
              CodeText.isWritable(layer.cornerRadius, shadow.radius), CodeText.isWritable(shadow.offset.width, shadow.offset.height),
              shadow.opacity.isFinite else { return nil }
        let key = WordsKey(frame: frame, bounds: layer.bounds, cornerRadius: layer.cornerRadius, curve: layer.cornerCurve,
                           corners: layer.maskedCorners, opacity: shadow.opacity, radius: shadow.radius,
                           offset: shadow.offset, isView: layer.viewClassID != nil)
        let words = context.words(key)
        // No pass is counted for the hidden shadow (the cost model has no number for it);
        // the fix's container casts it with a shadowPath, which costs none either.
        return RuleMatch(reason: .shadow, passes: 0, passesAfterFix: 0, words: words)
    }

    private struct WordsKey: RuleWordsKey {
        func values() -> [String: String] { ClippedShadowRule.words(self) }

        var frame: Rect
        var bounds: Rect
        var cornerRadius: Double
        var curve: CornerCurve
        var corners: CornerMask
        var opacity: Double
        var radius: Double
        var offset: Size
        var isView: Bool
    }

    private static func words(_ k: WordsKey) -> [String: String] {
        let size = Rect(x: 0, y: 0, width: k.bounds.width, height: k.bounds.height)
        let path = CodeText.pathExpressions(size, radius: k.cornerRadius, curve: k.curve, corners: k.corners)
        let n = CodeText.number
        let corner = k.cornerRadius > 0 ? " and cornerRadius \(n(k.cornerRadius))" : ""
        let clip = k.isView ? "clipsToBounds" : "masksToBounds"
        return [
            "radius": n(k.radius), "opacity": n(k.opacity), "clip": clip,
            "frame": CodeText.rect(k.frame), "corner": corner,
            "swift": """
                let container = CALayer()  // casts the shadow; the layer inside keeps the clip
                container.frame = \(CodeText.swiftRect(k.frame))
                container.shadowOpacity = \(n(k.opacity))
                container.shadowRadius = \(n(k.radius))
                container.shadowOffset = CGSize(width: \(n(k.offset.width)), height: \(n(k.offset.height)))
                container.shadowPath = \(path.swift)
                layer.superlayer?.insertSublayer(container, below: layer)
                layer.frame = container.bounds
                layer.shadowOpacity = 0
                container.addSublayer(layer)
                """,
            "objc": """
                CALayer *container = [CALayer layer];  // casts the shadow; the layer inside keeps the clip
                container.frame = \(CodeText.objcRect(k.frame));
                container.shadowOpacity = \(n(k.opacity));
                container.shadowRadius = \(n(k.radius));
                container.shadowOffset = CGSizeMake(\(n(k.offset.width)), \(n(k.offset.height)));
                container.shadowPath = \(path.objc);
                [layer.superlayer insertSublayer:container below:layer];
                layer.frame = container.bounds;
                layer.shadowOpacity = 0;
                [container addSublayer:layer];
                """,
        ]
    }
}
