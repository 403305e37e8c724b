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

    public func findings(in facts: TreeFacts) -> [Finding] {
        let context = RuleContext(facts: facts, recognizer: recognizer)
        let descriptions = rules.map { catalog[type(of: $0).id] }
        var out: [Finding] = []
        let tree = facts.tree
        for i in 0..<tree.layers.count where facts.isVisible[i] && tree.layers[i].role != .mask {
            // By index: a description is large, and only a match needs it.
            for r in rules.indices {
                guard let match = rules[r].check(i, in: context), descriptions[r] != nil else { continue }
                out.append(finding(match, layer: i, tree: tree, paths: facts.paths, description: descriptions[r]!))
            }
        }
        return out
    }

    private func finding(_ match: RuleMatch, layer i: Int, tree: LayerTree, paths: LayerPaths, description d: RuleDescription) -> Finding {
        let layer = tree.layers[i]
        var values = match.values
        values["layer"] = values["layer"] ?? tree.label(of: i)
        values["passes"] = String(match.passes)
        values["passesAfter"] = String(match.passesAfterFix)
        let template = match.messageVariant.flatMap { d.messageVariants[$0] } ?? d.message
        return Finding(
            rule: d.id,
            severity: match.severity ?? d.severity,
            layer: i,
            layerPath: paths.path(of: i),
            layerName: tree.name(of: i),
            location: layer.location,
            reason: match.reason,
            passes: match.passes,
            passesAfterFix: match.passesAfterFix,
            message: template.render(values),
            fix: FixSuggestion(summary: d.fixSummary.render(values), swift: d.fixSwift.render(values), objc: d.fixObjC.render(values)),
            observedOffscreenCount: layer.observedOffscreenCount)
    }
}
