import LayerModel

/// FNV-1a, 64 bits: a fixed function of the bytes, the same in every process and on every
/// machine. Swift's `Hasher` is seeded per process, so it cannot make identifiers that
/// must match between two CI runs (SARIF fingerprints).
struct StableHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    init() {}

    /// The hash that had `value` after what it combined so far, to combine more.
    init(continuing value: UInt64) { self.value = value }

    mutating func combine(_ s: String) {
        var s = s
        s.withUTF8 { combine($0) }
    }

    /// The same as `combine` of the string these bytes spell.
    mutating func combine(_ utf8: UnsafeBufferPointer<UInt8>) {
        var v = value
        for byte in utf8 { v = (v ^ UInt64(byte)) &* Self.prime }
        // A separator, so that ("ab", "c") and ("a", "bc") differ.
        value = (v ^ 0) &* Self.prime
    }

    /// The same as `combine(String(n))`, without making the string.
    mutating func combine(decimal n: Int) {
        // The digits most significant first, hashed as they are found: every SARIF
        // fingerprint ends with one, and an array of them was an allocation each.
        var v = value
        if n < 0 { v = (v ^ UInt64(UInt8(ascii: "-"))) &* Self.prime }
        var rest = n.magnitude, unit: UInt = 1
        while rest / unit >= 10 { unit *= 10 }
        repeat {
            v = (v ^ UInt64(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest / unit))) &* Self.prime
            rest %= unit
            unit /= 10
        } while unit > 0
        value = (v ^ 0) &* Self.prime
    }

    mutating func combine(byte: UInt8) {
        value ^= UInt64(byte)
        value = value &* Self.prime
    }

    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// Sixteen lowercase hex digits.
    var hex: String {
        var hex = ""
        withQuotedHex { hex = String(decoding: $0.dropFirst().dropLast(), as: UTF8.self) }
        return hex
    }

    /// Calls `body` with the hex digits in double quotes: a JSON string, made without
    /// allocating.
    func withQuotedHex(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let digits: StaticString = "0123456789abcdef"
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 18) { buffer in
            buffer[0] = 0x22; buffer[17] = 0x22
            for i in 0..<16 {
                let nibble = Int((value >> UInt64(60 - 4 * i)) & 0xF)
                buffer[1 + i] = digits.utf8Start[nibble]
            }
            body(UnsafeBufferPointer(buffer))
        }
    }
}
