/// One path command letter: which command, and whether its coordinates are relative.
struct SVGCommand: Equatable {
    enum Letter: Equatable { case m, l, h, v, c, s, q, t, a, z }
    var letter: Letter
    var isRelative: Bool

    init(letter: Letter, isRelative: Bool) {
        self.letter = letter
        self.isRelative = isRelative
    }

    /// The command an ASCII letter names, or nil for any other byte.
    init?(_ byte: UInt8) {
        let isUpper = byte >= 0x41 && byte <= 0x5A, isLower = byte >= 0x61 && byte <= 0x7A
        guard isUpper || isLower else { return nil }
        let letter: Letter
        switch byte | 0x20 {  // ASCII lower-casing, safe now that `byte` is a letter
        case UInt8(ascii: "m"): letter = .m
        case UInt8(ascii: "l"): letter = .l
        case UInt8(ascii: "h"): letter = .h
        case UInt8(ascii: "v"): letter = .v
        case UInt8(ascii: "c"): letter = .c
        case UInt8(ascii: "s"): letter = .s
        case UInt8(ascii: "q"): letter = .q
        case UInt8(ascii: "t"): letter = .t
        case UInt8(ascii: "a"): letter = .a
        case UInt8(ascii: "z"): letter = .z
        default: return nil
        }
        self.init(letter: letter, isRelative: isLower)
    }

    /// The letter as written, for messages.
    var name: String {
        let upper: String = switch letter {
        case .m: "M"
        case .l: "L"
        case .h: "H"
        case .v: "V"
        case .c: "C"
        case .s: "S"
        case .q: "Q"
        case .t: "T"
        case .a: "A"
        case .z: "Z"
        }
        return isRelative ? upper.lowercased() : upper
    }
}

/// Scans one SVG number: sign? (digits ("." digits?)? | "." digits) exponent?.
/// Two numbers may touch: "0.5.5" is 0.5 then .5, "1-2" is 1 then -2.
struct SVGNumberScanner {
    enum Failure: Error, Equatable {
        case noDigits
        case exponentWithoutDigits(at: Int)
        case outOfRange
    }

    let bytes: UnsafeRawBufferPointer
    var index: Int

    mutating func scan() -> Result<Double, Failure> {
        let start = index
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        // Up to 19 significant digits are kept exactly in `mantissa`; later ones only count
        // towards the exponent (or, after the point, are dropped) and force the slow path.
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var droppedDigits = false
        var decimalExponent = 0
        var sawDigit = false
        while index < bytes.count, isDigit(bytes[index]) {
            sawDigit = true
            accumulate(bytes[index], &mantissa, &significantDigits, &droppedDigits, &decimalExponent,
                       fractional: false)
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            let afterPoint = index + 1
            if afterPoint < bytes.count, isDigit(bytes[afterPoint]) || sawDigit {
                index = afterPoint
                while index < bytes.count, isDigit(bytes[index]) {
                    sawDigit = true
                    accumulate(bytes[index], &mantissa, &significantDigits, &droppedDigits,
                               &decimalExponent, fractional: true)
                    index += 1
                }
            }
        }
        guard sawDigit else {
            index = start
            return .failure(.noDigits)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            var i = index + 1
            var exponentNegative = false
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
                exponentNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            guard i < bytes.count, isDigit(bytes[i]) else { return .failure(.exponentWithoutDigits(at: i)) }
            var exponent = 0
            while i < bytes.count, isDigit(bytes[i]) {
                exponent = min(exponent * 10 + Int(bytes[i] - 0x30), 100_000)  // saturate: 1e99999 is inf anyway
                i += 1
            }
            decimalExponent += exponentNegative ? -exponent : exponent
            index = i
        }
        let value: Double
        if let fast = Self.exactValue(mantissa, significantDigits, droppedDigits, decimalExponent) {
            value = fast
        } else {
            // Rare: long mantissas or large exponents. The standard library's correctly
            // rounded conversion, on the digits without the sign.
            let digitsStart = start + (bytes[start] == UInt8(ascii: "+") || bytes[start] == UInt8(ascii: "-") ? 1 : 0)
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[digitsStart..<index]), as: UTF8.self)
            guard let parsed = Double(text) else { return .failure(.noDigits) }
            value = parsed
        }
        guard value.isFinite else { return .failure(.outOfRange) }
        return .success(negative ? -value : value)
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    private func accumulate(_ digit: UInt8, _ mantissa: inout UInt64, _ count: inout Int,
                            _ dropped: inout Bool, _ exponent: inout Int, fractional: Bool) {
        let d = UInt64(digit - 0x30)
        if count == 0 && d == 0 {
            // A leading zero: not significant, but after the point it scales the rest.
            if fractional { exponent -= 1 }
            return
        }
        if count < 19 {
            mantissa = mantissa * 10 + d
            count += 1
            if fractional { exponent -= 1 }
        } else {
            if d != 0 { dropped = true }
            if !fractional { exponent += 1 }
        }
    }

    /// The shared decimal conversion (`DecimalToDouble`) when no digit was dropped; nil
    /// when it declines.
    private static func exactValue(_ mantissa: UInt64, _ digits: Int, _ dropped: Bool,
                                   _ exponent: Int) -> Double? {
        if mantissa == 0 && !dropped { return 0 }
        guard !dropped else { return nil }
        return DecimalToDouble.value(mantissa: mantissa, exponent: exponent)
    }
}
