/// `CAFrameRateRange`: frames per second. All three 0 is Core Animation's default range.
public struct ExportedFrameRateRange: Sendable, Hashable {
    public var minimum: Double
    public var maximum: Double
    /// 0: no preferred rate.
    public var preferred: Double
    public init(minimum: Double, maximum: Double, preferred: Double = 0) {
        self.minimum = minimum; self.maximum = maximum; self.preferred = preferred
    }
}

/// One animation of a layer (docs/dump-format.md, "Frame rate").
public struct ExportedAnimation: Sendable, Hashable {
    public var keyPath: String?
    /// Seconds; 0 is Core Animation's default (played as 0.25 s).
    public var duration: Double
    /// `.infinity` repeats forever.
    public var repeatCount: Double
    public var autoreverses: Bool
    public var preferredFrameRateRange: ExportedFrameRateRange?
    public init(keyPath: String? = nil, duration: Double = 0, repeatCount: Double = 0, autoreverses: Bool = false,
                preferredFrameRateRange: ExportedFrameRateRange? = nil) {
        self.keyPath = keyPath; self.duration = duration; self.repeatCount = repeatCount
        self.autoreverses = autoreverses; self.preferredFrameRateRange = preferredFrameRateRange
    }
}

/// One `CADisplayLink` of the app. A layer tree does not reach display links, so the
/// caller that owns them passes them in (docs/exporting.md).
public struct ExportedDisplayLink: Sendable, Hashable {
    /// The target and selector, for messages (`ShimmerView.step`).
    public var target: String?
    public var preferredFrameRateRange: ExportedFrameRateRange?
    /// Deprecated; 0: not set.
    public var preferredFramesPerSecond: Double
    /// Deprecated; 0: not set.
    public var frameInterval: Double
    public var isPaused: Bool
    /// Whether the target had anything to do when the snapshot was taken; nil: not said.
    public var hasWork: Bool?
    public init(target: String? = nil, preferredFrameRateRange: ExportedFrameRateRange? = nil,
                preferredFramesPerSecond: Double = 0, frameInterval: Double = 0, isPaused: Bool = false,
                hasWork: Bool? = nil) {
        self.target = target; self.preferredFrameRateRange = preferredFrameRateRange
        self.preferredFramesPerSecond = preferredFramesPerSecond; self.frameInterval = frameInterval
        self.isPaused = isPaused; self.hasWork = hasWork
    }
}

/// The Info.plist key and the device's rate that decide whether an iPhone app gets
/// more than 60 Hz. `Bundle.main` and `UIScreen` hold them, not the layer tree.
public struct ExportedFrameRateInfo: Sendable, Hashable {
    /// `CADisableMinimumFrameDurationOnPhone`; nil: the Info.plist does not have it.
    public var disableMinimumFrameDurationOnPhone: Bool?
    /// `UIScreen.maximumFramesPerSecond`; nil: not known.
    public var maximumFramesPerSecond: Double?
    public init(disableMinimumFrameDurationOnPhone: Bool? = nil, maximumFramesPerSecond: Double? = nil) {
        self.disableMinimumFrameDurationOnPhone = disableMinimumFrameDurationOnPhone
        self.maximumFramesPerSecond = maximumFramesPerSecond
    }
}

/// The frame-rate values as dump text, in either syntax.
extension LayerFields {
    func range(_ r: ExportedFrameRateRange) -> String {
        var parts = [key("minimum") + ": " + number(r.minimum), key("maximum") + ": " + number(r.maximum)]
        if r.preferred != 0 { parts.append(key("preferred") + ": " + number(r.preferred)) }
        return inline(parts)
    }

    func animation(_ a: ExportedAnimation) -> String {
        var parts: [String] = []
        if let k = a.keyPath { parts.append(key("keyPath") + ": " + string(k)) }
        if a.duration != 0 { parts.append(key("duration") + ": " + number(a.duration)) }
        if a.repeatCount.isInfinite { parts.append(key("repeatCount") + ": " + string("infinity")) }
        else if a.repeatCount != 0 { parts.append(key("repeatCount") + ": " + number(a.repeatCount)) }
        if a.autoreverses { parts.append(key("autoreverses") + ": true") }
        if let r = a.preferredFrameRateRange { parts.append(key("preferredFrameRateRange") + ": " + range(r)) }
        return inline(parts)
    }

    func displayLink(_ l: ExportedDisplayLink) -> String {
        var parts: [String] = []
        if let t = l.target { parts.append(key("target") + ": " + string(t)) }
        if let r = l.preferredFrameRateRange { parts.append(key("preferredFrameRateRange") + ": " + range(r)) }
        if l.preferredFramesPerSecond != 0 { parts.append(key("preferredFramesPerSecond") + ": " + number(l.preferredFramesPerSecond)) }
        if l.frameInterval != 0 { parts.append(key("frameInterval") + ": " + number(l.frameInterval)) }
        if l.isPaused { parts.append(key("paused") + ": true") }
        if let w = l.hasWork { parts.append(key("hasWork") + ": " + (w ? "true" : "false")) }
        return inline(parts)
    }

    func info(_ i: ExportedFrameRateInfo) -> String {
        var parts: [String] = []
        if let d = i.disableMinimumFrameDurationOnPhone {
            parts.append(key("CADisableMinimumFrameDurationOnPhone") + ": " + (d ? "true" : "false"))
        }
        if let m = i.maximumFramesPerSecond { parts.append(key("maximumFramesPerSecond") + ": " + number(m)) }
        return inline(parts)
    }

    /// A list of values on one line: `[{…}, {…}]`.
    func list(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }

    /// A mapping on one line, spaced as `contents` is in each syntax.
    private func inline(_ parts: [String]) -> String {
        if parts.isEmpty { return "{}" }
        return syntax == .json ? "{ " + parts.joined(separator: ", ") + " }" : "{" + parts.joined(separator: ", ") + "}"
    }
}
