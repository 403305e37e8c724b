/// `CAFrameRateRange` (iOS 15): the rates, in frames per second, that an animation or a
/// display link accepts. Core Animation's default range (all three 0) means "no range":
/// the work then runs at whatever the display runs, its maximum on ProMotion.
public struct FrameRateRange: Sendable, Hashable {
    public var minimum: Double
    public var maximum: Double
    /// 0 means none: the system picks within the range.
    public var preferred: Double
    public init(minimum: Double, maximum: Double, preferred: Double = 0) {
        self.minimum = minimum; self.maximum = maximum; self.preferred = preferred
    }

    /// `CAFrameRateRangeDefault`: a dump that writes it says no more than one that leaves it out.
    public var isDefault: Bool { maximum == 0 && minimum == 0 && preferred == 0 }

    /// The rate the range asks for on a display that reaches `displayMaximum`: the preferred
    /// rate when there is one, else the maximum, never above the display.
    public func rate(onDisplayOf displayMaximum: Double) -> Double {
        let asked = preferred > 0 ? preferred : (maximum > 0 ? maximum : displayMaximum)
        return min(asked, displayMaximum)
    }
}

/// One animation attached to a layer (`layer.animationKeys()`), with what decides how
/// often it makes the display render.
public struct LayerAnimation: Sendable, Hashable {
    public var keyPath: String?
    /// Seconds; Core Animation's 0 means its default, 0.25 s.
    public var duration: Double = 0
    /// `Float.infinity` repeats forever (the dump spells it `infinity`).
    public var repeatCount: Double = 0
    public var autoreverses = false
    public var preferredFrameRateRange: FrameRateRange?
    public var location = SourceLocation.unknown
    public init() {}

    /// A loop long enough that its cost is paid on every frame for seconds on end: it
    /// repeats forever, or its repeats run for `repeatingSeconds` or more. Core Animation
    /// plays a duration of 0 as 0.25 s, and `autoreverses` plays each repeat twice.
    public var isRepeating: Bool {
        if repeatCount.isInfinite { return true }
        let once = (duration > 0 ? duration : 0.25) * (autoreverses ? 2 : 1)
        return repeatCount > 1 && once * repeatCount >= Self.repeatingSeconds
    }

    /// The running time from which repeats count as a loop (docs/cost-model.md, "Frame rate").
    public static let repeatingSeconds: Double = 10

    /// The range when it says something (a default range says nothing).
    public var frameRateRange: FrameRateRange? {
        guard let r = preferredFrameRateRange, !r.isDefault else { return nil }
        return r
    }
}

/// One `CADisplayLink` the app holds, as the dump's header lists them.
public struct DisplayLink: Sendable, Hashable {
    /// The target and selector the link calls (`ShimmerView.step`), for messages.
    public var target: String?
    public var preferredFrameRateRange: FrameRateRange?
    /// Deprecated since iOS 15 in favour of `preferredFrameRateRange`; 0 means not set.
    public var preferredFramesPerSecond: Double = 0
    /// Deprecated since iOS 10; display frames between calls, 0 means not set.
    public var frameInterval: Double = 0
    public var isPaused = false
    /// Whether the link's target had anything to do when the snapshot was taken; nil when
    /// the dump does not say (docs/dump-format.md, "Display links").
    public var hasWork: Bool?
    public var location = SourceLocation.unknown
    public init() {}

    public var frameRateRange: FrameRateRange? {
        guard let r = preferredFrameRateRange, !r.isDefault else { return nil }
        return r
    }

    /// How often the link fires on a display that reaches `displayMaximum`. A range wins
    /// over the deprecated properties, as it does in UIKit; `frameInterval` counts frames
    /// of the 60 Hz displays it was defined for.
    public func rate(onDisplayOf displayMaximum: Double) -> Double {
        if let r = frameRateRange { return r.rate(onDisplayOf: displayMaximum) }
        if preferredFramesPerSecond > 0 { return min(preferredFramesPerSecond, displayMaximum) }
        if frameInterval > 0 { return min(60 / frameInterval, displayMaximum) }
        return displayMaximum
    }
}

/// What the app's Info.plist and the device say about frame rates (the dump's `info`).
public struct FrameRateInfo: Sendable, Hashable {
    /// `CADisableMinimumFrameDurationOnPhone`; nil when the Info.plist does not have it.
    public var disableMinimumFrameDurationOnPhone: Bool?
    /// `UIScreen.maximumFramesPerSecond`; nil when not known.
    public var maximumFramesPerSecond: Double?
    public var location = SourceLocation.unknown
    public init() {}
}
