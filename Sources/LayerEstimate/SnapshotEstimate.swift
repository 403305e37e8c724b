import LayerFacts
import LayerModel
import LayerRules

/// One layer's offscreen passes now and once every suggested fix is applied.
public struct LayerEstimate: Sendable, Hashable {
    public var layer: Int
    public var layerPath: String
    public var reasons: [OffscreenCost]
    public var passes: Int
    public var passesAfterFixes: Int
    public var observedOffscreenCount: Int?
}

/// The estimate for a snapshot: per layer and in total, now and after fixes.
public struct SnapshotEstimate: Sendable, Hashable {
    public var layers: [LayerEstimate]
    public var passes: Int
    public var passesAfterFixes: Int
    /// Layers whose dump carries Xcode's observed count.
    public var observedLayers: Int

    /// Fixes replace the cost of the reason they address with what is left after them;
    /// every other reason on the layer stays.
    public init(facts: TreeFacts, findings: [Finding]) {
        let tree = facts.tree
        var byLayer: [Int: [Finding]] = [:]
        for f in findings { byLayer[f.layer, default: []].append(f) }
        var layers: [LayerEstimate] = []
        var total = 0, after = 0, observed = 0
        for i in 0..<tree.layers.count {
            let costs = facts.costs[i]
            let observedCount = tree.layers[i].observedOffscreenCount
            guard !costs.isEmpty || observedCount != nil || byLayer[i] != nil else { continue }
            var remaining = costs.total
            for f in byLayer[i] ?? [] { remaining += f.passesAfterFix - f.passes }
            layers.append(LayerEstimate(layer: i, layerPath: facts.paths.path(of: i), reasons: costs.reasons,
                                        passes: costs.total, passesAfterFixes: remaining,
                                        observedOffscreenCount: observedCount))
            total += costs.total
            after += remaining
            if observedCount != nil { observed += 1 }
        }
        self.layers = layers
        self.passes = total
        self.passesAfterFixes = after
        self.observedLayers = observed
    }
}
