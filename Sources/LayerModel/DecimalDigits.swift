extension Array where Element == UInt8 {
    /// Appends `n` in decimal, digit by digit from the highest place: paths and reports
    /// write many small numbers, and a `String` for each would cost more than the rest.
    @inlinable
    public mutating func appendDecimal(_ n: Int) {
        if n < 0 { append(UInt8(ascii: "-")) }
        let magnitude = n.magnitude
        var unit: UInt = 1
        while unit <= magnitude / 10 { unit *= 10 }
        repeat {
            append(UInt8(ascii: "0") + UInt8(magnitude / unit % 10))
            unit /= 10
        } while unit > 0
    }
}
