/// FNV-1a, 64 bits: a fixed function of the bytes, the same in every process and on every
/// machine. Swift's `Hasher` is seeded per process, so it cannot make identifiers that
/// must match between two CI runs (SARIF fingerprints).
struct StableHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine(_ s: String) {
        for byte in s.utf8 { combine(byte: byte) }
        // A separator, so that ("ab", "c") and ("a", "bc") differ.
        combine(byte: 0)
    }

    mutating func combine(byte: UInt8) {
        value ^= UInt64(byte)
        value = value &* 0x0000_0100_0000_01b3
    }

    /// Sixteen lowercase hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
