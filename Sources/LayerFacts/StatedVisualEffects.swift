import LayerModel

/// The visual effects a dump states outright, rather than leaving them to be told from
/// class names: UIKit's description of a `UIVisualEffectView` ends in `effect=none`,
/// `effect=<UIBlurEffect> style=…` or `effect=<UIVibrancyEffect> …`, which the
/// recursiveDescription importer keeps as the extra properties `uikitEffect` and
/// `uikitEffectStyle` (docs/importers.md).
///
/// A stated effect is costed on the effect view itself, where the app made it, and the
/// private backdrop and vibrancy views inside it cost nothing more: their work is the
/// effect view's, and a view whose effect is `none` blurs nothing at all.
struct StatedVisualEffects: Sendable {
    enum Kind: Sendable { case none, blur, vibrancy }

    /// The layers that state an effect, by index; few on any screen.
    private var stated: [Int: (kind: Kind, style: String?)] = [:]
    /// For each layer, whether a view above it states an effect; empty when none does.
    private var inside: [Bool] = []

    /// The effect a layer with these extra properties states, if it states one. The facts'
    /// pass over every layer asks each (on every core, handing over the extras: passing the
    /// layer would copy it), then builds the whole from those found.
    static func stated(by extras: [ExtraProperty]) -> Stated? {
        guard !extras.isEmpty else { return nil }
        var kind: Kind?
        var style: String?
        for extra in extras {
            if extra.key == "uikitEffect" {
                switch extra.json {
                case "\"none\"": kind = Kind.none
                case "\"blur\"": kind = .blur
                case "\"vibrancy\"": kind = .vibrancy
                default: break
                }
            } else if extra.key == "uikitEffectStyle", extra.json.count > 2 {
                style = String(extra.json.dropFirst().dropLast())
            }
        }
        return kind.map { Stated(kind: $0, style: style) }
    }

    struct Stated: Sendable {
        var kind: Kind
        var style: String?
    }

    init() {}

    /// The effects `found` (by layer index, ascending) state, over `layers`.
    init(_ found: [(layer: Int, stated: Stated)], layers: UnsafeBufferPointer<Layer>) {
        var coveredUntil = 0
        for (i, s) in found {
            stated[i] = (s.kind, s.style)
            // In preorder a nested effect view lies inside the range already marked, so
            // each layer is marked once: linear however deep effect views nest.
            let end = Int(layers[i].subtreeEnd)
            if inside.isEmpty { inside = [Bool](repeating: false, count: layers.count) }
            if i >= coveredUntil {
                for k in i + 1..<max(end, i + 1) { inside[k] = true }
                coveredUntil = end
            }
        }
    }

    var isEmpty: Bool { stated.isEmpty }

    /// The effect layer `i` states, if it states one.
    func kind(of i: Int) -> Kind? { stated[i]?.kind }

    func style(of i: Int) -> String? { stated[i]?.style }

    /// Whether layer `i` lies inside a view that states its effect: its class then adds no
    /// cost of its own.
    func isInsideStatedEffect(_ i: Int) -> Bool { !inside.isEmpty && inside[i] }
}
