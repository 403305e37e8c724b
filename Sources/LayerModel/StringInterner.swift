/// Gives equal strings one `StringID`, looking them up by their UTF-8 bytes so that a
/// decoder creates a `String` only the first time it meets a text.
public struct StringInterner: Sendable {
    public private(set) var strings: [String]
    /// Every text's bytes, one after another: a lookup then compares against one flat
    /// buffer instead of retaining an array per text.
    private var text: [UInt8]
    /// Where each text's bytes start in `text`, by id; one more entry marks the end.
    private var starts: [Int32]
    /// Open addressing; slots hold an index into `strings`, or -1.
    private var slots: [Int32]

    public init() {
        strings = []
        text = []
        starts = [0]
        slots = [Int32](repeating: -1, count: 64)
        _ = intern("CALayer")
    }

    public mutating func intern(_ s: String) -> StringID {
        var copy = s
        return copy.withUTF8 { intern(UnsafeRawBufferPointer($0)) }
    }

    public mutating func intern(_ bytes: UnsafeRawBufferPointer) -> StringID {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(bytes)) & mask
        let found: Int32? = slots.withUnsafeBufferPointer { slots in
            text.withUnsafeBytes { text in
                starts.withUnsafeBufferPointer { starts in
                    while true {
                        let id = slots[slot]
                        if id < 0 { return nil }
                        let start = Int(starts[Int(id)]), count = Int(starts[Int(id) + 1]) - start
                        if count == bytes.count,
                           count == 0 || ShortBytes.equal(text.baseAddress! + start, bytes.baseAddress!, count: count) {
                            return id
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
        }
        if let found { return StringID(rawValue: found) }
        let id = Int32(strings.count)
        strings.append(String(decoding: bytes, as: UTF8.self))
        text.append(contentsOf: bytes)
        starts.append(Int32(text.count))
        slots[slot] = id
        if strings.count * 2 > slots.count { grow() }
        return StringID(rawValue: id)
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for id in strings.indices {
            let range = Int(starts[id])..<Int(starts[id + 1])
            var slot = text[range].withUnsafeBytes { Int(truncatingIfNeeded: Self.hash($0)) } & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(id)
        }
    }

    @inline(__always)
    private static func hash(_ text: UnsafeRawBufferPointer) -> UInt64 { ShortBytes.hash(text) }
}
