/// SplitMix64 (Steele, Lea and Flood): a tiny, fast generator whose whole state is one
/// UInt64, so a seed fully determines every dump on every platform. The system random
/// source is never used: benchmarks and tests must see the same bytes on every run.
struct SplitMix64: Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in 0..<bound. Multiply-shift instead of `%` keeps it unbiased enough for
    /// synthetic data and avoids a division.
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        let product = (next() >> 32) &* UInt64(bound)
        return Int(product >> 32)
    }

    /// A value in the closed range.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// True with the given probability in per mille (integers keep the stream exact).
    mutating func chance(perMille: Int) -> Bool {
        below(1000) < perMille
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }
}
