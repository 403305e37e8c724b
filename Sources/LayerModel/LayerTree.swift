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

    /// The stable, human-readable path of a layer: names where layers have them, view or
    /// class names otherwise, `[k]` among same-labelled siblings, `mask` for masks.
    public func path(of index: Int) -> String {
        var segments: [String] = []
        var i = index
        while i >= 0 {
            segments.append(segment(of: i))
            i = Int(layers[i].parent)
        }
        return segments.reversed().joined(separator: "/")
    }

    public func label(of index: Int) -> String {
        let l = layers[index]
        if let name = l.name, !name.isEmpty { return name }
        return l.viewClass ?? l.className
    }

    private func segment(of index: Int) -> String {
        let layer = layers[index]
        if layer.role == .mask { return "mask" }
        let own = label(of: index)
        guard layer.parent >= 0 else { return own }
        var k = 0, same = 0
        for sibling in sublayers(of: Int(layer.parent)) where label(of: sibling) == own {
            if sibling == index { k = same }
            same += 1
        }
        return same > 1 ? "\(own)[\(k)]" : own
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
