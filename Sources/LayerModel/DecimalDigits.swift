extension Array where Element == UInt8 {
    /// Appends `n` in decimal: paths and reports write many small numbers, and a `String`
    /// for each would cost more than the rest.
    @inlinable
    public mutating func appendDecimal(_ n: Int) {
        if n < 0 { append(UInt8(ascii: "-")) }
        appendDigits(n.magnitude)
    }

    /// Appends the decimal digits of `value`, made from the last one into a buffer on the
    /// stack and appended in one copy: a byte at a time, each append checks capacity and
    /// uniqueness, and appending a slice of raw bytes takes the slow generic path.
    @inlinable
    public mutating func appendDigits(_ value: UInt) {
        // Most numbers in a report are below a thousand (a radius, a count, a frame's
        // whole points): three byte appends cost a third of the buffer and the copy.
        if value < 1_000 {
            if value >= 100 { append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 100)) }
            if value >= 10 { append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10 % 10)) }
            append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10))
            return
        }
        // UInt.max has 20 digits.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count, rest = value
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}
