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
        let passes = facts.costs[i][.roundedClip]
        let property = layer.viewClassID != nil ? "clipsToBounds" : "masksToBounds"
        var values = ["property": property]
        values["shape"] = shape.isRounded ? "its rounded bounds (cornerRadius \(CodeText.number(layer.cornerRadius)))" : "its bounds"
        values["receiver"] = layer.viewClassID != nil ? "view" : "layer"
        values["afterward"] = shape.isRounded ? " cornerRadius alone still rounds the background and the border." : ""
        let missing = facts.clipUncertainty(i)
        guard missing.isEmpty else {
            // What the dump shows stays inside, but what it does not carry might not: say
            // so at info level, and claim no saving.
            let names = missing.withoutImplied.names.joined(separator: ", ")
            values["missing"] = names
            values["afterward"] = " First check in the app what the dump does not carry (\(names)): the clip may hide something there."
            return RuleMatch(reason: .roundedClip, passes: passes, passesAfterFix: passes, severity: .info,
                             messageVariant: "uncertain", values: values)
        }
        return RuleMatch(reason: .roundedClip, passes: passes, passesAfterFix: 0,
                         severity: passes > 0 ? .warning : .info,
                         messageVariant: passes > 0 ? nil : "free", values: values)
    }
}
