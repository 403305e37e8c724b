import LayerFacts
import LayerModel

/// A repeating animation without `preferredFrameRateRange` on a display faster than 60 Hz:
/// Core Animation renders it at the display's maximum for as long as it loops, though a
/// decorative loop looks the same at a fraction of that (A7).
public struct UncappedAnimationRule: LayerRule {
    public static let id = "uncapped-animation"
    public static let triggers: RuleTriggers = .rareProperties

    public init() {}

    public func check(_ i: Int, in context: RuleContext) -> RuleMatch? {
        let tree = context.tree
        let display = tree.maximumFrameRate
        guard display > FrameRateWords.standardRate, !tree.frameRateUnknown.contains(.animations) else { return nil }
        let animations = tree.layers[i].animations
        let uncapped = animations.filter { $0.isRepeating && $0.frameRateRange == nil }
        guard let first = uncapped.first else { return nil }
        // The layer still runs as fast as its other loops ask once these are capped.
        let capped = animations.filter { $0.isRepeating && $0.frameRateRange != nil }
        let suggested = FrameRateWords.decorative
        let after = FrameRateDemands.loopRate(of: capped, display: display).map { max($0, suggested.preferred) } ?? suggested.preferred
        let others = uncapped.count - 1
        let values = [
            "animation": FrameRateWords.describe(first) + (others > 0 ? " and \(others) more repeating animation\(others == 1 ? "" : "s")" : ""),
            "display": FrameRateWords.rate(display),
            "after": FrameRateWords.rate(after),
            "swiftRange": FrameRateWords.swiftRange(suggested),
            "objcRange": FrameRateWords.objcRange(suggested),
            "key": first.keyPath.map { "\"\($0)\"" } ?? "\"key\"",
            "objcKey": first.keyPath.map { "@\"\($0)\"" } ?? "@\"key\"",
        ]
        var match = RuleMatch(reason: .frameRate, passes: 0, passesAfterFix: 0, values: values)
        match.frameRate = FrameRateFigure(source: .layer(i), now: display, afterFix: min(after, display))
        match.location = first.location
        return match
    }
}
