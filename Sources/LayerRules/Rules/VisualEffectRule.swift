import LayerFacts
import LayerGeometry
import LayerModel

/// A backdrop blur or vibrancy layer (a `UIVisualEffectView`'s insides): the costliest
/// offscreen work there is (W14: 5 passes for a blur, 7 with vibrancy). The rule states
/// what it costs, and says when the cost buys nothing: an opaque layer drawn over the
/// whole blur, or a blur that blurs another blur under it.
public struct VisualEffectRule: LayerRule {
    public static let id = "visual-effect"
    public init() {}

    public func check(_ i: Int, in context: RuleContext) -> RuleMatch? {
        let facts = context.facts
        let costs = facts.costs[i]
        let passes = costs[.backdropBlur] + costs[.vibrancy]
        guard passes > 0 else { return nil }
        let tree = context.tree
        let reason: OffscreenReason = costs[.backdropBlur] > 0 ? .backdropBlur : .vibrancy
        var kind = costs[.backdropBlur] > 0 ? (costs[.vibrancy] > 0 ? "blur with vibrancy" : "backdrop blur") : "vibrancy effect"
        if let style = facts.visualEffectStyle(of: i) { kind += " (\(Self.styleName(style)))" }
        let onScreen = facts.clippedBoundsInRoot(i)
        if let area = onScreen, !area.isEmpty, costs[.backdropBlur] > 0 {
            if let cover = Self.opaqueCover(of: area, above: i, in: facts) {
                let key = WordsKey(kind: kind, case: .covered, other: tree.label(of: cover), area: area)
                let words = context.words(key)
                return RuleMatch(reason: reason, passes: passes, passesAfterFix: 0, messageVariant: "covered", words: words)
            }
            if let under = Self.blurBelow(area, before: i, in: facts) {
                let key = WordsKey(kind: kind, case: .stacked, other: tree.label(of: under), area: area)
                let words = context.words(key)
                return RuleMatch(reason: reason, passes: passes, passesAfterFix: 0, messageVariant: "stacked", words: words)
            }
        }
        // A blur that shows: its cost is worth knowing, but no change keeps the look.
        let key = WordsKey(kind: kind, case: .shown, other: nil, area: onScreen)
        let words = context.words(key)
        return RuleMatch(reason: reason, passes: passes, passesAfterFix: passes, severity: .info, words: words)
    }

    /// UIKit's style constant as the Swift case a developer writes:
    /// `UIBlurEffectStyleSystemThinMaterial` → `.systemThinMaterial`.
    static func styleName(_ style: String) -> String {
        for prefix in ["UIBlurEffectStyle", "UIVibrancyEffectStyle"] where style.hasPrefix(prefix) && style.count > prefix.count {
            let rest = style.dropFirst(prefix.count)
            return "." + rest.prefix(1).lowercased() + rest.dropFirst()
        }
        return style
    }

    private struct WordsKey: RuleWordsKey {
        var kind: String
        var `case`: Case
        /// The label of the layer over or under the effect.
        var other: String?
        var area: Rect?

        func write(_ name: String, to out: inout WordsText) -> Bool {
            switch name {
            case "kind": out.append(kind)
            case "other": out.append(other ?? "")
            case "area":
                if let area { out.append(size: area.width, area.height); out.append(" pt") }
                else { out.append("an area the dump cannot place on screen") }
            case "how": writeHow(to: &out)
            case "swift", "objc": writeCode(objc: name == "objc", to: &out)
            default: return false
            }
            return true
        }

        private func writeHow(to out: inout WordsText) {
            switch self.case {
            case .covered:
                out.append("Nothing of the blur shows under "); out.append(other ?? "")
                out.append(": remove the effect view, or hide it (isHidden = true) while that layer covers it.")
            case .stacked:
                out.append("Use one blur for the place where the two overlap: remove this effect view and let ")
                out.append(other ?? "")
                out.append(" (or one effect view behind both) give the blur; the content of this one can sit in that effect view's contentView.")
            case .shown:
                out.append("Keep it if the look needs a live blur, and keep it small and few; over content that does not move, a pre-blurred image of that content gives the same look with no pass.")
            }
        }

        private func writeCode(objc: Bool, to out: inout WordsText) {
            switch self.case {
            case .covered:
                out.append(objc ? "effectView.hidden = YES;  // covered by " : "effectView.isHidden = true  // covered by ")
                out.append(CodeText.comment(other ?? ""))
            case .stacked:
                out.append(objc ? "[effectView removeFromSuperview];  // " : "effectView.removeFromSuperview()  // ")
                out.append(CodeText.comment(other ?? "")); out.append(" already blurs what lies behind it")
            case .shown:
                out.append(objc ? "backgroundImageView.image = preBlurredSnapshot;  // instead of the UIVisualEffectView, where the content behind is still"
                                : "backgroundImageView.image = preBlurredSnapshot  // instead of the UIVisualEffectView, where the content behind is still")
            }
        }
    }

    enum Case: Hashable, Sendable { case covered, stacked, shown }

    /// A later-drawn, fully opaque, unrounded layer whose on-screen rectangle contains
    /// `area`: the blur under it is never seen. Draw order is the dump's order (a
    /// `zPosition` is not kept), so only what the dump proves counts.
    static func opaqueCover(of area: Rect, above i: Int, in facts: TreeFacts) -> Int? {
        let tree = facts.tree
        let end = tree.layers.count
        var j = i + 1
        while j < end {
            defer { j += 1 }
            // The blur's own sublayers are drawn over it too: they count.
            guard facts.isVisible[j], tree.layers[j].role != .mask else { continue }
            let layer = tree.layers[j]
            guard let bg = layer.backgroundColor, bg.isOpaque, layer.cornerRadius == 0 || layer.maskedCorners.isEmpty,
                  !layer.bounds.isEmpty, fullyOpaque(j, in: facts) else { continue }
            guard let r = facts.clippedBoundsInRoot(j), r.contains(area, tolerance: facts.tolerance) else { continue }
            return j
        }
        return nil
    }

    /// Opacity 1 all the way up, each of them known, and no mask on the way (inside a
    /// mask's host, what shows depends on the mask).
    static func fullyOpaque(_ j: Int, in facts: TreeFacts) -> Bool {
        let tree = facts.tree
        var k = j
        while k >= 0 {
            let layer = tree.layers[k]
            if layer.opacity < 1 || layer.role == .mask { return false }
            if facts.hasUnknowns, !layer.unknown.isDisjoint(with: [.opacity, .hidden, .backgroundColor, .mask, .cornerRadius, .maskedCorners]) {
                return false
            }
            k = Int(layer.parent)
        }
        return true
    }

    /// An earlier-drawn, visible backdrop blur whose on-screen rectangle overlaps `area`:
    /// the later blur blurs it again.
    static func blurBelow(_ area: Rect, before i: Int, in facts: TreeFacts) -> Int? {
        for j in 0..<i where facts.costs[j][.backdropBlur] > 0 && !isAncestor(j, of: i, in: facts.tree) {
            guard let r = facts.clippedBoundsInRoot(j) else { continue }
            let common = r.intersection(area)
            if !common.isNull, common.width > facts.tolerance, common.height > facts.tolerance { return j }
        }
        return nil
    }

    static func isAncestor(_ a: Int, of i: Int, in tree: LayerTree) -> Bool {
        var k = Int(tree.layers[i].parent)
        while k >= 0 {
            if k == a { return true }
            k = Int(tree.layers[k].parent)
        }
        return false
    }
}
