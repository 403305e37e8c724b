import LayerFacts
import LayerModel

/// A display link that fires more often than it needs to: left running with nothing to
/// do, set with the deprecated `frameInterval` or `preferredFramesPerSecond`, or without a
/// `preferredFrameRateRange` on a display faster than 60 Hz, where it then fires at the
/// display's maximum (A7). One finding per link, for the first of these that applies.
public struct DisplayLinkRateRule: LayerRule {
    public static let id = "display-link-rate"
    /// Only `checkSnapshot`: display links belong to the app, not to a layer.
    public static let triggers: RuleTriggers = []

    /// The range suggested to a link that names none: 60 Hz, down to 30 under load. A link
    /// that drives motion under the finger can ask for more, and says so with its range.
    static let suggested = FrameRateRange(minimum: 30, maximum: 60, preferred: 60)

    public init() {}

    public func check(_ i: Int, in context: RuleContext) -> RuleMatch? { nil }

    public func checkSnapshot(in context: RuleContext) -> [RuleMatch] {
        let tree = context.tree
        guard !tree.frameRateUnknown.contains(.displayLinks) else { return [] }
        let display = tree.maximumFrameRate
        return tree.displayLinks.enumerated().compactMap { k, link in match(link, index: k, display: display) }
    }

    private func match(_ link: DisplayLink, index k: Int, display: Double) -> RuleMatch? {
        let now = link.isPaused ? 0 : link.rate(onDisplayOf: display)
        let name = link.target.map { "the display link of \($0)" } ?? "display link \(k + 1)"
        var values = ["link": name, "rate": FrameRateWords.rate(now), "display": FrameRateWords.rate(display)]
        let variant: String?
        let after: Double
        let range: FrameRateRange
        if !link.isPaused, link.hasWork == false {
            variant = nil
            after = 0
            range = link.frameRateRange ?? Self.suggested
            values["fixWords"] = "Pause the link while its target has nothing to do (isPaused = true), and unpause it when work arrives; invalidate it when it is no longer needed."
            values["swiftFix"] = "displayLink.isPaused = true"
            values["objcFix"] = "displayLink.paused = YES;"
        } else if link.frameInterval > 0 || link.preferredFramesPerSecond > 0 {
            variant = "deprecated"
            // The same rate, said the way iOS 15 and later read it.
            let asked = link.preferredFramesPerSecond > 0 ? link.preferredFramesPerSecond : 60 / link.frameInterval
            range = link.frameRateRange ?? FrameRateRange(minimum: asked, maximum: asked, preferred: asked)
            after = now
            values["property"] = link.frameInterval > 0 && link.preferredFramesPerSecond == 0
                ? "frameInterval \(CodeText.number(link.frameInterval))" : "preferredFramesPerSecond \(CodeText.number(link.preferredFramesPerSecond))"
            values["fixWords"] = "Replace the deprecated property by preferredFrameRateRange with the same rate (\(FrameRateWords.rate(asked)) frames per second), and widen the range if the link can run slower."
            values["swiftFix"] = "displayLink.preferredFrameRateRange = " + FrameRateWords.swiftRange(range)
            values["objcFix"] = "displayLink.preferredFrameRateRange = " + FrameRateWords.objcRange(range) + ";"
        } else if link.frameRateRange == nil, display > FrameRateWords.standardRate, !link.isPaused {
            variant = "noRange"
            range = Self.suggested
            after = min(range.preferred, display)
            values["fixWords"] = "Give the link a preferredFrameRateRange: \(FrameRateWords.rate(range.minimum)) to \(FrameRateWords.rate(range.maximum)) frames per second for content that does not follow the finger; ask for up to \(FrameRateWords.rate(display)) only where the motion needs it."
            values["swiftFix"] = "displayLink.preferredFrameRateRange = " + FrameRateWords.swiftRange(range)
            values["objcFix"] = "displayLink.preferredFrameRateRange = " + FrameRateWords.objcRange(range) + ";"
        } else {
            return nil
        }
        values["after"] = FrameRateWords.rate(after)
        var m = RuleMatch(reason: .frameRate, passes: 0, passesAfterFix: 0, messageVariant: variant, values: values)
        m.frameRate = FrameRateFigure(source: .displayLink(k), now: now, afterFix: after)
        m.location = link.location
        return m
    }
}
