import LayerLintKit
import LayerModel
import Testing

/// A large tree's facts are made in chunks on several threads (`TreeFacts+Passes.swift`).
/// They must be one pass's, layer for layer, whatever the split.
@Suite("Split facts: the facts of one pass")
struct SplitFactsTests {
    /// Every fact a rule or the estimate reads, of every layer.
    private static func expectSame(_ many: TreeFacts, _ one: TreeFacts, _ name: String) -> Int {
        #expect(many.isVisible == one.isVisible, "\(name)")
        #expect(many.drawsSelf == one.drawsSelf, "\(name)")
        #expect(many.subtreeDraws == one.subtreeDraws, "\(name)")
        #expect(many.costs == one.costs, "\(name)")
        #expect(many.animatedLayers == one.animatedLayers, "\(name)")
        #expect(one.animatedLayers == one.tree.layers.indices.filter { !one.tree.layers[$0].animations.isEmpty }.map(Int32.init),
                "\(name)")
        var differ = 0
        for i in one.tree.layers.indices where many.inkExtent(of: i) != one.inkExtent(of: i)
            || many.inkUncertainty(of: i) != one.inkUncertainty(of: i) {
            differ += 1
        }
        #expect(differ == 0, "\(name): \(differ) layers")
        return one.tree.layers.count
    }

    @Test("every fixture and real dump, split among 2, 3 and 7 threads", arguments: [2, 3, 7])
    func sameFacts(workers: Int) throws {
        let trees = try ScreenAreasTests.trees()
        #expect(trees.count >= 10)
        var compared = 0, withUnknowns = 0, extents = 0
        for tree in trees {
            let one = TreeFacts(tree: tree)
            let many = TreeFacts(tree: tree, workers: workers, layersPerWorker: 1)
            compared += Self.expectSame(many, one, tree.screen ?? "?")
            if one.hasUnknowns { withUnknowns += 1 }
            extents += tree.layers.indices.filter { !one.inkExtent(of: $0).isNull }.count
        }
        #expect(compared > 400)
        #expect(extents > 200, "the dumps must draw")
        #expect(trees.contains { !TreeFacts(tree: $0).animatedLayers.isEmpty }, "a dump with animations must be among them")
        #expect(trees.contains { $0.layers.contains { $0.extras.contains { $0.key == "uikitEffect" } } },
                "a dump that states a visual effect (UIKit's effect=) must be among them")
        #expect(withUnknowns > 0, "a dump with unknown properties (an import) must be among them")
    }

    /// A square of `side` points filled with `color`, ending its own range at `end`.
    private static func square(_ side: Double, _ color: RGBA?, role: LayerRole, end: Int32) -> Layer {
        var l = Layer()
        l.bounds = Rect(x: 0, y: 0, width: side, height: side)
        l.backgroundColor = color
        l.role = role
        l.subtreeEnd = end
        return l
    }

    @Test("a mask before its layer: one pass, as before")
    func maskOutsideItsRange() {
        // Built by hand, out of preorder: the mask's index comes first. The chunks cannot
        // rely on a layer's parts lying after it, so one thread makes the facts.
        var tree = LayerTree()
        let mask = Self.square(10, RGBA(red: 0, green: 0, blue: 0, alpha: 1), role: .mask, end: 1)
        var owner = Self.square(40, RGBA(red: 1, green: 0, blue: 0, alpha: 1), role: .root, end: 2)
        owner.mask = 0
        tree.layers = [mask, owner]
        let one = TreeFacts(tree: tree)
        let many = TreeFacts(tree: tree, workers: 2, layersPerWorker: 1)
        _ = Self.expectSame(many, one, "hand-built")
    }

    @Test("a parent after its layer: the layer stays hidden, as one pass from the top left it")
    func parentAfterItsLayer() {
        var tree = LayerTree()
        var child = Self.square(10, RGBA(red: 0, green: 0, blue: 1, alpha: 1), role: .sublayer, end: 1)
        child.parent = 1
        tree.layers = [child, Self.square(40, nil, role: .root, end: 2)]
        let one = TreeFacts(tree: tree)
        #expect(one.isVisible == [false, true])
        _ = Self.expectSame(TreeFacts(tree: tree, workers: 2, layersPerWorker: 1), one, "parent after")
    }
}
