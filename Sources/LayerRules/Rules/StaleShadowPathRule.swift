import LayerFacts
import LayerGeometry
import LayerModel

/// A `shadowPath` that is a rectangle or rounded rectangle starting at the layer's
/// origin but of another size than its bounds: the mark of a path set before layout (or
/// for the old size) and not updated when the bounds changed. The shadow then has the
/// wrong size on screen. A path of another shape, or placed elsewhere, is left alone:
/// it may be a deliberate shadow shape.
public struct StaleShadowPathRule: LayerRule {
    public static let id = "stale-shadow-path"
    public static let triggers: RuleTriggers = .rareProperties  // a shadow lives in the rare properties
    public init() {}

    public func check(_ i: Int, in context: RuleContext) -> RuleMatch? {
        let facts = context.facts
        let layer = context.tree.layers[i]
        guard let path = layer.shadow.path, layer.unknown.isDisjoint(with: [.shadow, .shadowPath, .geometry]) else { return nil }
        // A shape layer's shadowPath usually follows its own path, not its bounds.
        guard layer.shape?.path == nil, facts.shadowIsVisible(i) else { return nil }
        let bounds = layer.bounds
        guard CodeText.isWritable(bounds), bounds.width > 0, bounds.height > 0 else { return nil }
        // At least a point off, so that rounding in an exporter never fires the rule.
        let slack = max(facts.tolerance, 1)
        // The shape recognised is placed at the path's box: a box that sits on the bounds,
        // or starts elsewhere, rules the path out before the costly recognition (every
        // path of its own is recognised anew).
        guard Self.isStale(path.path.pathBoundingBox, bounds, slack: slack) else { return nil }
        let drawn: Rect
        var radius = 0.0, curve = layer.cornerCurve, corners = layer.maskedCorners
        switch context.recognize(path) {
        case .rectangle(let r)?: drawn = r
        case .roundedRectangle(let r, let rad, let c, let k)?: drawn = r; radius = rad; curve = c; corners = k
        default: return nil
        }
        guard Self.isStale(drawn, bounds, slack: slack) else { return nil }
        guard CodeText.isWritable(radius, drawn.width) else { return nil }
        let key = WordsKey(path: drawn, bounds: bounds, radius: radius, curve: curve, corners: corners)
        let words = context.words(key)
        return RuleMatch(reason: .shadow, passes: 0, passesAfterFix: 0, words: words)
    }

    /// A path drawn at the bounds' origin in another size.
    private static func isStale(_ drawn: Rect, _ bounds: Rect, slack: Double) -> Bool {
        abs(drawn.minX - bounds.minX) <= slack && abs(drawn.minY - bounds.minY) <= slack
            && (abs(drawn.width - bounds.width) > slack || abs(drawn.height - bounds.height) > slack)
    }

    private struct WordsKey: RuleWordsKey {
        var path: Rect
        var bounds: Rect
        var radius: Double
        var curve: CornerCurve
        var corners: CornerMask

        func write(_ name: String, to out: inout WordsText) -> Bool {
            switch name {
            case "pathSize": out.append(size: path.width, path.height)
            case "boundsSize": out.append(size: bounds.width, bounds.height)
            case "pathSwift": out.append(path: bounds, radius: radius, curve: curve, corners: corners, objc: false)
            case "pathObjC": out.append(path: bounds, radius: radius, curve: curve, corners: corners, objc: true)
            case "shape":
                if radius > 0 { out.append("the same rounded rectangle (corner radius "); out.append(number: radius); out.append(")") }
                else { out.append("the same rectangle") }
            default: return false
            }
            return true
        }
    }
}
