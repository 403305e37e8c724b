import LayerDecode
import LayerImport
import LayerEstimate
import LayerFacts
import LayerModel
import LayerReport
import LayerRules

/// The whole pipeline for embedders: bytes → model → facts → findings → estimate → report.
public struct Linter: Sendable {
    public var cost: CostModel
    public var engine: RuleEngine
    public var tolerance: Double
    /// Ceilings on what one file may hold (`limits:` in `.layerlint.yml`).
    public var limits: DecodeLimits
    /// Which classes UIKit and AppKit create (`ownership:` in `.layerlint.yml`).
    public var ownership: OwnershipPatterns
    /// Whether findings deep inside layers the system created are reported
    /// (`--include-system`); by default they are counted, not listed.
    public var includeSystem: Bool
    /// Whether each snapshot's report carries its drawing (`SnapshotReport.drawing`), which
    /// the html and svg reports need and the others do not pay for.
    public var drawings = false

    public init(cost: CostModel = .default, engine: RuleEngine = RuleEngine(), tolerance: Double = 0.5,
                limits: DecodeLimits = DecodeLimits(), ownership: OwnershipPatterns = .default, includeSystem: Bool = false) {
        self.cost = cost; self.engine = engine; self.tolerance = tolerance; self.limits = limits
        self.ownership = ownership; self.includeSystem = includeSystem
    }

    /// Lints one snapshot that is already in memory.
    /// This linter, with each snapshot's layers walked by up to `workers` threads
    /// (`RuleEngine.workers`): for the cores a run of fewer files than cores leaves idle.
    public func splittingSnapshots(into workers: Int) -> Linter {
        var linter = self
        linter.engine.workers = workers
        return linter
    }

    public func lint(_ tree: LayerTree) -> SnapshotReport {
        // Who owns each layer and the layers' paths need only the tree: on another core,
        // beside the facts, when the snapshot is large enough to be split.
        let patterns = ownership
        let byTree = OnAnotherCore(elsewhere: splits(tree)) { () -> (LayerOwnership, LayerPaths) in
            (LayerOwnership(tree: tree, patterns: patterns), LayerPaths(tree))
        }
        let facts = TreeFacts(tree: tree, cost: cost, tolerance: tolerance, workers: engine.workers,
                              layersPerWorker: engine.layersPerWorker)
        let owners: LayerOwnership
        var findings: [Finding], paths: PathTable
        var hidden = (findings: 0, passes: 0, pixels: 0)
        do {
            // One set of layer paths for the rules' table and the system owners' paths, let
            // go before the estimate (at a million layers they are megabytes).
            let (ownership, layerPaths) = byTree.take()
            owners = ownership
            (findings, paths) = engine.evaluate(facts, layerPaths: layerPaths)
            // The estimate counts every pass now, the system's layers included: it is what
            // the screen costs. "After fixes" composes the fixes the report suggests, so a
            // fix deep inside UIKit's layers that the run does not list is not assumed.
            if owners.hasSystemLayers {
                // Findings come in preorder, so those inside one cell follow one another and
                // share its path (one string, spelled once).
                var last: (owner: Int, path: String)?
                for k in findings.indices where owners.isSystem(findings[k].layer) {
                    let i = findings[k].layer
                    let path = owners.appOwner(of: i).map { owner in
                        if let last, last.owner == owner { return last.path }
                        let path = layerPaths.path(of: owner)
                        last = (owner, path)
                        return path
                    }
                    findings[k].systemOwner = SystemOwner(appLayerPath: path, isReachable: owners.isReachableFromApp(i))
                }
            }
        }
        if owners.hasSystemLayers && !includeSystem {
            let before = findings.count
            findings.removeAll { $0.systemOwner.map { !$0.isReachable } ?? false }
            hidden.findings = before - findings.count
        }
        let estimate = SnapshotEstimate(facts: facts, findings: findings, paths: paths, workers: splits(tree) ? engine.workers : 1,
                                        layersPerWorker: engine.layersPerWorker)
        if owners.hasSystemLayers && !includeSystem {
            for l in estimate.layers where owners.isSystem(l.layer) && !owners.isReachableFromApp(l.layer) {
                hidden.passes += l.passes
                hidden.pixels += l.offscreenPixels
            }
        }
        var report = SnapshotReport(screen: tree.screen, line: Int(tree.location.line), layerCount: tree.layers.count,
                                    refreshRate: tree.refreshRate, findings: findings, estimate: estimate)
        report.hiddenSystemFindings = hidden.findings
        report.hiddenSystemPasses = hidden.passes
        report.hiddenSystemOffscreenPixels = hidden.pixels
        if drawings { report.drawing = SnapshotDrawing(facts: facts, estimate: estimate) }
        // The frame-rate keys are the snapshot's (LayerTree.frameRateUnknown): a dump without
        // them is still known layer by layer, so its estimate of passes stays exact.
        let layerUnknown = facts.hasUnknowns ? tree.layers.reduce(UnknownProperties()) { $0.union($1.unknown) } : []
        report.unknownProperties = layerUnknown.union(tree.frameRateUnknown)
        if !report.unknownProperties.isEmpty {
            report.rulesNotRun = engine.rulesThatCannotRun(without: report.unknownProperties)
        }
        return report
    }

    /// Lints the bytes of one file, written in `syntax`.
    public func lint(bytes: UnsafeRawBufferPointer, path: String, syntax: DumpSyntax) -> FileReport {
        report(DumpReader(limits: limits).read(bytes, syntax: syntax), path: path)
    }

    /// Lints the file at `path`, which is read as it is decoded, never whole.
    public func lint(contentsOf path: String, syntax: DumpSyntax) -> FileReport {
        let decoded = DumpReader(limits: limits, workers: engine.workers).read(contentsOf: path, syntax: syntax)
        let report = report(decoded, path: path)
        // The reports wait for this thread, not for the tree's memory to be given back.
        let large = decoded.snapshots.contains(where: splits)
        release(consume decoded, elsewhere: large)
        return report
    }

    /// Whether `tree` is large enough for its work to be shared among threads: the rule
    /// walk's threshold, which the facts use too (at least two threads' worth of layers).
    private func splits(_ tree: LayerTree) -> Bool {
        engine.workers > 1 && tree.layers.count >= engine.layersPerWorker * 2
    }

    private func report(_ decoded: DecodedDump, path: String) -> FileReport {
        var report = FileReport(path: path)
        report.warnings = decoded.warnings.map(Self.message)
        if let error = decoded.error {
            report.error = InputMessage(severity: "error", message: error.message,
                                        line: Int(error.location.line), column: Int(error.location.column))
            return report
        }
        // Every reader makes an empty file an error; this is the backstop for any way a file
        // could still end with nothing to lint, which must not pass in silence.
        guard !decoded.snapshots.isEmpty else {
            report.error = InputMessage(severity: "error", message: "the file holds no snapshot, so nothing in it was linted", line: 0, column: 0)
            return report
        }
        report.snapshots = decoded.snapshots.map(lint)
        return report
    }

    public func lint(text: String, path: String = "<text>", syntax: DumpSyntax = .yaml) -> FileReport {
        Array(text.utf8).withUnsafeBytes { lint(bytes: $0, path: path, syntax: syntax) }
    }

    static func message(_ d: Diagnostic) -> InputMessage {
        InputMessage(severity: d.severity.rawValue, message: d.message, line: Int(d.location.line), column: Int(d.location.column))
    }
}
