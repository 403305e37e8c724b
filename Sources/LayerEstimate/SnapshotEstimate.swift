import LayerFacts
import LayerModel
import LayerRules

/// One layer's offscreen passes now and once every suggested fix is applied. A busy
/// screen has one for every other layer: 40 bytes each, Xcode's observations the layer's box.
public struct LayerEstimate: Sendable, Hashable {
    public var costs: LayerCosts
    /// The pixels one offscreen pass over the layer covers (`TreeFacts.offscreenPixels`).
    public var areaPixels: Int = 0
    let paths: PathTable
    private let observations: XcodeObservations?
    private let layerIndex: Int32
    private let passesAfter: Int32

    init(layer: Int, costs: LayerCosts, passesAfterFixes: Int, observations: XcodeObservations?,
         areaPixels: Int, paths: PathTable) {
        layerIndex = Int32(clamping: layer); self.costs = costs; passesAfter = Int32(clamping: passesAfterFixes)
        self.observations = observations
        self.areaPixels = areaPixels; self.paths = paths
    }

    public var layer: Int { Int(layerIndex) }
    public var passesAfterFixes: Int { Int(passesAfter) }
    public var observedOffscreenCount: Int? { observations?.offscreenCount }
    /// The optimization opportunities Xcode's view debugger listed for this layer.
    public var observedOptimizationOpportunities: [String] { observations?.optimizationOpportunities ?? [] }

    /// Pixels rendered offscreen per frame, now and after the fixes: passes × area.
    public var offscreenPixels: Int { passes * areaPixels }
    public var offscreenPixelsAfterFixes: Int { passesAfterFixes * areaPixels }

    public var layerPath: String { paths[layer] }
    /// Calls `body` with the UTF-8 bytes of `layerPath`, without making a string of them
    /// (a report of every offscreen layer quotes them straight from the path table).
    public func withLayerPath(_ body: (UnsafeBufferPointer<UInt8>) -> Void) { paths.withPath(of: layer, body) }
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
    /// Pixels rendered offscreen per frame, summed over the layers: each layer's passes
    /// times the area one pass covers (docs/cost-model.md, "Cost in pixels").
    public var offscreenPixels: Int
    public var offscreenPixelsAfterFixes: Int
    /// `offscreenPixels` in millions: "offscreen megapixels per frame".
    public var offscreenMegapixels: Double { Double(offscreenPixels) / 1e6 }
    public var offscreenMegapixelsAfterFixes: Double { Double(offscreenPixelsAfterFixes) / 1e6 }
    /// Frames per second the snapshot's repeating animations and running display links ask
    /// the display for (the highest of them; 0 when nothing repeats), now and once the
    /// frame-rate fixes are applied. Passes are paid on every one of these frames. A fix
    /// that raises a rate (promotion-disabled) is not a saving and does not count
    /// (docs/cost-model.md, "Frame rate").
    public var framesPerSecond: Double = 0
    public var framesPerSecondAfterFixes: Double = 0
    /// Whether anything in the snapshot repeats: reports show the figure only then.
    public var hasFrameRateSources = false

    /// Fixes replace the cost of the reason they address with what is left after them;
    /// every other reason on the layer stays.
    /// `paths` (from `RuleEngine.evaluate`) holds every layer that costs passes, carries an
    /// observed count or observed opportunities, or has a finding.
    public init(facts: TreeFacts, findings: [Finding], paths: PathTable) {
        let tree = facts.tree
        let n = tree.layers.count
        // What each layer's fixes change: passes after the fix minus passes now. An array,
        // not a dictionary: every layer is looked up once, and hashing each index would
        // cost more than the rest of the pass.
        // Int32 (a layer's passes fit with room to spare): at a million layers this array
        // is alive with everything else, at the run's peak.
        var fixDelta = [Int32](repeating: 0, count: n)
        var hasFix = [Bool](repeating: false, count: n)
        // By index: a finding bound to a constant is copied, which retains its references.
        for k in findings.indices {
            let layer = findings[k].layer
            fixDelta[layer] &+= Int32(clamping: findings[k].passesAfterFix - findings[k].passes)
            hasFix[layer] = true
        }
        var layers: [LayerEstimate] = []
        var total = 0, after = 0, observed = 0, pixels = 0, pixelsAfter = 0
        var areas = ScreenAreas(facts)
        // Layers are borrowed in place: copying each one would retain its shared box.
        tree.layers.withUnsafeBufferPointer { treeLayers in
            // Inlined: a call would copy the layer it borrows.
            @inline(__always) func getsRow(_ i: Int) -> Bool { hasFix[i] || facts.isReported(i, treeLayers[i]) }
            // Counted first, so the array is allocated once at its size: growing it would
            // hold the old and the new copy at once.
            layers.reserveCapacity((0..<n).reduce(0) { $0 + (getsRow($1) ? 1 : 0) })
            // The layer findings come in layer order (the snapshot rules' follow, on the
            // root): `next` is the first not below the layer at hand.
            var next = 0
            for i in 0..<n where getsRow(i) {
                let costs = facts.costs[i]
                let observations = treeLayers[i].observations
                let remaining = costs.total + Int(fixDelta[i])
                while next < findings.count && findings[next].layer < i { next += 1 }
                // A layer finding's area is its layer's: the rule walk asked the same
                // question of the same facts. None is set on a snapshot finding, so only a
                // known area is taken, and any other is asked again.
                let found = next < findings.count && findings[next].layer == i ? findings[next].areaPixels : 0
                let area = costs.total > 0 || remaining > 0 ? (found > 0 ? found : areas.pixels(of: i)) : 0
                layers.append(LayerEstimate(layer: i, costs: costs, passesAfterFixes: remaining,
                                            observations: observations, areaPixels: area, paths: paths))
                total += costs.total
                after += remaining
                // At most 255 passes per reason times 2^40 pixels per layer: the sums are
                // kept from overflowing by saturating.
                pixels = Self.saturatingAdd(pixels, costs.total.multipliedReportingOverflow(by: area))
                pixelsAfter = Self.saturatingAdd(pixelsAfter, remaining.multipliedReportingOverflow(by: area))
                if observations?.offscreenCount != nil { observed += 1 }
            }
        }
        self.layers = layers
        self.passes = total
        self.passesAfterFixes = after
        self.observedLayers = observed
        self.offscreenPixels = pixels
        self.offscreenPixelsAfterFixes = pixelsAfter
        let demands = FrameRateDemands(facts: facts)
        hasFrameRateSources = !demands.rates.isEmpty
        framesPerSecond = demands.highest
        framesPerSecondAfterFixes = demands.highest(after: findings.compactMap(\.frameRate))
    }

    static func saturatingAdd(_ sum: Int, _ product: (partialValue: Int, overflow: Bool)) -> Int {
        guard !product.overflow else { return Int.max }
        let (s, o) = sum.addingReportingOverflow(product.partialValue)
        return o ? Int.max : s
    }
}
