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
    /// Class, name and view-class strings, each once; `Layer` holds indices into it.
    public var strings: [String] = ["CALayer"]

    public init() {}

    public func string(_ id: StringID) -> String { strings[Int(id.rawValue)] }
    public func className(of index: Int) -> String { string(layers[index].classID) }
    public func name(of index: Int) -> String? { layers[index].nameID.map(string) }
    public func viewClass(of index: Int) -> String? { layers[index].viewClassID.map(string) }

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
        guard layer.parent >= 0, layer.role == .sublayer, layers[Int(layer.parent)].hasSublayerTransform,
              let s = layers[Int(layer.parent)].sublayerTransform, !s.isIdentity else { return t }
        let p = layers[Int(layer.parent)]
        let ax = p.bounds.origin.x + p.anchorPoint.x * p.bounds.size.width
        let ay = p.bounds.origin.y + p.anchorPoint.y * p.bounds.size.height
        t = t.concatenating(.translation(x: -ax, y: -ay)).concatenating(s).concatenating(.translation(x: ax, y: ay))
        return t
    }

    /// The string id of `label(of:)`.
    public func labelID(of index: Int) -> Int32 {
        let l = layers[index]
        if let id = l.nameID, !strings[Int(id.rawValue)].isEmpty { return id.rawValue }
        return (l.viewClassID ?? l.classID).rawValue
    }

    /// The offset that takes `index`'s space to its parent's when nothing rotates or
    /// scales it (no transform of its own, no `sublayerTransform` above it): most layers,
    /// which then skip the 4×4 matrix arithmetic. Nil otherwise.
    public func translationToParent(_ index: Int) -> (dx: Double, dy: Double)? {
        // Read in place: a copy of the layer would retain its shared box.
        guard !layers[index].hasTransform else { return nil }
        let parent = Int(layers[index].parent)
        if parent >= 0, layers[index].role == .sublayer, layers[parent].hasSublayerTransform { return nil }
        let b = layers[index].bounds, a = layers[index].anchorPoint, p = layers[index].position
        return (p.x - b.origin.x - a.x * b.size.width, p.y - b.origin.y - a.y * b.size.height)
    }

    /// `rect`, given in `index`'s space, in its parent's space (its bounding box there).
    public func rectInParent(_ index: Int, _ rect: Rect) -> Rect {
        guard !rect.isNull else { return rect }
        if let (dx, dy) = translationToParent(index) { return rect.offsetBy(dx: dx, dy: dy) }
        return toParent(index).apply(rect)
    }

    public func label(of index: Int) -> String {
        let l = layers[index]
        if let id = l.nameID, !strings[Int(id.rawValue)].isEmpty { return strings[Int(id.rawValue)] }
        return string(l.viewClassID ?? l.classID)
    }
}

/// The stable, human-readable paths of a tree's layers: names where layers have them,
/// view or class names otherwise, `[k]` among same-labelled siblings, `mask` for masks.
/// Built once per tree in linear time, so paths cost O(depth) each however wide the tree.
public struct LayerPaths: Sendable {
    let tree: LayerTree
    /// The layer's index among siblings with the same label, or -1 when its label is unique.
    private var siblingIndex: [Int32]

    public init(_ tree: LayerTree) {
        self.tree = tree
        let n = tree.layers.count
        siblingIndex = [Int32](repeating: -1, count: n)
        // Labels are interned strings, so siblings compare by id; names are interned apart
        // from classes, but equal text always gets one id.
        var counts: [Int32: Int32] = [:]
        var seen: [Int32: Int32] = [:]
        for parent in 0..<n where tree.layers[parent].subtreeEnd > Int32(parent + 1) {
            counts.removeAll(keepingCapacity: true)
            var children = 0
            for c in tree.sublayers(of: parent) { counts[tree.labelID(of: c), default: 0] += 1; children += 1 }
            guard counts.count < children else { continue }
            seen.removeAll(keepingCapacity: true)
            for c in tree.sublayers(of: parent) {
                let label = tree.labelID(of: c)
                guard counts[label]! > 1 else { continue }
                siblingIndex[c] = seen[label, default: 0]
                seen[label, default: 0] += 1
            }
        }
    }

    public func path(of index: Int) -> String {
        var out: [UInt8] = []
        appendPath(of: index, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Paths with more segments than this show the first `keptHead` and last `keptTail`.
    static let longestPath = 64
    static let keptHead = 16
    static let keptTail = 32

    /// Appends the UTF-8 path of `index` to `out`.
    public func appendPath(of index: Int, to out: inout [UInt8]) {
        var segments: [Int] = []
        var i = index
        while i >= 0 {
            segments.append(i)
            i = Int(tree.layers[i].parent)
        }
        segments.reverse()
        // A path through a very deep tree would be megabytes long: keep its ends, and say
        // how many levels lie between (stable, so baselines still match).
        var elided = 0..<0
        if segments.count > Self.longestPath {
            elided = Self.keptHead..<(segments.count - Self.keptTail)
        }
        for (n, i) in segments.enumerated() {
            if elided.contains(n) {
                if n == elided.lowerBound { out.append(contentsOf: "/…(\(elided.count) levels)…".utf8) }
                continue
            }
            if n > 0 { out.append(UInt8(ascii: "/")) }
            appendSegment(of: i, to: &out)
        }
    }

    /// Appends the one segment `index` adds to its parent's path.
    func appendSegment(of i: Int, to out: inout [UInt8]) {
        if tree.layers[i].role == .mask {
            out.append(contentsOf: "mask".utf8)
            return
        }
        var label = tree.label(of: i)
        label.withUTF8 { out.append(contentsOf: $0) }
        let k = siblingIndex[i]
        if k >= 0 {
            out.append(UInt8(ascii: "["))
            out.append(contentsOf: String(k).utf8)
            out.append(UInt8(ascii: "]"))
        }
    }

    /// Writes many paths in preorder, reusing the prefix the previous one shares: the
    /// layers of a report cluster in the same cells, so most segments are written once.
    public struct Builder {
        private let paths: LayerPaths
        private var chain: [Int] = []
        /// `ends[k]`: the length of `current` after the segment of `chain[k]`.
        private var ends: [Int] = []
        private var current: [UInt8] = []
        private var scratch: [Int] = []

        public init(_ paths: LayerPaths) { self.paths = paths }

        public mutating func appendPath(of index: Int, to out: inout [UInt8]) {
            scratch.removeAll(keepingCapacity: true)
            var i = index
            while i >= 0 {
                scratch.append(i)
                i = Int(paths.tree.layers[i].parent)
            }
            guard scratch.count <= LayerPaths.longestPath else {
                paths.appendPath(of: index, to: &out)  // elided; rare
                return
            }
            scratch.reverse()
            var common = 0
            while common < chain.count, common < scratch.count, chain[common] == scratch[common] { common += 1 }
            chain.removeSubrange(common...)
            ends.removeSubrange(common...)
            current.removeSubrange((common == 0 ? 0 : ends[common - 1])...)
            for k in common..<scratch.count {
                if k > 0 { current.append(UInt8(ascii: "/")) }
                paths.appendSegment(of: scratch[k], to: &current)
                chain.append(scratch[k])
                ends.append(current.count)
            }
            out.append(contentsOf: current)
        }
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
