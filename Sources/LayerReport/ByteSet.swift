/// A few bytes a format escapes or reads around (XML's markup, a workflow command's "%"),
/// looked for sixteen bytes at a time. Reports ask of every path and message whether it
/// holds one, to copy it as it is when it does not: a closure asked of each byte (and not
/// inlined across the call) was a sixth of the JUnit and checkstyle reports' work.
struct ByteSet: Sendable {
    private let members: SIMD8<UInt8>
    private let count: Int
    /// Each member in every lane, the first repeated to fill eight: a chunk is compared
    /// with one, four or eight of them (`occurs`), with no loop over the members.
    private let lanes: (SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>,
                        SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>)

    /// At most eight bytes.
    init(_ bytes: UInt8...) {
        precondition(bytes.count <= 8, "a ByteSet holds at most eight bytes")
        var members = SIMD8<UInt8>(repeating: bytes.first ?? 0)
        for (k, b) in bytes.enumerated() { members[k] = b }
        self.members = members
        count = bytes.count
        func lane(_ k: Int) -> SIMD16<UInt8> { SIMD16(repeating: members[k]) }
        lanes = (lane(0), lane(1), lane(2), lane(3), lane(4), lane(5), lane(6), lane(7))
    }

    func contains(_ byte: UInt8) -> Bool {
        // Eight lanes of all ones or none: one word.
        count > 0 && unsafeBitCast(members .== SIMD8(repeating: byte), to: UInt64.self) != 0
    }

    /// Whether any byte of `utf8` is in the set.
    func occurs(in utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count > 0, let base = utf8.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        guard utf8.count >= 16 else {
            for byte in utf8 where contains(byte) { return true }
            return false
        }
        // The lanes past `count` repeat the first member: a set of one compares one lane,
        // of up to four four, of more all eight.
        switch count {
        case 1: return scan(raw, utf8.count) { $0 .== lanes.0 }
        case 2...4: return scan(raw, utf8.count) { ($0 .== lanes.0) .| ($0 .== lanes.1) .| ($0 .== lanes.2) .| ($0 .== lanes.3) }
        default:
            return scan(raw, utf8.count) {
                ($0 .== lanes.0) .| ($0 .== lanes.1) .| ($0 .== lanes.2) .| ($0 .== lanes.3)
                    .| ($0 .== lanes.4) .| ($0 .== lanes.5) .| ($0 .== lanes.6) .| ($0 .== lanes.7)
            }
        }
    }

    /// Whether `match` marks a lane of any chunk of the `count` (16 or more) bytes at `raw`.
    @inline(__always)
    private func scan(_ raw: UnsafeRawPointer, _ count: Int, _ match: (SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>>) -> Bool {
        var i = 0
        while true {
            // A lane of the mask is all ones where it holds. `any(_:)` was a generic call
            // per chunk here; as two words it is a few instructions.
            let words = unsafeBitCast(match(raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)), to: SIMD2<UInt64>.self)
            if words[0] | words[1] != 0 { return true }
            if i == count - 16 { return false }
            // The last chunk ends with the text, overlapping the one before.
            i = min(i + 16, count - 16)
        }
    }
}
