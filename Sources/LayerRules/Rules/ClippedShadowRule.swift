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
        var frame: Rect
        var bounds: Rect
        var cornerRadius: Double
        var curve: CornerCurve
        var corners: CornerMask
        var opacity: Double
        var radius: Double
        var offset: Size
        var isView: Bool

        func write(_ name: String, to out: inout WordsText) -> Bool {
            switch name {
            case "radius": out.append(number: radius)
            case "opacity": out.append(number: opacity)
            case "clip": out.append(isView ? "clipsToBounds" : "masksToBounds")
            case "frame": out.append(rect: frame)
            case "corner": if cornerRadius > 0 { out.append(" and cornerRadius "); out.append(number: cornerRadius) }
            case "swift": writeCode(objc: false, to: &out)
            case "objc": writeCode(objc: true, to: &out)
            default: return false
            }
            return true
        }

        /// The container that casts the shadow, and the layer moved into it.
        private func writeCode(objc: Bool, to out: inout WordsText) {
            let end = objc ? ";\n" : "\n"
            out.append(objc ? "CALayer *container = [CALayer layer];" : "let container = CALayer()")
            out.append("  // casts the shadow; the layer inside keeps the clip\ncontainer.frame = ")
            if objc { out.append(objcRect: frame) } else { out.append(swiftRect: frame) }
            out.append(end); out.append("container.shadowOpacity = "); out.append(number: opacity)
            out.append(end); out.append("container.shadowRadius = "); out.append(number: radius)
            out.append(end); out.append("container.shadowOffset = ")
            if objc {
                out.append("CGSizeMake("); out.append(numbers: offset.width, offset.height); out.append(")")
            } else {
                out.append("CGSize(width: "); out.append(number: offset.width); out.append(", height: ")
                out.append(number: offset.height); out.append(")")
            }
            out.append(end); out.append("container.shadowPath = ")
            out.append(path: Rect(x: 0, y: 0, width: bounds.width, height: bounds.height), radius: cornerRadius,
                       curve: curve, corners: corners, objc: objc)
            out.append(end)
            out.append(objc ? "[layer.superlayer insertSublayer:container below:layer];\nlayer.frame = container.bounds;\nlayer.shadowOpacity = 0;\n[container addSublayer:layer];"
                            : "layer.superlayer?.insertSublayer(container, below: layer)\nlayer.frame = container.bounds\nlayer.shadowOpacity = 0\ncontainer.addSublayer(layer)")
        }
    }
}
