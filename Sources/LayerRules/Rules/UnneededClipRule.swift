import LayerFacts
import LayerModel

/// `masksToBounds` on a layer whose contents and sublayers all stay inside its (rounded)
/// bounds: the clip changes nothing on screen, and with a corner radius over sublayers
/// it costs a pass (A1).
public struct UnneededClipRule: LayerRule {
    public static let id = "unneeded-clip"
    public static let triggers: RuleTriggers = .masksToBounds  // only a clipping layer
    public init() {}

    public func check(_ i: Int, in context: RuleContext) -> RuleMatch? {
        let layer = context.tree.layers[i]
        // A mask on the same layer is handled by the mask rules, whose fix covers the clip.
        guard layer.masksToBounds, layer.mask < 0 else { return nil }
        let facts = context.facts
        let shape = ClipShape(of: layer)
        // Known geometry first: a clip that hides what the dump shows is needed, whatever
        // the dump does not know.
        guard !facts.clipIsNeeded(i, shape: shape) else { return nil }
        // The rule proves its case or stays silent. Removing the clip of a scroll view
        // breaks scrolling, and when the dump does not carry what could reach outside
        // (an image view's contents in a recursiveDescription, sublayers a view adds),
        // the overflow is unknown, not absent: advice to remove the clip would be a guess.
        guard facts.clipUncertainty(i).isEmpty, !ScrollContainer.contains(i, in: facts) else { return nil }
        let passes = facts.costs[i][.roundedClip]
        let key = WordsKey(isView: layer.viewClassID != nil, roundedRadius: shape.isRounded ? layer.cornerRadius : nil)
        let words = context.words(key)
        return RuleMatch(reason: .roundedClip, passes: passes, passesAfterFix: 0,
                         severity: passes > 0 ? .warning : .info,
                         messageVariant: passes > 0 ? nil : "free", words: words)
    }

    /// Everything the words depend on.
    private struct WordsKey: RuleWordsKey {
        /// Whether a UIKit view owns the layer (its fix then names the view's property).
        var isView: Bool
        /// The corner radius of a rounded clip; nil for a rectangular one.
        var roundedRadius: Double?

        func write(_ name: String, to out: inout WordsText) -> Bool {
            switch name {
            case "property": out.append(isView ? "clipsToBounds" : "masksToBounds")
            case "shape":
                if let radius = roundedRadius {
                    out.append("its rounded bounds (cornerRadius "); out.append(number: radius); out.append(")")
                } else {
                    out.append("its bounds")
                }
            case "receiver": out.append(isView ? "view" : "layer")
            case "afterward": if roundedRadius != nil { out.append(" cornerRadius alone still rounds the background and the border.") }
            default: return false
            }
            return true
        }
    }
}
