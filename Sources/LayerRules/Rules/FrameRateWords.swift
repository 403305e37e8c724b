import LayerModel

/// What the frame-rate rules share: when a display counts as ProMotion, the range they
/// suggest, and how they name an animation.
enum FrameRateWords {
    /// Above this a display runs faster than the 60 Hz every iPhone had before ProMotion.
    static let standardRate: Double = 60

    /// The range suggested for a decorative loop (a spinner, a shimmer, a pulse): motion
    /// that reads as smooth at 30 frames per second and may drop to 10 under load.
    static let decorative = FrameRateRange(minimum: 10, maximum: 30, preferred: 30)

    static func swiftRange(_ r: FrameRateRange) -> String {
        let n = CodeText.number
        return "CAFrameRateRange(minimum: \(n(r.minimum)), maximum: \(n(r.maximum)), preferred: \(n(r.preferred)))"
    }

    static func objcRange(_ r: FrameRateRange) -> String {
        let n = CodeText.number
        return "CAFrameRateRangeMake(\(n(r.minimum)), \(n(r.maximum)), \(n(r.preferred)))"
    }

    static func rate(_ v: Double) -> String { CodeText.number(v) }

    /// `transform.rotation.z, repeating forever every 1 s`.
    static func describe(_ a: LayerAnimation) -> String {
        let path = a.keyPath.map { "`\($0)`" } ?? "an animation"
        let seconds = CodeText.number(a.duration > 0 ? a.duration : 0.25)
        let times = a.repeatCount.isInfinite ? "forever" : "\(CodeText.number(a.repeatCount)) times"
        return "\(path) (\(seconds) s, repeating \(times)\(a.autoreverses ? ", autoreversing" : ""))"
    }
}
