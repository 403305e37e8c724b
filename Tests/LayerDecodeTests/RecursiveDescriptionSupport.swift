import Foundation
import LayerDecode
import LayerImport
import LayerGeometry
import LayerModel
import XCTest

/// Reading fixtures and describing imported trees, for the recursiveDescription tests.
enum RecursiveDescriptionSupport {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("RecursiveDescriptionFixtures")

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    static func read(_ text: String) -> DecodedDump {
        DumpReader().read(text, syntax: .recursiveDescription)
    }

    static func tree(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> LayerTree {
        let dump = read(text)
        if let error = dump.error {
            XCTFail("\(error.message) at \(error.location.line):\(error.location.column)", file: file, line: line)
        }
        return try XCTUnwrap(dump.snapshots.first, file: file, line: line)
    }

    /// Each layer's depth below the root, worked out in one pass (parents come first).
    static func depths(_ tree: LayerTree) -> [Int] {
        var depth = [Int](repeating: 0, count: tree.count)
        for i in tree.layers.indices where tree.layers[i].parent >= 0 { depth[i] = depth[Int(tree.layers[i].parent)] + 1 }
        return depth
    }

    static func maxDepth(_ tree: LayerTree) -> Int { depths(tree).max() ?? 0 }

    /// The number of layers that are views' layers (not `(layer)` lines).
    static func viewCount(_ tree: LayerTree) -> Int { tree.layers.filter { $0.viewClassID != nil }.count }

    /// Everything the importer sets on a layer, as one comparable line.
    static func summary(_ tree: LayerTree, _ i: Int) -> String {
        let l = tree.layers[i]
        let extras = l.extras.map { "\($0.key)=\($0.json)" }.joined(separator: ",")
        return "\(tree.viewClass(of: i) ?? "-") \(tree.className(of: i)) parent=\(l.parent) end=\(l.subtreeEnd) "
            + "bounds=\(l.bounds) position=\(l.position) transform=\(l.transform.map { "\($0.values)" } ?? "-") "
            + "opacity=\(l.opacity) hidden=\(l.isHidden) clips=\(l.masksToBounds) "
            + "background=\(l.backgroundColor?.hex ?? "-") unknown=\(l.unknown.rawValue) [\(extras)]"
    }

    static func summaries(_ tree: LayerTree) -> [String] { tree.layers.indices.map { summary(tree, $0) } }

    static func extra(_ tree: LayerTree, _ i: Int, _ key: String) -> String? {
        tree.layers[i].extras.first { $0.key == key }?.json
    }

    /// The first layer whose view class is `view` (and, when given, whose `text` extra is `text`).
    static func index(_ tree: LayerTree, view: String, text: String? = nil) throws -> Int {
        try XCTUnwrap(tree.layers.indices.first { i in
            tree.viewClass(of: i) == view && (text == nil || extra(tree, i, "text") == JSONText.quoted(text!))
        }, "no \(view) \(text ?? "")")
    }
}
