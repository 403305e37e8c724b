/// The correctly rounded Double of a decimal `mantissa × 10^-fractionDigits`, the form
/// every number in a dump takes, without a string or `strtod`.
///
/// Dumps written from `CGFloat`s carry 16 and 17 significant digits (`127.08220789864433`),
/// past the 2^53 a Double holds exactly, so the classic exact path (mantissa and power of
/// ten both exact, one rounding in the division) covers only some of them. For the rest
/// the quotient is computed in integers: `m / (5^k · 2^k)` is `m · 2^64 / 5^k` shifted
/// right by `64 + k`; the 128-bit quotient keeps 64 significant bits and a sticky bit for
/// any bit lost (the remainder, or the bits below those 64), and converting those 64 bits
/// to a Double is the one rounding, to nearest even, that `strtod` makes too.
enum DecimalToDouble {
    /// nil when the number is outside what this path handles (more than 27 fraction
    /// digits, or a 2^53-or-larger integer); the caller then takes the full parser.
    @inline(__always)
    static func value(mantissa: UInt64, fractionDigits k: Int) -> Double? {
        if mantissa < 1 << 53 {
            guard k <= 22 else { return nil }
            // Both exact, so the division is the only rounding.
            return k == 0 ? Double(mantissa) : Double(mantissa) / ScalarParsing.exactPowerOfTen(k)
        }
        guard k > 0, k < powersOfFive.count else { return nil }
        return wideQuotient(mantissa, k)
    }

    private static func wideQuotient(_ m: UInt64, _ k: Int) -> Double? {
        let d = powersOfFive[k]
        let high = m / d
        guard high != 0 else { return nil }  // fewer than 65 quotient bits: not enough to round
        let (low, remainder) = d.dividingFullWidth((high: m % d, low: 0))
        let shift = high.leadingZeroBitCount
        var top = shift == 0 ? high : high << shift | low >> (64 - shift)
        let dropped = shift == 0 ? low : low << shift
        if dropped != 0 || remainder != 0 { top |= 1 }  // below the rounding bit: only breaks ties
        return Double(top) * Double(sign: .plus, exponent: -(shift + k), significand: 1)
    }

    /// 5^k for k in 0...27, each below 2^63 so the 128-bit division's high word fits.
    private static let powersOfFive: [UInt64] = (0...27).map { e in (0..<e).reduce(UInt64(1)) { r, _ in r * 5 } }
}
