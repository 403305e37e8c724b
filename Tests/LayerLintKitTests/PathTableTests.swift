import Foundation
import LayerLintKit
import Testing

/// `PathTable` keeps the paths a report names as shared segments and spells each one when
/// a report writes it. What it spells must be `LayerPaths`' path, with the layer's name and
/// view class, for every layer of every fixture and real dump, whichever layers it holds.
@Suite("Path table: shared segments spell the paths LayerPaths gives")
struct PathTableTests {
    static func check(_ table: PathTable, _ tree: LayerTree, layers: [Int], paths: LayerPaths) {
        for i in layers {
            #expect(table[i] == paths.path(of: i), "layer \(i) of \(tree.screen ?? "?")")
            var bytes: [UInt8] = []
            table.withPath(of: i) { bytes = Array($0) }
            #expect(bytes == Array(paths.path(of: i).utf8))
            #expect(table.name(of: i) == tree.name(of: i))
            #expect(table.viewClass(of: i) == tree.viewClass(of: i))
        }
    }

    @Test("every layer, and every third in shuffled order, of the fixtures and real dumps")
    func matchesLayerPaths() throws {
        let trees = try ScreenAreasTests.trees()
        #expect(trees.count >= 10)
        var compared = 0, numbered = 0
        for tree in trees {
            let paths = LayerPaths(tree)
            let all = Array(tree.layers.indices)
            Self.check(PathTable(paths, layers: all), tree, layers: all, paths: paths)
            var rng = SystemRandomNumberGenerator()
            let some = all.filter { $0 % 3 == 1 }.shuffled(using: &rng)
            Self.check(PathTable(paths, layers: some + some.prefix(3)), tree, layers: some, paths: paths)
            compared += all.count
            numbered += all.filter { paths.path(of: $0).hasSuffix("]") }.count
        }
        #expect(compared > 400)
        #expect(numbered > 20, "the dumps must exercise same-labelled siblings")
    }

    @Test("parent links that disagree with the preorder ranges still give each layer's path")
    func linksOutOfPreorder() {
        // A tree built by hand: layer 2's parent is layer 3, which comes after it, and the
        // ranges say nothing of it. The table must follow the links, not the ranges.
        var tree = LayerTree()
        for k in 0..<4 {
            var layer = Layer()
            layer.parent = k == 0 ? -1 : (k == 2 ? 3 : 0)
            layer.role = k == 0 ? .root : .sublayer
            layer.subtreeEnd = Int32(k == 0 ? 4 : k + 1)
            tree.layers.append(layer)
        }
        let paths = LayerPaths(tree)
        let table = PathTable(paths, layers: [0, 1, 2, 3])
        Self.check(table, tree, layers: [0, 1, 2, 3], paths: paths)
        #expect(table[2].split(separator: "/").count == 3)
    }

    @Test("two tables of one tree are equal; tables of different layers are not")
    func equality() throws {
        let tree = try #require(ScreenAreasTests.trees().first { $0.layers.count > 20 })
        let paths = LayerPaths(tree)
        #expect(PathTable(paths, layers: [1, 5, 9]) == PathTable(LayerPaths(tree), layers: [9, 5, 1, 5]))
        #expect(PathTable(paths, layers: [1, 5, 9]) != PathTable(paths, layers: [1, 5, 10]))
    }
}
