/// The paths of the layers a report names, built once and stored as one UTF-8 buffer:
/// a large dump reports a hundred thousand layers, and a `String` each would cost more
/// than the tree. Findings and the estimate share one table per snapshot.
public final class PathTable: Sendable, Hashable {
    private let layers: [Int32]
    private let ends: [Int32]
    private let bytes: [UInt8]

    /// Paths for `layers` (any order, duplicates allowed).
    public init(_ paths: LayerPaths, layers wanted: [Int]) {
        var sorted = wanted.sorted()
        sorted.removeDuplicates()
        var bytes: [UInt8] = []
        var ends: [Int32] = []
        ends.reserveCapacity(sorted.count)
        // Layers come in preorder, so consecutive ones share their ancestors' prefix: the
        // builder keeps the last path and only rewrites what differs.
        var builder = LayerPaths.Builder(paths)
        for layer in sorted {
            builder.appendPath(of: layer, to: &bytes)
            ends.append(Int32(bytes.count))
        }
        self.layers = sorted.map { Int32($0) }
        self.ends = ends
        self.bytes = bytes
    }

    /// The path of `layer`, which must be one of the layers the table was built for.
    public subscript(layer: Int) -> String {
        String(decoding: bytes[range(of: layer)], as: UTF8.self)
    }

    /// Calls `body` with the UTF-8 path of `layer`, which must be one of the layers the
    /// table was built for: reports copy the bytes without making a `String` of them.
    public func withPath(of layer: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let range = range(of: layer)
        bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    private func range(of layer: Int) -> Range<Int> {
        var low = 0, high = layers.count
        while low < high {
            let mid = (low + high) / 2
            if Int(layers[mid]) < layer { low = mid + 1 } else { high = mid }
        }
        precondition(low < layers.count && Int(layers[low]) == layer, "layer \(layer) has no path in this table")
        return (low == 0 ? 0 : Int(ends[low - 1]))..<Int(ends[low])
    }

    public static func == (a: PathTable, b: PathTable) -> Bool {
        a === b || (a.layers == b.layers && a.bytes == b.bytes)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(layers.count)
        hasher.combine(bytes.count)
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
