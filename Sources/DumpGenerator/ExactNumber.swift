/// Appends `value` the way an exporter that does not round writes a CGFloat: the
/// shortest decimal text that reads back as the same Double (`37.88843348548123`).
/// Swift's `description` is that text and is the same on every platform, so the bytes
/// stay deterministic. Whole numbers are written as integers (`12`, not `12.0`), as the
/// other shapes and the fixtures write them.
///
/// No text has an exponent (`description` writes `1e-05` below 1e-4, and `1e+16` from
/// 1e16 on): dumps do not carry such numbers, and an exponent would send JSON numbers
/// down another reading path than real geometry. So a magnitude below 1e-4 (a rounding
/// residue such as 3e-17) is written 0, and the generator keeps below 1e15.
func writeExact(_ value: Double, to bytes: inout [UInt8]) {
    let magnitude = value.magnitude
    precondition(value.isFinite && magnitude < 1e15, "\(value) would be written with an exponent")
    if magnitude < 1e-4 {
        bytes.append(UInt8(ascii: "0"))
        return
    }
    if value.rounded(.towardZero) == value {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        writeDigits(Int(magnitude), to: &bytes)  // -0.0 is written 0
        return
    }
    bytes.append(contentsOf: value.description.utf8)
}

extension SplitMix64 {
    /// A Double in `range` whose 53 bits of fraction are all random, so its shortest
    /// text has 15 to 17 significant digits, like geometry computed by Auto Layout.
    mutating func real(_ range: ClosedRange<Double>) -> Double {
        let unit = Double(next() >> 11) * 0x1p-53
        let value = range.lowerBound + (range.upperBound - range.lowerBound) * unit
        return value.magnitude < 1e-3 ? 0 : value  // no thousandth-of-a-point specks
    }

    /// A length or offset in `range`: full precision, but one time in eight a whole
    /// number (layouts snapped to points, hand-set constants), the minority real dumps show.
    mutating func length(_ range: ClosedRange<Double>) -> Double {
        let value = real(range)
        guard chance(perMille: 125) else { return value }
        return min(max(value.rounded(), range.lowerBound.rounded(.up)), range.upperBound.rounded(.down))
    }
}

/// A rectangle of exact numbers, in its superlayer's coordinates.
struct ExactRect: Sendable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    var value: DumpValue { .exactList([x, y, width, height]) }

    /// The same size at the origin: the rectangle as its own layer's bounds.
    var bounds: ExactRect { ExactRect(x: 0, y: 0, width: width, height: height) }

    func insetBy(_ d: Double) -> ExactRect {
        ExactRect(x: x + d, y: y + d, width: max(width - 2 * d, 0), height: max(height - 2 * d, 0))
    }
}
