#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gives equal strings one `StringID`, looking them up by their UTF-8 bytes so that a
/// decoder creates a `String` only the first time it meets a text.
public struct StringInterner: Sendable {
    public private(set) var strings: [String]
    private var bytes: [[UInt8]]
    /// Open addressing; slots hold an index into `strings`, or -1.
    private var slots: [Int32]

    public init() {
        strings = []
        bytes = []
        slots = [Int32](repeating: -1, count: 64)
        _ = intern("CALayer")
    }

    public mutating func intern(_ s: String) -> StringID {
        var copy = s
        return copy.withUTF8 { intern(UnsafeRawBufferPointer($0)) }
    }

    public mutating func intern(_ text: UnsafeRawBufferPointer) -> StringID {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(text)) & mask
        while true {
            let id = slots[slot]
            if id < 0 { break }
            if Self.same(bytes[Int(id)], text) { return StringID(rawValue: id) }
            slot = (slot + 1) & mask
        }
        let id = Int32(strings.count)
        strings.append(String(decoding: text, as: UTF8.self))
        bytes.append(Array(text))
        slots[slot] = id
        if strings.count * 2 > slots.count { grow() }
        return StringID(rawValue: id)
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (id, b) in bytes.enumerated() {
            var slot = b.withUnsafeBytes { Int(truncatingIfNeeded: Self.hash($0)) } & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(id)
        }
    }

    /// Whether `a` holds exactly the bytes of `b`.
    @inline(__always)
    public static func same(_ a: [UInt8], _ b: UnsafeRawBufferPointer) -> Bool {
        a.count == b.count && a.withUnsafeBytes { a in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
    }

    /// FNV-1a: short texts, and the table only needs an even spread.
    private static func hash(_ text: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in text { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }
}
