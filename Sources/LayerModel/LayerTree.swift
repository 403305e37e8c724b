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
    /// The app's display links (the header's `displayLinks`).
    public var displayLinks: [DisplayLink] = []
    /// The header's `info`; nil when the dump does not carry it.
    public var frameRateInfo: FrameRateInfo?
    /// What the snapshot as a whole does not carry about frame rates (`animations`,
    /// `displayLinks`, `info`): kept here, not on every layer, so a dump without them
    /// stays as compact as before. A tree knows none of them until its reader says otherwise (docs/dump-format.md, "Frame rate").
    public var frameRateUnknown: UnknownProperties = .frameRate

    /// The highest rate the device's display reaches: `info.maximumFramesPerSecond` when
    /// the dump has it, else the header's `refreshRate`.
    public var maximumFrameRate: Double { frameRateInfo?.maximumFramesPerSecond ?? refreshRate }

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
    /// How many segments the layer's path has (its depth + 1), and its ancestor at the
    /// last level a shortened path keeps from the top (itself when not that deep): a path
    /// through a deep tree then costs its kept segments, not its depth.
    private var segmentCount: [Int32]
    private var headEnd: [Int32]

    public init(_ tree: LayerTree) {
        self.tree = tree
        let n = tree.layers.count
        var siblingIndex = [Int32](repeating: -1, count: n)
        // Labels are interned strings, so siblings compare by id; names are interned apart
        // from classes, but equal text always gets one id. Counts are kept per id in
        // arrays, each entry stamped with the parent it counts for: no hashing, and
        // nothing to clear between parents.
        let ids = tree.strings.count
        var count = [Int32](repeating: 0, count: ids), countedFor = [Int32](repeating: -1, count: ids)
        var next = [Int32](repeating: 0, count: ids), numberedFor = [Int32](repeating: -1, count: ids)
        tree.layers.withUnsafeBufferPointer { layers in
            for parent in 0..<n where layers[parent].subtreeEnd > Int32(parent + 1) {
                let end = Int(layers[parent].subtreeEnd)
                var repeats = false
                var c = parent + 1
                while c < end {
                    if layers[c].role == .sublayer {
                        let label = Int(tree.labelID(of: c))
                        if countedFor[label] != Int32(parent) { countedFor[label] = Int32(parent); count[label] = 0 }
                        count[label] += 1
                        if count[label] > 1 { repeats = true }
                    }
                    c = Int(layers[c].subtreeEnd)
                }
                guard repeats else { continue }
                c = parent + 1
                while c < end {
                    if layers[c].role == .sublayer {
                        let label = Int(tree.labelID(of: c))
                        if count[label] > 1 {
                            if numberedFor[label] != Int32(parent) { numberedFor[label] = Int32(parent); next[label] = 0 }
                            siblingIndex[c] = next[label]
                            next[label] += 1
                        }
                    }
                    c = Int(layers[c].subtreeEnd)
                }
            }
        }
        self.siblingIndex = siblingIndex
        var segmentCount = [Int32](repeating: 1, count: n)
        var headEnd = [Int32](repeating: 0, count: n)
        for i in 0..<n {
            let p = Int(tree.layers[i].parent)
            if p >= 0 && p < i {
                segmentCount[i] = segmentCount[p] + 1
                headEnd[i] = segmentCount[i] <= Int32(Self.keptHead) ? Int32(i) : headEnd[p]
            } else {
                // Preorder puts a parent first; other links are walked (a tree built by
                // hand, never a decoded one).
                var chain: [Int] = []
                var a = i
                while a >= 0 && chain.count <= n { chain.append(a); a = Int(tree.layers[a].parent) }
                segmentCount[i] = Int32(chain.count)
                headEnd[i] = Int32(chain[chain.count - min(chain.count, Self.keptHead)])
            }
        }
        self.segmentCount = segmentCount
        self.headEnd = headEnd
    }

    /// How many segments the path of `index` has.
    func segments(of index: Int) -> Int { Int(segmentCount[index]) }

    /// The layer's index among siblings with the same label, or -1 when its label is unique.
    func siblingNumber(of index: Int) -> Int32 { siblingIndex[index] }

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
        let count = segments(of: index)
        guard count > Self.longestPath else {
            appendSegments(upTo: index, count: count, to: &out)
            return
        }
        // A path through a very deep tree would be megabytes long: keep its ends, and say
        // how many levels lie between (stable, so baselines still match).
        appendSegments(upTo: Int(headEnd[index]), count: Self.keptHead, to: &out)
        out.append(contentsOf: "/…(\(count - Self.keptHead - Self.keptTail) levels)…/".utf8)
        appendSegments(upTo: index, count: Self.keptTail, to: &out)
    }

    /// Appends the last `count` segments of the path of `index`, separated by `/`.
    private func appendSegments(upTo index: Int, count: Int, to out: inout [UInt8]) {
        var segments: [Int] = []
        segments.reserveCapacity(count)
        var i = index
        while i >= 0, segments.count < count {
            segments.append(i)
            i = Int(tree.layers[i].parent)
        }
        for (n, k) in segments.reversed().enumerated() {
            if n > 0 { out.append(UInt8(ascii: "/")) }
            appendSegment(of: k, to: &out)
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
            out.appendDecimal(Int(k))
            out.append(UInt8(ascii: "]"))
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
