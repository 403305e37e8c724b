/// What Xcode's view debugger showed for a layer: the offscreen passes its inspector
/// counted and the optimization opportunities it listed. Only imports of Xcode's exports
/// carry it. Immutable and shared: the layer, its findings and its estimate row hold the
/// same box, so a report of a million layers allocates one per observed layer.
public final class XcodeObservations: Sendable, Hashable {
    public let offscreenCount: Int?
    public let optimizationOpportunities: [String]

    /// Nil when nothing was observed.
    public init?(offscreenCount: Int?, optimizationOpportunities: [String]) {
        guard offscreenCount != nil || !optimizationOpportunities.isEmpty else { return nil }
        self.offscreenCount = offscreenCount
        self.optimizationOpportunities = optimizationOpportunities
    }

    public static func == (a: XcodeObservations, b: XcodeObservations) -> Bool {
        a === b || (a.offscreenCount == b.offscreenCount && a.optimizationOpportunities == b.optimizationOpportunities)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(offscreenCount)
        hasher.combine(optimizationOpportunities)
    }
}
