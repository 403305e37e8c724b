import LayerFacts
import LayerGeometry
import LayerModel

/// A visible shadow with no `shadowPath`: Core Animation must render the layer and its
/// sublayers offscreen to learn the shape the shadow follows (A1: 5 passes).
public struct ShadowWithoutPathRule: LayerRule {
    public static let id = "shadow-without-path"
    public static let triggers: RuleTriggers = .rareProperties  // a shadow lives in the rare properties
    public init() {}

    public func check(_ i: Int, in context: RuleContext) -> RuleMatch? {
        let facts = context.facts
        let layer = context.tree.layers[i]
        let unknown = layer.unknown
        var passes = facts.costs[i][.shadow]
        var variant: String?
        if unknown.contains(.shadowPath), !unknown.contains(.shadow), facts.shadowIsVisible(i), layer.shadow.path == nil {
            // A shadow the dump shows, and a shadowPath it cannot: the cost is what it would
            // be without one, reported at info level and left out of the estimate.
            passes = 0
            variant = "unknownPath"
        } else if passes == 0 {
            return nil
        }

        // A fix is written with the layer's own numbers; when they overflow a CGFloat (an
        // importer's frame near ±1.8e308), no path can be written, so say nothing rather
        // than print `inf` into Swift. The estimate still counts the passes.
        guard CodeText.isWritable(layer.bounds), CodeText.isWritable(layer.cornerRadius, layer.shadow.radius) else { return nil }
        let shape = layer.shape?.path.flatMap { $0.path.isEmpty ? nil : $0.svg }
        // A gradient layer paints its whole bounds (its colours are the dump's extra keys).
        let fillsBounds = (layer.backgroundColor.map { $0.alpha >= 1 } ?? false) || layer.hasContents
            || context.tree.className(of: i) == "CAGradientLayer"
        var unknownPath: UnknownPathWords?
        if variant != nil {
            unknownPath = UnknownPathWords(
                wouldCost: layer.shadow.radius > 0 ? facts.cost.shadowWithoutPathBlurred : facts.cost.shadowWithoutPathSharp,
                missing: unknown.intersection([.shadowPath, .cornerCurve, .maskedCorners]))
        }
        let tree = context.tree
        let key = WordsKey(radius: layer.shadow.radius, shapePath: shape, bounds: layer.bounds, cornerRadius: layer.cornerRadius,
                           curve: layer.cornerCurve, corners: layer.maskedCorners,
                           unfilledLabel: fillsBounds ? nil : tree.label(of: i), unknownPath: unknownPath)
        let words = context.words(key)
        guard variant == nil else {
            return RuleMatch(reason: .shadow, passes: 0, passesAfterFix: 0, severity: .info, messageVariant: variant, words: words)
        }
        return RuleMatch(reason: .shadow, passes: passes, passesAfterFix: 0, words: words)
    }

    /// Everything the words depend on.
    private struct WordsKey: RuleWordsKey {
        var radius: Double
        var shapePath: String?
        var bounds: Rect
        var cornerRadius: Double
        var curve: CornerCurve
        var corners: CornerMask
        /// The layer's label, for the caveat of a layer whose shadow follows its sublayers.
        var unfilledLabel: String?
        var unknownPath: UnknownPathWords?

        func write(_ name: String, to out: inout WordsText) -> Bool {
            switch name {
            case "radius": out.append(number: radius)
            case "pathSwift", "pathObjC":
                // A shape layer's shadow follows its own path exactly.
                guard shapePath == nil else { out.append("shapeLayer.path"); break }
                out.append(path: bounds, radius: cornerRadius, curve: curve, corners: corners, objc: name == "pathObjC")
            case "shape":
                if let svg = shapePath {
                    out.append("its own path ("); out.append(svg.prefix(60)); out.append(svg.count > 60 ? "…)" : ")")
                } else {
                    out.append("its bounds "); out.append(rect: bounds)
                    if cornerRadius > 0 {
                        out.append(" with cornerRadius "); out.append(number: cornerRadius)
                        if curve == .continuous { out.append(" (continuous)") }
                    }
                }
            case "caveat":
                if shapePath == nil, let label = unfilledLabel {
                    out.append(" Note: "); out.append(label)
                    out.append(" has no opaque background, so its shadow now follows what its sublayers draw; if that is not its bounds, use the outline they draw instead.")
                }
                if let unknownPath {
                    out.append(" The dump does not carry "); out.append(unknownPath.missing.withoutImplied.names.joined(separator: ", "))
                    out.append(": check them in the app first.")
                }
            case "wouldCost":
                guard let unknownPath else { return false }
                out.append(unknownPath.wouldCost)
            default: return false
            }
            return true
        }
    }

    /// What the words of a shadow whose path the dump cannot show add.
    private struct UnknownPathWords: Hashable, Sendable {
        var wouldCost: Int
        var missing: UnknownProperties
    }
}
