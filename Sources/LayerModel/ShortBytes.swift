/// Comparing and hashing the short byte strings a decoder looks up on every key and name
/// (keys, class names, view names: mostly under 24 bytes), eight bytes at a time and
/// without calling out: a `memcmp` call cost more than the comparison it made.
public enum ShortBytes {
    /// Whether the `count` bytes at `a` and at `b` are equal. Reads only those bytes: the
    /// last word, or the last half word, overlaps the one before instead of a byte loop.
    @inlinable @inline(__always)
    public static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        @inline(__always) func same<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> Bool {
            a.loadUnaligned(fromByteOffset: offset, as: T.self) == b.loadUnaligned(fromByteOffset: offset, as: T.self)
        }
        if count >= 8 {
            var i = 0
            while i &+ 8 < count {
                if !same(i, UInt64.self) { return false }
                i &+= 8
            }
            return same(count &- 8, UInt64.self)
        }
        if count >= 4 { return same(0, UInt32.self) && same(count &- 4, UInt32.self) }
        if count >= 2 { return same(0, UInt16.self) && same(count &- 2, UInt16.self) }
        return count == 0 || same(0, UInt8.self)
    }

    /// A hash for open addressing: eight bytes a step, each word multiplied in (the
    /// multiplier of FNV-1a's 64-bit variant, an odd constant with well-spread bits), the
    /// tail a byte a step, then the length. An even spread is all a table needs; these
    /// tables hold texts from the file, never keys chosen to collide across runs.
    @inlinable @inline(__always)
    public static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        guard let base = bytes.baseAddress else { return h }
        let count = bytes.count
        var i = 0
        while i &+ 8 <= count {
            h = (h ^ base.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x100_0000_01b3
            h ^= h >> 29
            i &+= 8
        }
        while i < count {
            h = (h ^ UInt64(base.load(fromByteOffset: i, as: UInt8.self))) &* 0x100_0000_01b3
            i &+= 1
        }
        h = (h ^ UInt64(truncatingIfNeeded: count)) &* 0x100_0000_01b3
        return h ^ (h >> 32)
    }
}
