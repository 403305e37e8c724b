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
    /// and those that cost passes (the estimate lists them).
    public func evaluate(_ facts: TreeFacts) -> (findings: [Finding], paths: PathTable) {
        let context = RuleContext(facts: facts, recognizer: recognizer)
        let descriptions = rules.map { catalog[type(of: $0).id] }
        // One set of words per rule and message variant, shared by its findings.
        let words = descriptions.map { d in d.map { RuleWords($0, severity: severityOverrides[$0.id]) } }
        var out: [Finding] = []
        var named: [Int] = []
        let tree = facts.tree
        let triggers = rules.map { type(of: $0).triggers }
        var areas = ScreenAreas(facts)
        // Layers are read in place: a copy of one retains its shared box.
        tree.layers.withUnsafeBufferPointer { layers in
            for i in layers.indices where facts.isVisible[i] && layers[i].role != .mask {
                let offered = RuleTriggers(of: layers[i])
                // By index: a description is large, and only a match needs it.
                for r in rules.indices where !triggers[r].isDisjoint(with: offered) {
                    guard let match = rules[r].check(i, in: context), let w = words[r] else { continue }
                    var f = finding(match, layer: i, of: layers[i], tree: tree, words: w)
                    f.areaPixels = areas.pixels(of: i)
                    out.append(f)
                }
            }
            // Snapshot rules speak of the app, not a layer: their findings sit on the root.
            if !layers.isEmpty {
                for r in rules.indices {
                    guard let w = words[r] else { continue }
                    for match in rules[r].checkSnapshot(in: context) {
                        out.append(finding(match, layer: 0, of: layers[0], tree: tree, words: w))
                    }
                }
            }
            named = out.map(\.layer)
            for i in facts.costs.indices where !facts.costs[i].isEmpty || layers[i].carriesObservations { named.append(i) }
        }
        // Built here and let go once the table has the paths it needs: at a million layers
        // its per-layer arrays would otherwise sit through the estimate, at the run's peak.
        let table = PathTable(LayerPaths(tree), layers: named)
        for k in out.indices { out[k].paths = table }
        return (out, table)
    }

    private func finding(_ match: RuleMatch, layer i: Int, of layer: borrowing Layer, tree: LayerTree, words w: RuleWords) -> Finding {
        Finding(
            rule: w.id,
            severity: w.severity(of: match),
            layer: i,
            paths: Self.noPaths,
            location: match.location ?? layer.location,
            reason: match.reason,
            passes: match.passes,
            passesAfterFix: match.passesAfterFix,
            words: match.messageVariant.flatMap { w.variants[$0] } ?? w.standard,
            // The rule's values are shared; the label and passes are a few bytes.
            values: FindingValues(match.ruleValues, layer: tree.label(of: i), passes: match.passes,
                                  passesAfter: match.passesAfterFix),
            extras: FindingExtras(observedOffscreenCount: layer.observedOffscreenCount,
                                  observedOptimizationOpportunities: layer.observedOptimizationOpportunities,
                                  systemOwner: nil, frameRate: match.frameRate))
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
            FindingWords(message: message, fixSummary: d.fixSummary, fixSwift: d.fixSwift, fixObjC: d.fixObjC)
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
