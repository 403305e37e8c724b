import LayerFacts
import LayerGeometry
import LayerModel

/// `shouldRasterize` on a layer whose bitmap is larger than the rasterization cache
/// holds (about 2.5 times the screen, W14), or over a sublayer that animates: either way
/// the bitmap cannot be reused, so it is rendered offscreen again every frame, and
/// rasterization costs a pass instead of saving one.
public struct RasterizeUncacheableRule: LayerRule {
    public static let id = "rasterize-uncacheable"
    /// The cache's size in screens (W14).
    static let cacheScreens = 2.5

    public init() {}

    public func check(_ i: Int, in context: RuleContext) -> RuleMatch? {
        let facts = context.facts
        let tree = context.tree
        let layer = tree.layers[i]
        guard layer.shouldRasterize, !layer.unknown.contains(.rasterization), !layer.unknown.contains(.geometry) else { return nil }
        let passes = facts.costs[i][.rasterization]
        guard passes > 0 else { return nil }
        let scale = layer.rasterizationScale
        let bitmap = layer.bounds.width * layer.bounds.height * scale * scale
        // The dump's own screen when it is of a window, else the largest screen there is.
        let known = facts.screenBounds
        let screen = known.map { Size(width: $0.width, height: $0.height) } ?? TreeFacts.largestScreenPoints
        let screenPixels = screen.width * screen.height * tree.scale * tree.scale
        let cache = Self.cacheScreens * screenPixels
        guard bitmap.isFinite, cache.isFinite, cache > 0, bitmap > cache else { return animating(i, in: context, passes: passes) }
        let key = WordsKey(bounds: layer.bounds, scale: scale, cache: cache, screenKnown: known != nil, screen: screen)
        let words = context.words(key)
        return RuleMatch(reason: .rasterization, passes: passes, passesAfterFix: 0, words: words)
    }

    /// The other half: the bitmap would fit, but something below the layer moves, so its
    /// contents change on every frame the animation runs and the cache never holds.
    private func animating(_ i: Int, in context: RuleContext, passes: Int) -> RuleMatch? {
        guard !context.tree.frameRateUnknown.contains(.animations),
              let moving = context.facts.animatingDescendant(of: i) else { return nil }
        let a = context.tree.layers[moving].animations[0]
        let values = [
            "moving": context.tree.label(of: moving),
            "animation": FrameRateWords.describe(a),
            "why": "its bitmap is drawn again on every frame that \(context.tree.label(of: moving)) animates",
        ]
        return RuleMatch(reason: .rasterization, passes: passes, passesAfterFix: 0, messageVariant: "animating", values: values)
    }

    private struct WordsKey: RuleWordsKey {
        var bounds: Rect
        var scale: Double
        var cache: Double
        var screenKnown: Bool
        var screen: Size

        func write(_ name: String, to out: inout WordsText) -> Bool {
            switch name {
            case "bitmap":
                let w = bounds.width * scale, h = bounds.height * scale
                out.append(size: w.rounded(), h.rounded()); out.append(" px (")
                out.append(number: w * h / 1e6); out.append(" megapixels)")
            case "cache": out.append(number: cache / 1e6); out.append(" megapixels")
            case "screen":
                out.append(screenKnown ? "this " : "the largest screen there is, ")
                out.append(size: screen.width, screen.height); out.append(" pt")
                if screenKnown { out.append(" screen") }
            case "why": out.append("a bitmap this large is rebuilt every frame")
            default: return false
            }
            return true
        }
    }
}
