#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Layer paths read from their UTF-8 bytes as `String` reads them by Characters: a "/" is
/// a separator, and a "]" ends an index, only as a Character of its own. Between ASCII
/// bytes an ASCII byte always is one; next to other scalars, the three scalars around it
/// are segmented alone. (Split by Characters instead, a path cost its reader a few
/// hundred instructions a byte.)
enum LayerPathBytes {
    /// Whether the byte at `i`, which is ASCII, is a Character of its own.
    static func standsAlone(_ utf8: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        let before = i > 0 ? utf8[i - 1] : 0, after = i + 1 < utf8.count ? utf8[i + 1] : 0
        return (before < 0x80 && after < 0x80) || charactersAround(utf8, at: i)
    }

    /// Whether the "/" at `i` separates segments.
    static func isSeparator(_ utf8: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        utf8[i] == UInt8(ascii: "/") && standsAlone(utf8, at: i)
    }

    /// `standsAlone` where a neighbour is beyond ASCII. Only the neighbours decide: the
    /// scalar before may join it (a prepended mark), the one after may extend it (a
    /// combining mark, a joiner, a spacing mark); no other rule of Unicode's grapheme
    /// clusters applies to an ASCII punctuation mark. So the three scalars are segmented
    /// alone, and the Character that holds the byte is asked (the one before may be a
    /// Character of its own).
    private static func charactersAround(_ utf8: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        var start = i
        if start > 0 {
            start -= 1
            while start > 0 && utf8[start] & 0xC0 == 0x80 { start -= 1 }
        }
        var end = i + 1
        if end < utf8.count {
            end += 1
            while end < utf8.count && utf8[end] & 0xC0 == 0x80 { end += 1 }
        }
        var position = start
        for character in String(decoding: UnsafeBufferPointer(rebasing: utf8[start..<end]), as: UTF8.self) {
            position += character.utf8.count
            if i < position { return character.utf8.count == 1 }
        }
        return false
    }

    /// Appends `FindingKey.matching`'s path of `utf8`: each segment that does not end in
    /// an index gets its label's first, `[0]`.
    static func appendMatching(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.reserveCapacity(out.count + utf8.count + 24)
        var start = 0
        func endSegment(at end: Int) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<end]))
            let indexed = end > start && utf8[end - 1] == UInt8(ascii: "]") && standsAlone(utf8, at: end - 1)
            if !indexed { out.append(UInt8(ascii: "[")); out.append(UInt8(ascii: "0")); out.append(UInt8(ascii: "]")) }
        }
        // Each "/" is found by `memchr`: a path's bytes are mostly its labels.
        var i = 0
        while i < utf8.count, let found = memchr(utf8.baseAddress! + i, Int32(UInt8(ascii: "/")), utf8.count - i) {
            let slash = utf8.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if standsAlone(utf8, at: slash) {
                endSegment(at: slash)
                out.append(UInt8(ascii: "/"))
                start = slash + 1
            }
            i = slash + 1
        }
        endSegment(at: utf8.count)
    }
}
