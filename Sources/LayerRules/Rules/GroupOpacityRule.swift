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

    /// Everything the words depend on, written straight into the report: a finding with a
    /// ten-line fix costs its bytes, not a dictionary of every value for each placeholder.
    private struct WordsKey: RuleWordsKey {
        var opacity: Double
        var pieces: Int
        var sublayers: Int
        var fix: Fix

        func write(_ name: String, to out: inout WordsText) -> Bool {
            switch name {
            case "opacity": out.append(number: opacity)
            case "pieces": out.append(pieces)
            case "how": writeHow(to: &out)
            case "swift": writeCode(objc: false, to: &out)
            case "objc": writeCode(objc: true, to: &out)
            default: return false
            }
            return true
        }

        private func writeHow(to out: inout WordsText) {
            switch fix {
            case .disjoint:
                out.append("Its "); out.append(sublayers)
                out.append(" drawn sublayers do not overlap, so fading each one alone looks the same: turn group opacity off.")
            case .colours(let alpha, _):
                out.append("Move the alpha into the colours: opacity 1 on the layer, background colour alpha ")
                out.append(number: alpha * opacity)
                out.append(", and opacity "); out.append(number: opacity); out.append(" on ")
                if sublayers == 1 {
                    out.append("its single drawn sublayer")
                } else {
                    out.append("each of its "); out.append(sublayers); out.append(" drawn sublayers")
                }
                out.append(". Where a sublayer covers the background, the background then shows through it; if that shows, keep group opacity (1 pass), or set allowsGroupOpacity = false where the overlap does not matter.")
            case .overlap:
                out.append("Its pieces overlap, so no change looks exactly the same: where the overlap may show through, set allowsGroupOpacity = false; otherwise draw the pieces already faded (an image or colours with alpha ")
                out.append(number: opacity)
                out.append(") and set opacity 1.")
            }
        }

        private func writeCode(objc: Bool, to out: inout WordsText) {
            switch fix {
            case .disjoint:
                out.append(objc ? "layer.allowsGroupOpacity = NO;" : "layer.allowsGroupOpacity = false")
            case .colours(let alpha, let indices):
                if objc {
                    out.append("layer.opacity = 1;\nlayer.backgroundColor = [[UIColor colorWithCGColor:layer.backgroundColor] colorWithAlphaComponent:")
                    out.append(number: alpha * opacity); out.append("].CGColor;\n")
                } else {
                    out.append("layer.opacity = 1\nlayer.backgroundColor = layer.backgroundColor?.copy(alpha: ")
                    out.append(number: alpha * opacity); out.append(")\n")
                }
                // The drawn sublayers by their index, which the dump's order gives: no names in code.
                let shown = indices.prefix(8)
                for (k, index) in shown.enumerated() {
                    if k > 0 { out.append(byte: 0x0A) }
                    out.append(objc ? "layer.sublayers[" : "layer.sublayers?["); out.append(index)
                    out.append("].opacity *= "); out.append(number: opacity)
                    if objc { out.append(byte: 0x3B) }
                }
                if indices.count > shown.count {
                    out.append("\n// … and "); out.append(indices.count - shown.count); out.append(" more drawn sublayers")
                }
            case .overlap:
                out.append(objc ? "layer.allowsGroupOpacity = NO;  // only if the pieces may show through each other"
                                : "layer.allowsGroupOpacity = false  // only if the pieces may show through each other")
            }
        }
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
}
