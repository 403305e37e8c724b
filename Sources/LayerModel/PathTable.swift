/// The paths and names of the layers a report names, the paths kept as a tree of
/// segments and spelled out only when a report writes one. A busy dump names a few hundred thousand layers whose
/// paths share their first ten segments: stored whole they cost more than the layers
/// themselves (41 MB at a million layers), as shared segments about a sixth of that.
/// Findings and the estimate share one table per snapshot.
public final class PathTable: Sendable, Hashable {
    /// One segment: its label (a range of `labels`), its number among same-labelled
    /// siblings (-1 when its label is unique) and the segment before it.
    private struct Segment: Sendable, Equatable {
        var parent: Int32
        var labelStart: Int32
        var labelCount: Int32
        var sibling: Int32
    }
    /// The UTF-8 of every label a segment uses, each once: spelling a path copies bytes
    /// from here, where reading each label's `String` retained and measured it twice per
    /// segment (a tenth of a text report's time went to spelling paths).
    private let labels: [UInt8]

    /// The layers the table was built for, ascending.
    private let layers: [Int32]
    /// Per layer: its last segment, or `-(k + 1)` for the k-th path in `spelled`.
    private let ends: [Int32]
    /// Per layer: the ids in `strings` of its name and view class, -1 when it has none.
    private let names: [Int32]
    private let viewClasses: [Int32]
    private let segments: [Segment]
    private let strings: [String]
    /// Paths kept whole: those shortened in very deep trees, and any whose parent links
    /// disagree with the preorder ranges (a tree built by hand).
    private let spelled: [[UInt8]]

    /// Paths for `layers` (any order, duplicates allowed).
    public init(_ paths: LayerPaths, layers wanted: [Int]) {
        var sorted = wanted.sorted()
        sorted.removeDuplicates()
        let tree = paths.tree
        var segments: [Segment] = []
        var ends: [Int32] = []
        var spelled: [[UInt8]] = []
        ends.reserveCapacity(sorted.count)
        var names: [Int32] = [], viewClasses: [Int32] = []
        names.reserveCapacity(sorted.count)
        viewClasses.reserveCapacity(sorted.count)
        // Layers come in preorder, so consecutive ones share their ancestors: `chain` holds
        // the last path's layers and segments, and only what differs is added.
        var chain: [(layer: Int, segment: Int32)] = []
        var scratch: [Int] = []
        var labels: [UInt8] = []
        // Where each string's bytes lie in `labels`, once a segment uses it (start -1
        // before); the mask's. Written in the loop itself, not through a nested function:
        // the captured arrays took an exclusivity check on every access (a third of this
        // table's time, which runs on one core between the rules and the reports).
        var labelRanges = [(start: Int32, count: Int32)](repeating: (-1, 0), count: tree.strings.count)
        var maskRange: (start: Int32, count: Int32) = (-1, 0)
        tree.layers.withUnsafeBufferPointer { layers in
            for layer in sorted {
                names.append(layers[layer].nameID?.rawValue ?? -1)
                viewClasses.append(layers[layer].viewClassID?.rawValue ?? -1)
                var whole = paths.segments(of: layer) > LayerPaths.longestPath
                if !whole {
                    // The chain's layers whose subtree holds `layer` are its ancestors (a
                    // subtree is a range in preorder): keep those, and walk up only to the nearest.
                    while let last = chain.last, !(last.layer <= layer && layer < Int(layers[last.layer].subtreeEnd)) {
                        chain.removeLast()
                    }
                    let kept = chain.last?.layer ?? -1
                    scratch.removeAll(keepingCapacity: true)
                    var i = layer
                    while i >= 0, i != kept, scratch.count <= LayerPaths.longestPath {
                        scratch.append(i)
                        i = Int(layers[i].parent)
                    }
                    if i != kept || chain.count + scratch.count > LayerPaths.longestPath {
                        chain.removeAll()
                        whole = true
                    }
                }
                if whole {
                    var bytes: [UInt8] = []
                    paths.appendPath(of: layer, to: &bytes)
                    spelled.append(bytes)
                    ends.append(-Int32(spelled.count))
                    continue
                }
                for k in scratch.reversed() {
                    var text: (start: Int32, count: Int32)
                    if layers[k].role == .mask {
                        if maskRange.start < 0 {
                            maskRange = (Int32(labels.count), 4)
                            labels.append(contentsOf: "mask".utf8)
                        }
                        text = maskRange
                    } else {
                        let id = Int(tree.labelID(of: k))
                        text = labelRanges[id]
                        if text.start < 0 {
                            let start = labels.count
                            labels.append(contentsOf: tree.strings[id].utf8)
                            text = (Int32(start), Int32(labels.count - start))
                            labelRanges[id] = text
                        }
                    }
                    segments.append(Segment(parent: chain.last?.segment ?? -1, labelStart: text.start, labelCount: text.count,
                                            sibling: paths.siblingNumber(of: k)))
                    chain.append((k, Int32(segments.count - 1)))
                }
                ends.append(chain.last?.segment ?? -1)
            }
        }
        self.layers = sorted.map { Int32($0) }
        self.ends = ends
        self.names = names
        self.viewClasses = viewClasses
        self.segments = segments
        self.strings = tree.strings
        self.spelled = spelled
        self.labels = labels
    }

    /// The path of `layer`, which must be one of the layers the table was built for.
    public subscript(layer: Int) -> String {
        spellPath(of: layer) { String(decoding: $0, as: UTF8.self) }
    }

    /// The name of `layer`, one of the layers the table was built for.
    public func name(of layer: Int) -> String? { string(names[index(of: layer)]) }

    /// The view class of `layer`, one of the layers the table was built for.
    public func viewClass(of layer: Int) -> String? { string(viewClasses[index(of: layer)]) }

    private func string(_ id: Int32) -> String? { id < 0 ? nil : strings[Int(id)] }

    /// Calls `body` with the UTF-8 path of `layer`, which must be one of the layers the
    /// table was built for: reports copy the bytes without making a `String` of them.
    public func withPath(of layer: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        spellPath(of: layer, body)
    }

    /// Spells the path into a buffer on the stack (measured first, then written), since
    /// every report asks for the path of every finding.
    private func spellPath<R>(of layer: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let end = ends[index(of: layer)]
        guard end >= 0 else { return spelled[Int(-end) - 1].withUnsafeBufferPointer(body) }
        // A kept path has at most `longestPath` segments (the rest are spelled).
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: LayerPaths.longestPath) { chain in
            var count = 0, length = 0
            var s = end
            while s >= 0 {
                chain[count] = s
                count += 1
                length += byteCount(of: segments[Int(s)]) + 1
                s = segments[Int(s)].parent
            }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { out in
                labels.withUnsafeBufferPointer { labels in
                    var at = 0
                    for n in stride(from: count - 1, through: 0, by: -1) {
                        if n < count - 1 { out[at] = UInt8(ascii: "/"); at += 1 }
                        at = write(segments[Int(chain[n])], labels, into: out, at: at)
                    }
                    return body(UnsafeBufferPointer(rebasing: out[..<at]))
                }
            }
        }
    }

    private func byteCount(of segment: Segment) -> Int {
        Int(segment.labelCount) + (segment.sibling >= 0 ? 2 + Self.digits(Int(segment.sibling)) : 0)
    }

    private static func digits(_ n: Int) -> Int {
        var count = 1, rest = n
        while rest >= 10 { rest /= 10; count += 1 }
        return count
    }

    /// Writes one segment at `at` (room measured by `byteCount`); returns where it ends.
    private func write(_ segment: Segment, _ labels: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>,
                       at start: Int) -> Int {
        var at = start
        let count = Int(segment.labelCount)
        // A pointer update, not a copy into a rebased raw slice: that form crashed
        // swift 6.3.1's GlobalPropertyOpt pass in release builds of the CLI.
        if count > 0 { (out.baseAddress! + at).update(from: labels.baseAddress! + Int(segment.labelStart), count: count) }
        at += count
        if segment.sibling >= 0 {
            out[at] = UInt8(ascii: "[")
            at += 1
            let digits = Self.digits(Int(segment.sibling))
            var rest = Int(segment.sibling)
            for k in stride(from: at + digits - 1, through: at, by: -1) {
                out[k] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            at += digits
            out[at] = UInt8(ascii: "]")
            at += 1
        }
        return at
    }

    private func index(of layer: Int) -> Int {
        var low = 0, high = layers.count
        while low < high {
            let mid = (low + high) / 2
            if Int(layers[mid]) < layer { low = mid + 1 } else { high = mid }
        }
        precondition(low < layers.count && Int(layers[low]) == layer, "layer \(layer) has no path in this table")
        return low
    }

    /// Equal when built alike: the same layers, segments and names (two tables of one
    /// tree). Compared field by field, not path by path: findings compare their tables.
    public static func == (a: PathTable, b: PathTable) -> Bool {
        a === b || (a.layers == b.layers && a.ends == b.ends && a.segments == b.segments && a.labels == b.labels && a.spelled == b.spelled
                    && a.names == b.names && a.viewClasses == b.viewClasses && a.strings == b.strings)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(layers.count)
    }
}

extension Array where Element: Equatable {
    /// Removes neighbours equal to the one before them (all duplicates, once sorted).
    mutating func removeDuplicates() {
        guard count > 1 else { return }
        var kept = 1
        for i in 1..<count where self[i] != self[kept - 1] {
            self[kept] = self[i]
            kept += 1
        }
        removeLast(count - kept)
    }
}
