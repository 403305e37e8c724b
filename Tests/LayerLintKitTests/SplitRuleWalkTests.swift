import Foundation
import LayerLintKit
import Testing

/// A large snapshot's layers are walked in parts on several threads (`RuleEngine.workers`).
/// The findings must be those of one walk, in the same order, whatever the split.
@Suite("Split rule walk: the findings of one walk")
struct SplitRuleWalkTests {
    @Test("every fixture and real dump, split in 2, 3 and 7 parts", arguments: [2, 3, 7])
    func sameFindings(parts: Int) throws {
        let trees = try ScreenAreasTests.trees()
        #expect(trees.count >= 10)
        var split = RuleEngine()
        split.workers = parts
        split.layersPerWorker = 1
        var compared = 0
        for tree in trees {
            let facts = TreeFacts(tree: tree, cost: .default, tolerance: 0.5)
            let one = RuleEngine().evaluate(facts)
            let many = split.evaluate(facts)
            #expect(many.findings == one.findings, "\(tree.screen ?? "?")")
            #expect(many.findings.map(\.layerPath) == one.findings.map(\.layerPath))
            #expect(many.findings.map(\.message) == one.findings.map(\.message))
            #expect(many.paths == one.paths)
            compared += one.findings.count
        }
        #expect(compared > 30)
    }

    @Test("a linter that splits its walk reports as one that does not")
    func linterSplits() throws {
        let tree = try #require(ScreenAreasTests.trees().max { $0.layers.count < $1.layers.count })
        let single = Linter().lint(tree)
        var engine = RuleEngine()
        engine.workers = 4
        engine.layersPerWorker = 2
        let split = Linter(engine: engine).lint(tree)
        #expect(split.findings == single.findings)
        #expect(split.estimate == single.estimate)
        #expect(Linter().splittingSnapshots(into: 3).engine.workers == 3)
    }
}
