import Dispatch
import LayerFacts
import LayerGeometry
import LayerModel

/// Runs the rules over a snapshot in one walk and turns matches into findings, with
/// words from the catalog.
public struct RuleEngine: Sendable {
    public var rules: [any LayerRule]
    public var catalog: RuleCatalog
    public var recognizer: ShapeRecognizer
    /// Severities that replace the catalog's, by rule id (a configuration's `rules:`).
    public var severityOverrides: [String: Severity]
    /// How many threads may walk one snapshot's layers. Only snapshots of at least
    /// `layersPerWorker` layers per thread are split: below that, starting threads costs
    /// more than it saves.
    public var workers = 1
    public var layersPerWorker = 25_000
    /// How many ranges of layers a split walk has per thread.
    static let rangesPerWorker = 4

    public init(rules: [any LayerRule] = RuleRegistry.all, catalog: RuleCatalog = .embedded,
                recognizer: ShapeRecognizer = ShapeRecognizer(), severityOverrides: [String: Severity] = [:]) {
        self.rules = rules; self.catalog = catalog; self.recognizer = recognizer
        self.severityOverrides = severityOverrides
    }

    /// This engine with only the rules whose ids are in `ids`.
    public func enabling(_ ids: Set<String>) -> RuleEngine {
        var engine = self
        engine.rules = rules.filter { ids.contains(type(of: $0).id) }
        return engine
    }

    public func findings(in facts: TreeFacts) -> [Finding] { evaluate(facts).findings }

    /// The rules that run, each with what it needs that `unknown` holds: on a dump that
    /// does not carry those properties, the rule cannot find what it looks for.
    public func rulesThatCannotRun(without unknown: UnknownProperties) -> [RuleBlindness] {
        guard !unknown.isEmpty else { return [] }
        return rules.compactMap { rule in
            let id = type(of: rule).id
            guard let needs = catalog[id]?.needs, !needs.isDisjoint(with: unknown) else { return nil }
            return RuleBlindness(rule: id, missing: needs.intersection(unknown))
        }
    }

    /// The findings, and the paths of every layer a report may name: those with a finding
    /// and those that cost passes (the estimate lists them). `layerPaths`, when the caller
    /// has them for the same tree, saves building them again.
    public func evaluate(_ facts: TreeFacts, layerPaths: LayerPaths? = nil) -> (findings: [Finding], paths: PathTable) {
        let descriptions = rules.map { catalog[type(of: $0).id] }
        // One set of words per rule and message variant, shared by its findings.
        let words = descriptions.map { d in d.map { RuleWords($0, severity: severityOverrides[$0.id]) } }
        let tree = facts.tree
        let n = tree.layers.count
        // A large snapshot's layers are split into ranges walked side by side, each with its
        // own memos; the ranges are in order, so the findings are those of one walk.
        let parts = min(max(workers, 1), n / max(layersPerWorker, 1))
        // Snapshot rules speak of the app, not a layer: their findings sit on the root, after
        // the layers' ones. Found first, so the one array of all findings is never regrown.
        var snapshotFindings: [Finding] = []
        if n > 0 {
            let context = RuleContext(facts: facts, recognizer: recognizer)
            for r in rules.indices {
                guard let w = words[r] else { continue }
                for match in rules[r].checkSnapshot(in: context) {
                    snapshotFindings.append(tree.layers.withUnsafeBufferPointer { finding(match, layer: 0, of: $0[0], tree: tree, words: w) })
                }
            }
        }
        var out: [Finding]
        if parts <= 1 {
            out = findings(in: 0..<n, facts, words).joined(room: snapshotFindings.count)
        } else {
            // More ranges than threads, each taken by whichever thread is free: the regions
            // of a tree differ in work, and so do the threads (the calling one walked a
            // third slower than its helper on the mixed dump), so two halves walked side by
            // side ended a tenth of the walk apart.
            let ranges = parts * Self.rangesPerWorker
            let results = PartResults(count: ranges)
            let claims = RangeClaims(count: ranges)
            DispatchQueue.concurrentPerform(iterations: parts) { _ in
                while let r = claims.next() {
                    results.set(r, findings(in: TreeFacts.chunk(r, of: n, in: ranges), facts, words))
                }
            }
            out = results.joined(room: snapshotFindings.count)
        }
        out.append(contentsOf: snapshotFindings)
        var named = out.map(\.layer)
        tree.layers.withUnsafeBufferPointer { layers in
            for i in facts.costs.indices where facts.isReported(i, layers[i]) { named.append(i) }
        }
        // Built here and let go once the table has the paths it needs: at a million layers
        // its per-layer arrays would otherwise sit through the estimate, at the run's peak.
        let table = PathTable(layerPaths ?? LayerPaths(tree), layers: named)
        for k in out.indices { out[k].paths = table }
        return (out, table)
    }

    /// The layer rules' findings on the layers of `range`, in order.
    private func findings(in range: Range<Int>, _ facts: TreeFacts, _ words: [RuleWords?]) -> ChunkedList<Finding> {
        let context = RuleContext(facts: facts, recognizer: recognizer)
        let tree = facts.tree
        let triggers = rules.map { type(of: $0).triggers }
        var areas = ScreenAreas(facts)
        var out = ChunkedList<Finding>()
        // Layers are read in place: a copy of one retains its shared box.
        tree.layers.withUnsafeBufferPointer { layers in
            for i in range where facts.isVisible[i] && layers[i].role != .mask {
                let offered = RuleTriggers(of: layers[i])
                // By index: a description is large, and only a match needs it.
                for r in rules.indices where !triggers[r].isDisjoint(with: offered) {
                    guard let match = rules[r].check(i, in: context), let w = words[r] else { continue }
                    var f = finding(match, layer: i, of: layers[i], tree: tree, words: w)
                    f.areaPixels = areas.pixels(of: i)
                    out.append(f)
                }
            }
        }
        context.finish()
        return out
    }

    private func finding(_ match: RuleMatch, layer i: Int, of layer: borrowing Layer, tree: LayerTree, words w: RuleWords) -> Finding {
        Finding(
            severity: w.severity(of: match),
            layer: i,
            paths: Self.noPaths,
            location: match.location ?? layer.location,
            reason: match.reason,
            passes: match.passes,
            passesAfterFix: match.passesAfterFix,
            words: match.messageVariant.flatMap { w.variants[$0] } ?? w.standard,
            // The rule's values are shared; the label and passes are a few bytes.
            values: FindingValues(match.words, layer: tree.label(of: i)),
            extras: FindingExtras.carrying(observations: layer.observations, systemOwner: nil, frameRate: match.frameRate))
    }

    /// Findings hold this until the snapshot's table is built.
    private static let noPaths = PathTable(LayerPaths(LayerTree()), layers: [])
}

/// A rule's words, ready to share: its default message and each named variant.
private struct RuleWords {
    let id: String
    let severity: Severity
    /// The configured severity, when the configuration replaces the catalog's.
    let override: Severity?
    let standard: FindingWords
    let variants: [String: FindingWords]

    init(_ d: RuleDescription, severity override: Severity?) {
        id = d.id
        severity = d.severity
        self.override = override
        func words(_ message: MessageTemplate) -> FindingWords {
            FindingWords(rule: d.id, message: message, fixSummary: d.fixSummary, fixSwift: d.fixSwift, fixObjC: d.fixObjC)
        }
        standard = words(d.message)
        variants = d.messageVariants.mapValues(words)
    }

    /// The match's own severity or the catalog's, replaced by the configured one. A rule
    /// that marks a finding below its catalog severity (a clip that costs nothing) says
    /// it matters less than the rest: the override never raises it above that.
    func severity(of match: RuleMatch) -> Severity {
        guard let override else { return match.severity ?? severity }
        guard let own = match.severity, own < severity else { return override }
        return min(own, override)
    }
}

/// A rule that could not judge a snapshot, and the properties the dump did not carry.
public struct RuleBlindness: Sendable, Hashable {
    public var rule: String
    public var missing: UnknownProperties
    public init(rule: String, missing: UnknownProperties) { self.rule = rule; self.missing = missing }
}

/// The ranges of one walk, handed out in order to whichever thread asks next.
private final class RangeClaims: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private let count: Int
    private var taken = 0

    init(count: Int) { self.count = count }

    func next() -> Int? {
        lock.wait()
        defer { lock.signal() }
        guard taken < count else { return nil }
        taken += 1
        return taken - 1
    }
}

/// The findings of each part of a split walk, a slot per part (`ThreadSlots`).
private struct PartResults: Sendable {
    private let parts: ThreadSlots<ChunkedList<Finding>>

    init(count: Int) { parts = ThreadSlots(count: count, repeating: ChunkedList()) }

    func set(_ k: Int, _ findings: ChunkedList<Finding>) { parts.with(k) { $0 = findings } }

    /// The parts in order, with `room` for more, each chunk let go once copied: at a
    /// million layers the copy and the parts together would otherwise hold the findings twice.
    func joined(room: Int) -> [Finding] {
        var out: [Finding] = []
        out.reserveCapacity((0..<parts.count).reduce(room) { total, k in total + parts.with(k) { $0.count } })
        for k in 0..<parts.count { parts.with(k) { $0.move(into: &out) } }
        return out
    }
}
