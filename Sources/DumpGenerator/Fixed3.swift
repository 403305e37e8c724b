/// A decimal number with three fraction digits, stored as thousandths. Dumps only need
/// point values like `0.333` or `12.5`; keeping them as integers makes the text exact,
/// identical on every platform and cheap to format (no floating-point printing).
struct Fixed3: Sendable, Equatable, ExpressibleByIntegerLiteral {
    var thousandths: Int

    init(thousandths: Int) {
        self.thousandths = thousandths
    }

    init(integerLiteral value: Int) {
        thousandths = value * 1000
    }

    init(_ whole: Int) {
        thousandths = whole * 1000
    }

    /// `Fixed3(12, 5)` is 12.5; the fraction is in tenths.
    init(_ whole: Int, tenths: Int) {
        thousandths = whole * 1000 + tenths * 100
    }

    static func + (a: Fixed3, b: Fixed3) -> Fixed3 { Fixed3(thousandths: a.thousandths + b.thousandths) }
    static func - (a: Fixed3, b: Fixed3) -> Fixed3 { Fixed3(thousandths: a.thousandths - b.thousandths) }
    static func * (a: Fixed3, b: Int) -> Fixed3 { Fixed3(thousandths: a.thousandths * b) }
    static func / (a: Fixed3, b: Int) -> Fixed3 { Fixed3(thousandths: a.thousandths / b) }

    /// Appends the shortest decimal text: `390`, `0.5`, `-0.333`.
    func write(to bytes: inout [UInt8]) {
        var value = thousandths
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            value = -value
        }
        writeDigits(value / 1000, to: &bytes)
        var fraction = value % 1000
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var divisor = 100
        while fraction != 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }
}

/// Appends a non-negative integer in decimal.
func writeDigits(_ value: Int, to bytes: inout [UInt8]) {
    if value < 10 {
        bytes.append(UInt8(ascii: "0") + UInt8(value))
        return
    }
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                 UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    var rest = value
    withUnsafeMutableBytes(of: &digits) { buffer in
        while rest > 0 {
            buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            count += 1
        }
        for index in stride(from: count - 1, through: 0, by: -1) {
            bytes.append(buffer[index])
        }
    }
}

extension Fixed3: AdditiveArithmetic {
    static var zero: Fixed3 { 0 }
}
