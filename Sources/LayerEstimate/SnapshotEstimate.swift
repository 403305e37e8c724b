import LayerFacts
import LayerModel
import LayerRules

/// One layer's offscreen passes now and once every suggested fix is applied.
public struct LayerEstimate: Sendable, Hashable {
    public var layer: Int
    public var costs: LayerCosts
    public var passesAfterFixes: Int
    public var observedOffscreenCount: Int?
    /// The optimization opportunities Xcode's view debugger listed for this layer.
    public var observedOptimizationOpportunities: [String] = []
    let paths: PathTable

    public var layerPath: String { paths[layer] }
    public var passes: Int { costs.total }
    public var reasons: [OffscreenCost] { costs.reasons }
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
    /// `paths` (from `RuleEngine.evaluate`) holds every layer that costs passes, carries an
    /// observed count or observed opportunities, or has a finding.
    public init(facts: TreeFacts, findings: [Finding], paths: PathTable) {
        let tree = facts.tree
        // What each layer's fixes change: passes after the fix minus passes now.
        var fixDelta: [Int: Int] = [:]
        for f in findings { fixDelta[f.layer, default: 0] += f.passesAfterFix - f.passes }
        var layers: [LayerEstimate] = []
        var total = 0, after = 0, observed = 0
        for i in 0..<tree.layers.count {
            let costs = facts.costs[i]
            let observedCount = tree.layers[i].observedOffscreenCount
            guard !costs.isEmpty || tree.layers[i].carriesObservations || fixDelta[i] != nil else { continue }
            var remaining = costs.total
            remaining += fixDelta[i] ?? 0
            layers.append(LayerEstimate(layer: i, costs: costs, passesAfterFixes: remaining,
                                        observedOffscreenCount: observedCount,
                                        observedOptimizationOpportunities: tree.layers[i].observedOptimizationOpportunities,
                                        paths: paths))
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
