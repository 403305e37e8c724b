import Foundation
import LayerLintKit
import LayerImport
import Testing

/// `ScreenAreas` answers `offscreenPixels(of:)` for layers asked in preorder without a
/// walk to the root per layer. Its answers must be the single walk's, for every layer of
/// every fixture and real dump, asked in order, out of order, and for a deep chain.
@Suite("Screen areas: the linear walk gives the per-layer answer")
struct ScreenAreasTests {
    static func dumps() throws -> [(String, DumpSyntax)] {
        var out: [(String, DumpSyntax)] = []
        for folder in ["fixtures", "Tests/RealDumps", "../shared/real-dumps"] {
            let root = repositoryRoot.appendingPathComponent(folder)
            guard let walk = FileManager.default.enumerator(atPath: root.path) else { continue }
            for case let name as String in walk {
                let syntax: DumpSyntax? = name.hasSuffix(".json") ? .json
                    : (name.hasSuffix(".yml") && !name.hasSuffix(".expect.yml")) ? .yaml
                    : name.hasSuffix(".txt") && !name.hasSuffix("SOURCE.txt") && !name.hasSuffix("LICENSE.txt") ? .recursiveDescription : nil
                guard let syntax else { continue }
                out.append((root.appendingPathComponent(name).path, syntax))
            }
        }
        return out
    }

    static func trees() throws -> [LayerTree] {
        try dumps().flatMap { path, syntax in DumpReader().read(contentsOf: path, syntax: syntax).snapshots }
    }

    @Test("every layer of the fixtures and real dumps, in preorder and shuffled")
    func matchesTheSingleWalk() throws {
        let trees = try Self.trees()
        #expect(trees.count >= 10)
        var compared = 0, clipped = 0
        for tree in trees {
            let facts = TreeFacts(tree: tree, cost: .default, tolerance: 0.5)
            var inOrder = ScreenAreas(facts)
            for i in tree.layers.indices {
                let expected = facts.offscreenPixels(of: i)
                #expect(inOrder.pixels(of: i) == expected, "layer \(i) of \(tree.screen ?? "?")")
                if facts.clippedBoundsInRoot(i).map({ $0 != tree.layers[i].bounds }) ?? false { clipped += 1 }
                compared += 1
            }
            var shuffled = ScreenAreas(facts)
            var rng = SystemRandomNumberGenerator()
            for i in tree.layers.indices.shuffled(using: &rng) {
                #expect(shuffled.pixels(of: i) == facts.offscreenPixels(of: i))
            }
        }
        #expect(compared > 400)
        #expect(clipped > 20, "the dumps must exercise clips and offsets")
    }

    @Test("a chain of 600 levels with clips and offsets on the way")
    func deepChain() {
        var text = "scale: 2\nroot:\n  view: UIWindow\n  frame: [0, 0, 400, 800]\n"
        var indent = "  "
        for k in 0..<600 {
            text += "\(indent)sublayers:\n\(indent)  - name: l\(k)\n"
            indent += "    "
            text += "\(indent)frame: [\(k % 3), \(k % 5), \(400 - k % 7), \(800 - k % 11)]\n"
            if k % 10 == 0 { text += "\(indent)masksToBounds: true\n" }
            if k % 4 == 0 { text += "\(indent)shadowOpacity: 0.5\n" }
        }
        let dump = DumpReader(limits: DecodeLimits(nestingDepth: 100_000)).read(text, syntax: .yaml)
        #expect(dump.error == nil)
        guard let tree = dump.snapshots.first else { return }
        #expect(tree.layers.count == 601)
        let facts = TreeFacts(tree: tree, cost: .default, tolerance: 0.5)
        var areas = ScreenAreas(facts)
        for i in tree.layers.indices { #expect(areas.pixels(of: i) == facts.offscreenPixels(of: i)) }
    }
}
