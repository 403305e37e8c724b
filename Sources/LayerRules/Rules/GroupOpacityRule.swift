import LayerFacts
import LayerGeometry
import LayerModel

/// `opacity < 1` with group opacity over more than one drawn piece: Core Animation
/// composites the pieces offscreen first, then fades the result as one (A3; the pass
/// count is the cost model's, an inference). Which fix applies depends on whether the
/// pieces overlap, so the rule says which.
public struct GroupOpacityRule: LayerRule {
    public static let id = "group-opacity"
    public init() {}

    public func check(_ i: Int, in context: RuleContext) -> RuleMatch? {
        let facts = context.facts
        // The facts count the pass only when opacity, hidden and allowsGroupOpacity are known.
        let passes = facts.costs[i][.groupOpacity]
        guard passes > 0 else { return nil }
        let tree = context.tree
        let layer = tree.layers[i]
        guard layer.opacity.isFinite else { return nil }
        let ownColour = (layer.backgroundColor.map { !$0.isClear } ?? false)
            || (layer.borderWidth > 0 && (layer.borderColor.map { !$0.isClear } ?? false))
        let ownImage = layer.hasContents || layer.shape?.path != nil
        var drawn: [Rect] = []
        var drawnIndices: [Int] = []  // their places among the sublayers, for the fix code
        for (k, c) in tree.sublayers(of: i).enumerated() where facts.isVisible[c] && facts.subtreeDraws[c] {
            drawn.append(tree.rectInParent(c, facts.inkExtent(of: c)))
            drawnIndices.append(k)
        }
        let how: Fix
        if !ownColour && !ownImage && !Self.anyOverlap(drawn, tolerance: facts.tolerance) {
            how = .disjoint
        } else if !ownImage, let bg = layer.backgroundColor, !bg.isClear {
            how = .colours(backgroundAlpha: bg.alpha, sublayers: drawnIndices)
        } else {
            how = .overlap
        }
        let key = WordsKey(opacity: layer.opacity, pieces: drawn.count + (ownColour ? 1 : 0) + (ownImage ? 1 : 0),
                           sublayers: drawn.count, fix: how)
        let words = context.words(key)
        return RuleMatch(reason: .groupOpacity, passes: passes, passesAfterFix: 0,
                         severity: how == .overlap ? .info : nil, words: words)
    }

    enum Fix: Hashable, Sendable {
        /// The layer draws nothing itself and its drawn sublayers do not overlap: fading
        /// each alone looks the same.
        case disjoint
        /// Its own drawing is a background colour (and border) under its sublayers.
        case colours(backgroundAlpha: Double, sublayers: [Int])
        /// Its pieces overlap, and not only as colours under sublayers: contents or a
        /// shape with other pieces, or sublayers over each other.
        case overlap
    }

    private struct WordsKey: DictionaryWordsKey {
        func values() -> [String: String] { GroupOpacityRule.words(self) }

        var opacity: Double
        var pieces: Int
        var sublayers: Int
        var fix: Fix
    }

    /// Whether any two rectangles share area (touching edges within `tolerance` do not count).
    static func anyOverlap(_ rects: [Rect], tolerance: Double) -> Bool {
        for a in rects.indices {
            for b in rects.indices where b > a {
                let common = rects[a].intersection(rects[b])
                if !common.isNull, common.width > tolerance, common.height > tolerance { return true }
            }
        }
        return false
    }

    private static func words(_ k: WordsKey) -> [String: String] {
        let opacity = CodeText.number(k.opacity)
        var values = ["opacity": opacity, "pieces": String(k.pieces)]
        switch k.fix {
        case .disjoint:
            values["how"] = "Its \(k.sublayers) drawn sublayers do not overlap, so fading each one alone looks the same: turn group opacity off."
            values["swift"] = "layer.allowsGroupOpacity = false"
            values["objc"] = "layer.allowsGroupOpacity = NO;"
        case .colours(let alpha, let indices):
            let faded = CodeText.number(alpha * k.opacity)
            let target = k.sublayers == 1 ? "its single drawn sublayer" : "each of its \(k.sublayers) drawn sublayers"
            values["how"] = "Move the alpha into the colours: opacity 1 on the layer, background colour alpha \(faded), and opacity \(opacity) on \(target). Where a sublayer covers the background, the background then shows through it; if that shows, keep group opacity (1 pass), or set allowsGroupOpacity = false where the overlap does not matter."
            // The drawn sublayers by their index, which the dump's order gives: no names in code.
            let shown = indices.prefix(8)
            let more = indices.count > shown.count ? "\n// … and \(indices.count - shown.count) more drawn sublayers" : ""
            values["swift"] = "layer.opacity = 1\nlayer.backgroundColor = layer.backgroundColor?.copy(alpha: \(faded))\n"
                + shown.map { "layer.sublayers?[\($0)].opacity *= \(opacity)" }.joined(separator: "\n") + more
            values["objc"] = "layer.opacity = 1;\nlayer.backgroundColor = [[UIColor colorWithCGColor:layer.backgroundColor] colorWithAlphaComponent:\(faded)].CGColor;\n"
                + shown.map { "layer.sublayers[\($0)].opacity *= \(opacity);" }.joined(separator: "\n") + more
        case .overlap:
            values["how"] = "Its pieces overlap, so no change looks exactly the same: where the overlap may show through, set allowsGroupOpacity = false; otherwise draw the pieces already faded (an image or colours with alpha \(opacity)) and set opacity 1."
            values["swift"] = "layer.allowsGroupOpacity = false  // only if the pieces may show through each other"
            values["objc"] = "layer.allowsGroupOpacity = NO;  // only if the pieces may show through each other"
        }
        return values
    }
}
