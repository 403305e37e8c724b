import Dispatch
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
    /// observed count or observed opportunities, or has a finding. With `workers` above
    /// one, a large tree's layers are estimated in ranges side by side: the estimate ran on
    /// one thread between the rule walk and the reports, a twentieth of a 100,000-layer lint.
    /// A range has at least `layersPerWorker` layers (`RuleEngine.layersPerWorker`): fewer
    /// are not worth a thread.
    public init(facts: TreeFacts, findings: [Finding], paths: PathTable, workers: Int = 1, layersPerWorker: Int = 25_000) {
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
        let perPart = max(layersPerWorker, 1)
        let parts = workers > 1 && n >= perPart * 2 ? min(workers * 2, n / perPart) : 1
        let ranges = (0..<parts).map { r in TreeFacts.chunk(r, of: n, in: parts) }
        let sums = ThreadSlots(count: parts, repeating: Sums())
        layers = fixDelta.withUnsafeBufferPointer { fixDelta in
            hasFix.withUnsafeBufferPointer { hasFix in
                let pass = EstimatePass(facts: facts, findings: findings, paths: paths, fixDelta: fixDelta, hasFix: hasFix)
                // Counted first, so the rows are written once, in place, at their size: an
                // array grown, or one per range joined, would hold them twice at the peak.
                let counts = ThreadSlots(count: parts, repeating: 0)
                Self.each(parts) { r in counts.with(r) { $0 = pass.rowCount(in: ranges[r]) } }
                var rowStarts = [0]
                for r in 0..<parts { rowStarts.append(rowStarts[r] + counts.with(r) { $0 }) }
                let starts = rowStarts
                // No rows is no array made in place: with no capacity, the initialiser sets the
                // count of the one empty array every empty array shares, which other threads
                // read (the thread sanitizer reports it).
                guard starts[parts] > 0 else { return [] }
                return [LayerEstimate](unsafeUninitializedCapacity: starts[parts]) { rows, initialized in
                    let rows = RowBuffer(rows)
                    Self.each(parts) { r in sums.with(r) { $0 = pass.write(ranges[r], into: rows, at: starts[r]) } }
                    initialized = starts[parts]
                }
            }
        }
        // Added in order, saturating as one pass over the layers did.
        var total = Sums()
        for r in 0..<parts { total.add(sums.with(r) { $0 }) }
        self.passes = total.passes
        self.passesAfterFixes = total.after
        self.observedLayers = total.observed
        self.offscreenPixels = total.pixels
        self.offscreenPixelsAfterFixes = total.pixelsAfter
        let demands = FrameRateDemands(facts: facts)
        hasFrameRateSources = !demands.rates.isEmpty
        framesPerSecond = demands.highest
        framesPerSecondAfterFixes = demands.highest(after: findings.compactMap(\.frameRate))
    }

    /// Runs `body` for `0..<count`, side by side when there is more than one.
    private static func each(_ count: Int, _ body: @Sendable (Int) -> Void) {
        if count == 1 { body(0) } else { DispatchQueue.concurrentPerform(iterations: count, execute: body) }
    }

    /// The totals of a range of layers.
    private struct Sums {
        var passes = 0, after = 0, observed = 0, pixels = 0, pixelsAfter = 0

        mutating func add(_ other: Sums) {
            passes += other.passes
            after += other.after
            observed += other.observed
            pixels = SnapshotEstimate.saturatingAdd(pixels, (other.pixels, false))
            pixelsAfter = SnapshotEstimate.saturatingAdd(pixelsAfter, (other.pixelsAfter, false))
        }
    }

    /// The rows of the layers, written by the ranges into one buffer, each its own part of it.
    private struct RowBuffer: @unchecked Sendable {
        let base: UnsafeMutableBufferPointer<LayerEstimate>
        init(_ base: UnsafeMutableBufferPointer<LayerEstimate>) { self.base = base }
    }

    /// What one range of layers reads: the tree, its facts and findings, and each layer's
    /// fix. The buffers are read, never written, while the ranges run.
    private struct EstimatePass: @unchecked Sendable {
        let facts: TreeFacts
        let findings: [Finding]
        let paths: PathTable
        let fixDelta: UnsafeBufferPointer<Int32>
        let hasFix: UnsafeBufferPointer<Bool>

        /// Whether layer `i` gets a row: it has a fix, or a reason to be reported.
        @inline(__always)
        private func getsRow(_ i: Int, _ layers: UnsafeBufferPointer<Layer>) -> Bool {
            hasFix[i] || facts.isReported(i, layers[i])
        }

        func rowCount(in range: Range<Int>) -> Int {
            // Layers are borrowed in place: copying each one would retain its shared box.
            facts.tree.layers.withUnsafeBufferPointer { layers in range.reduce(0) { $0 + (getsRow($1, layers) ? 1 : 0) } }
        }

        /// Writes the rows of `range` from `start` on, and returns their totals.
        func write(_ range: Range<Int>, into rows: RowBuffer, at start: Int) -> Sums {
            var sums = Sums()
            var areas = ScreenAreas(facts)
            var at = start
            // The layer findings come in layer order (the snapshot rules' follow, on the
            // root): `next` is the first not below the layer at hand, each range searching
            // from the first finding.
            var next = 0
            facts.tree.layers.withUnsafeBufferPointer { layers in
                for i in range where getsRow(i, layers) {
                    let costs = facts.costs[i]
                    let observations = layers[i].observations
                    let remaining = costs.total + Int(fixDelta[i])
                    while next < findings.count && findings[next].layer < i { next += 1 }
                    // A layer finding's area is its layer's: the rule walk asked the same
                    // question of the same facts. None is set on a snapshot finding, so only
                    // a known area is taken, and any other is asked again.
                    let found = next < findings.count && findings[next].layer == i ? findings[next].areaPixels : 0
                    let area = costs.total > 0 || remaining > 0 ? (found > 0 ? found : areas.pixels(of: i)) : 0
                    (rows.base.baseAddress! + at).initialize(to: LayerEstimate(
                        layer: i, costs: costs, passesAfterFixes: remaining, observations: observations, areaPixels: area, paths: paths))
                    at += 1
                    sums.passes += costs.total
                    sums.after += remaining
                    // At most 255 passes per reason times 2^40 pixels per layer: the sums are
                    // kept from overflowing by saturating.
                    sums.pixels = SnapshotEstimate.saturatingAdd(sums.pixels, costs.total.multipliedReportingOverflow(by: area))
                    sums.pixelsAfter = SnapshotEstimate.saturatingAdd(sums.pixelsAfter, remaining.multipliedReportingOverflow(by: area))
                    if observations?.offscreenCount != nil { sums.observed += 1 }
                }
            }
            return sums
        }
    }

    static func saturatingAdd(_ sum: Int, _ product: (partialValue: Int, overflow: Bool)) -> Int {
        guard !product.overflow else { return Int.max }
        let (s, o) = sum.addingReportingOverflow(product.partialValue)
        return o ? Int.max : s
    }
}
