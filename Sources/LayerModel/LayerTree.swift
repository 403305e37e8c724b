import LayerGeometry

/// One snapshot: a header and its layers in preorder. Index 0 is the root; a layer's
/// subtree is the contiguous range `index ..< subtreeEnd`, so every walk is a loop over
/// an array (a 100,000-level tree never recurses) and bottom-up passes simply run the
/// indices backwards.
public struct LayerTree: Sendable {
    public var screen: String?
    public var scale: Double = 3
    public var refreshRate: Double = 60
    public var formatVersion: Int = 1
    public var location = SourceLocation(line: 1, column: 1)
    public var layers: [Layer] = []

    public init() {}

    public var count: Int { layers.count }

    /// The direct sublayers of `index`, back to front (masks excluded).
    public func sublayers(of index: Int) -> SublayerSequence {
        SublayerSequence(tree: self, parent: index)
    }

    /// The transform from `index`'s space to its parent's space, including the parent's
    /// `sublayerTransform` (applied about the parent's anchor point, as Core Animation does).
    public func toParent(_ index: Int) -> Transform3D {
        let layer = layers[index]
        var t = layer.toSuperlayer
        guard layer.parent >= 0, layer.role == .sublayer,
              let s = layers[Int(layer.parent)].sublayerTransform, !s.isIdentity else { return t }
        let p = layers[Int(layer.parent)]
        let ax = p.bounds.origin.x + p.anchorPoint.x * p.bounds.size.width
        let ay = p.bounds.origin.y + p.anchorPoint.y * p.bounds.size.height
        t = t.concatenating(.translation(x: -ax, y: -ay)).concatenating(s).concatenating(.translation(x: ax, y: ay))
        return t
    }

    public func label(of index: Int) -> String {
        let l = layers[index]
        if let name = l.name, !name.isEmpty { return name }
        return l.viewClass ?? l.className
    }
}

/// The stable, human-readable paths of a tree's layers: names where layers have them,
/// view or class names otherwise, `[k]` among same-labelled siblings, `mask` for masks.
/// Built once per tree in linear time, so paths cost O(depth) each however wide the tree.
public struct LayerPaths: Sendable {
    private let tree: LayerTree
    /// The layer's index among siblings with the same label, or -1 when its label is unique.
    private var siblingIndex: [Int32]

    public init(_ tree: LayerTree) {
        self.tree = tree
        let n = tree.layers.count
        siblingIndex = [Int32](repeating: -1, count: n)
        var counts: [String: Int32] = [:]
        for parent in 0..<n where tree.layers[parent].subtreeEnd > Int32(parent + 1) {
            counts.removeAll(keepingCapacity: true)
            var children = 0
            for c in tree.sublayers(of: parent) { counts[tree.label(of: c), default: 0] += 1; children += 1 }
            guard counts.count < children else { continue }
            var seen: [String: Int32] = [:]
            for c in tree.sublayers(of: parent) {
                let label = tree.label(of: c)
                guard counts[label]! > 1 else { continue }
                siblingIndex[c] = seen[label, default: 0]
                seen[label, default: 0] += 1
            }
        }
    }

    public func path(of index: Int) -> String {
        var segments: [String] = []
        var i = index
        while i >= 0 {
            let layer = tree.layers[i]
            if layer.role == .mask {
                segments.append("mask")
            } else {
                let k = siblingIndex[i]
                segments.append(k >= 0 ? "\(tree.label(of: i))[\(k)]" : tree.label(of: i))
            }
            i = Int(layer.parent)
        }
        return segments.reversed().joined(separator: "/")
    }
}

public struct SublayerSequence: Sequence {
    let tree: LayerTree
    let parent: Int

    public struct Iterator: IteratorProtocol {
        let layers: [Layer]
        var cursor: Int
        let end: Int
        public mutating func next() -> Int? {
            while cursor < end {
                let i = cursor
                cursor = Int(layers[i].subtreeEnd)
                if layers[i].role == .sublayer { return i }
            }
            return nil
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(layers: tree.layers, cursor: parent + 1, end: Int(tree.layers[parent].subtreeEnd))
    }
}
