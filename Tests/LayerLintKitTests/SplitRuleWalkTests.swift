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

/// A large snapshot's estimate is made in ranges of layers on several threads
/// (`SnapshotEstimate(workers:)`): rows and totals must be those of one pass.
@Suite("Split estimate: the rows and totals of one pass")
struct SplitEstimateTests {
    @Test("every fixture and real dump, estimated in ranges of 1 to 8 layers", arguments: [(2, 1), (3, 3), (7, 8)])
    func sameEstimate(workers: Int, layersPerWorker: Int) throws {
        var compared = 0, split = 0
        for tree in try ScreenAreasTests.trees() {
            if tree.layers.count >= 2 * layersPerWorker { split += 1 }
            let facts = TreeFacts(tree: tree, cost: .default, tolerance: 0.5)
            let (findings, paths) = RuleEngine().evaluate(facts)
            let one = SnapshotEstimate(facts: facts, findings: findings, paths: paths)
            let split = SnapshotEstimate(facts: facts, findings: findings, paths: paths, workers: workers, layersPerWorker: layersPerWorker)
            #expect(split == one, "\(tree.screen ?? "?")")
            #expect(split.layers.map(\.areaPixels) == one.layers.map(\.areaPixels))
            compared += one.layers.count
        }
        #expect(compared > 30)
        #expect(split >= 10)
    }
}
