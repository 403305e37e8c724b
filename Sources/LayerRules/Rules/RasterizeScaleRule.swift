import LayerFacts
import LayerModel

/// `shouldRasterize` with a `rasterizationScale` other than the screen's: the cached
/// bitmap is drawn at the wrong size and stretched onto the screen, blurry when smaller
/// (Core Animation's default scale is 1), wasted memory and fill when larger (A3).
public struct RasterizeScaleRule: LayerRule {
    public static let id = "rasterize-scale"
    public init() {}

    public func check(_ i: Int, in context: RuleContext) -> RuleMatch? {
        let tree = context.tree
        let layer = tree.layers[i]
        guard layer.shouldRasterize, !layer.unknown.contains(.rasterization) else { return nil }
        let own = layer.rasterizationScale, screen = tree.scale
        guard own.isFinite, screen.isFinite, own > 0, abs(own - screen) > 0.01 else { return nil }
        // The fix corrects the bitmap's size, not its pass: the estimate keeps it.
        let passes = context.facts.costs[i][.rasterization]
        let key = WordsKey(own: own, screen: screen)
        let words = context.words(key)
        return RuleMatch(reason: .rasterization, passes: passes, passesAfterFix: passes,
                         messageVariant: own > screen ? "larger" : nil, words: words)
    }

    private struct WordsKey: RuleWordsKey {
        var own: Double
        var screen: Double

        func write(_ name: String, to out: inout WordsText) -> Bool {
            switch name {
            case "rasterScale": out.append(number: own)
            case "screenScale": out.append(number: screen)
            case "ratio": out.append(number: screen / own)
            default: return false
            }
            return true
        }
    }
}
