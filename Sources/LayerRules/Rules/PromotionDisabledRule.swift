import LayerFacts
import LayerModel

/// An iPhone app on a display faster than 60 Hz whose animations or display links ask for
/// more than 60 frames per second, while its Info.plist lacks
/// `CADisableMinimumFrameDurationOnPhone` (or sets it false): iOS then holds the app's own
/// animations and links to 60 Hz, so the ranges ask in vain (A7).
public struct PromotionDisabledRule: LayerRule {
    public static let id = "promotion-disabled"
    public static let triggers: RuleTriggers = []

    public init() {}

    public func check(_ i: Int, in context: RuleContext) -> RuleMatch? { nil }

    public func checkSnapshot(in context: RuleContext) -> [RuleMatch] {
        let tree = context.tree
        let display = tree.maximumFrameRate
        let standard = FrameRateWords.standardRate
        guard display > standard, !tree.frameRateUnknown.contains(.info),
              tree.frameRateInfo?.disableMinimumFrameDurationOnPhone != true else { return [] }
        // What asks for more than 60 Hz in so many words: a range or a deprecated rate. An
        // animation without a range asks for nothing in particular.
        var askers: [(String, Double)] = []
        let facts = context.facts
        for layer in facts.animatedLayers where facts.isVisible[Int(layer)] {
            let i = Int(layer)
            for a in tree.layers[i].animations {
                guard let r = a.frameRateRange, r.rate(onDisplayOf: .infinity) > standard else { continue }
                askers.append(("\(tree.label(of: i))'s \(a.keyPath.map { "`\($0)`" } ?? "animation")", min(r.rate(onDisplayOf: .infinity), display)))
            }
        }
        for (k, link) in tree.displayLinks.enumerated() where !link.isPaused {
            let asked = link.frameRateRange?.rate(onDisplayOf: .infinity) ?? link.preferredFramesPerSecond
            guard asked > standard else { continue }
            askers.append((link.target.map { "the display link of \($0)" } ?? "display link \(k + 1)", min(asked, display)))
        }
        guard let first = askers.first else { return [] }
        let highest = askers.map(\.1).max()!
        let more = askers.count - 1
        let values = [
            "asking": first.0 + (more > 0 ? " and \(more) more" : ""),
            "asked": FrameRateWords.rate(highest),
            "display": FrameRateWords.rate(display),
            "state": tree.frameRateInfo?.disableMinimumFrameDurationOnPhone == false ? "it is set to false" : "the key is missing",
        ]
        var m = RuleMatch(reason: .frameRate, passes: 0, passesAfterFix: 0, values: values)
        // The fix raises the rate: it is what the app asked for, not a saving.
        m.frameRate = FrameRateFigure(source: nil, now: standard, afterFix: highest)
        m.location = tree.frameRateInfo?.location
        return [m]
    }
}
