/// The correctly rounded Double of a decimal `mantissa × 10^exponent`, the form every
/// number in a dump and its path data takes, without a string or `strtod`. The dump
/// readers and the SVG path parser share it, so one text reads as one value everywhere.
///
/// Dumps written from `CGFloat`s carry 16 and 17 significant digits (`127.08220789864433`),
/// past the 2^53 a Double holds exactly, so the classic exact path (mantissa and power of
/// ten both exact, one rounding in the division) covers only some of them. For the rest
/// the quotient is computed in integers: `m / (5^k · 2^k)` is `m · 2^64 / 5^k` shifted
/// right by `64 + k`; the 128-bit quotient keeps 64 significant bits and a sticky bit for
/// any bit lost (the remainder, or the bits below those 64), and converting those 64 bits
/// to a Double is the one rounding, to nearest even, that `strtod` makes too.
package enum DecimalToDouble {
    /// nil when the number is outside what this path handles (more than 27 fraction
    /// digits, a 2^53-or-larger integer, an exponent above 22); the caller then takes the
    /// full parser.
    @inline(__always)
    package static func value(mantissa: UInt64, exponent: Int) -> Double? {
        if mantissa < 1 << 53 {
            // Both exact, so the one operation is the only rounding.
            guard exponent >= -22, exponent <= 22 else { return nil }
            let m = Double(mantissa)
            return exponent >= 0 ? m * powersOfTen[exponent] : m / powersOfTen[-exponent]
        }
        guard exponent < 0, -exponent < powersOfFive.count else { return nil }
        return wideQuotient(mantissa, -exponent)
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

    /// 10^k for k in 0...22, the powers a Double holds exactly.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// 5^k for k in 0...27, each below 2^63 so the 128-bit division's high word fits.
    private static let powersOfFive: [UInt64] = [
        1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125, 9765625, 48828125, 244140625,
        1220703125, 6103515625, 30517578125, 152587890625, 762939453125, 3814697265625,
        19073486328125, 95367431640625, 476837158203125, 2384185791015625, 11920928955078125,
        59604644775390625, 298023223876953125, 1490116119384765625, 7450580596923828125,
    ]
}
