/// Offscreen passes each trigger costs. Defaults are the domain note's table
/// (docs/cost-model.md); every number can be overridden.
public struct CostModel: Sendable, Hashable {
    public var shadowWithoutPathBlurred = 5
    public var shadowWithoutPathSharp = 1
    public var mask = 2
    public var roundedClipOverSublayers = 1
    public var groupOpacity = 1
    public var rasterize = 1
    public var backdropBlur = 5
    public var vibrancy = 2
    public init() {}
    public static let `default` = CostModel()
    /// The most passes one reason can cost one layer: `LayerCosts` keeps each in a byte.
    /// The configuration refuses more; an embedder's larger value is cut to this.
    public static let maximumPasses = 255
}

/// Why a layer renders offscreen: Xcode's offscreen flags, in our words.
public enum OffscreenReason: String, Sendable, Hashable, CaseIterable {
    case shadow
    case mask
    case roundedClip
    case groupOpacity
    case rasterization
    case backdropBlur
    case vibrancy
    /// The frame-rate rules: they cost no offscreen pass, and their fixes remove none; what
    /// they change is how many frames a second the display renders.
    case frameRate
}

/// One reason with what it costs on this layer.
public struct OffscreenCost: Sendable, Hashable {
    public var reason: OffscreenReason
    public var passes: Int
    public init(reason: OffscreenReason, passes: Int) { self.reason = reason; self.passes = passes }
}
