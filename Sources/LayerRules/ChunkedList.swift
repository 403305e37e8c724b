/// A list that grows in chunks of a fixed size. A growing array copies itself on every
/// doubling and, at its peak, holds its elements one and a half times over, with up to
/// half its capacity unused for good; chunks are never copied, and the list wastes at most
/// one chunk. Findings and rules' words keys, hundreds of thousands each at a million
/// layers, are collected in these.
struct ChunkedList<Element> {
    private var chunks: [[Element]] = []
    private(set) var count = 0
    private static var chunkShift: Int { 12 }
    private static var chunkSize: Int { 1 << chunkShift }

    mutating func append(_ element: Element) {
        if count & (Self.chunkSize - 1) == 0 {
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    subscript(index: Int) -> Element {
        get { chunks[index >> Self.chunkShift][index & (Self.chunkSize - 1)] }
        set { chunks[index >> Self.chunkShift][index & (Self.chunkSize - 1)] = newValue }
    }

    /// Appends the elements to `out` in order, letting each chunk go once copied.
    mutating func move(into out: inout [Element]) {
        for k in chunks.indices {
            out.append(contentsOf: chunks[k])
            chunks[k] = []
        }
        chunks = []
        count = 0
    }

    /// The elements in one array of their exact size, with `room` for more.
    consuming func joined(room: Int = 0) -> [Element] {
        var out: [Element] = []
        out.reserveCapacity(count + room)
        move(into: &out)
        return out
    }
}

extension ChunkedList: Sendable where Element: Sendable {}
