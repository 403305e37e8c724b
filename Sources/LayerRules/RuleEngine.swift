import LayerFacts
import LayerGeometry
import LayerModel

/// Runs the rules over a snapshot in one walk and turns matches into findings, with
/// words from the catalog.
public struct RuleEngine: Sendable {
    public var rules: [any LayerRule]
    public var catalog: RuleCatalog
    public var recognizer: ShapeRecognizer

    public init(rules: [any LayerRule] = RuleRegistry.all, catalog: RuleCatalog = .embedded,
                recognizer: ShapeRecognizer = ShapeRecognizer()) {
        self.rules = rules; self.catalog = catalog; self.recognizer = recognizer
    }

    public func findings(in facts: TreeFacts) -> [Finding] { evaluate(facts).findings }

    /// The findings, and the paths of every layer a report may name: those with a finding
    /// and those that cost passes (the estimate lists them).
    public func evaluate(_ facts: TreeFacts) -> (findings: [Finding], paths: PathTable) {
        let context = RuleContext(facts: facts, recognizer: recognizer)
        let descriptions = rules.map { catalog[type(of: $0).id] }
        // One set of words per rule and message variant, shared by its findings.
        let words = descriptions.map { d in d.map(RuleWords.init) }
        var out: [Finding] = []
        // Findings on repeated cells repeat their values; equal sets share one copy.
        var valueSets = Set<FindingValues>()
        let tree = facts.tree
        for i in 0..<tree.layers.count where facts.isVisible[i] && tree.layers[i].role != .mask {
            // By index: a description is large, and only a match needs it.
            for r in rules.indices {
                guard let match = rules[r].check(i, in: context), let w = words[r] else { continue }
                var f = finding(match, layer: i, tree: tree, words: w)
                f.values = valueSets.insert(f.values).memberAfterInsert
                out.append(f)
            }
        }
        var named = out.map(\.layer)
        for i in facts.costs.indices where !facts.costs[i].isEmpty || tree.layers[i].observedOffscreenCount != nil { named.append(i) }
        let table = PathTable(facts.paths, layers: named)
        for k in out.indices { out[k].paths = table }
        return (out, table)
    }

    private func finding(_ match: RuleMatch, layer i: Int, tree: LayerTree, words w: RuleWords) -> Finding {
        let layer = tree.layers[i]
        let values = FindingValues(match.values, adding: [
            ("layer", tree.label(of: i)), ("passes", String(match.passes)), ("passesAfter", String(match.passesAfterFix)),
        ])
        return Finding(
            rule: w.id,
            severity: match.severity ?? w.severity,
            layer: i,
            paths: Self.noPaths,
            layerName: tree.name(of: i),
            location: layer.location,
            reason: match.reason,
            passes: match.passes,
            passesAfterFix: match.passesAfterFix,
            observedOffscreenCount: layer.observedOffscreenCount,
            words: match.messageVariant.flatMap { w.variants[$0] } ?? w.standard,
            values: values)
    }

    /// Findings hold this until the snapshot's table is built.
    private static let noPaths = PathTable(LayerPaths(LayerTree()), layers: [])
}

/// A rule's words, ready to share: its default message and each named variant.
private struct RuleWords {
    let id: String
    let severity: Severity
    let standard: FindingWords
    let variants: [String: FindingWords]

    init(_ d: RuleDescription) {
        id = d.id
        severity = d.severity
        func words(_ message: MessageTemplate) -> FindingWords {
            FindingWords(message: message, fixSummary: d.fixSummary, fixSwift: d.fixSwift, fixObjC: d.fixObjC)
        }
        standard = words(d.message)
        variants = d.messageVariants.mapValues(words)
    }
}
