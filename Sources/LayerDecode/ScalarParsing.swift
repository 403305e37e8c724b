import LayerGeometry
import LayerModel

/// Reads typed values from scalar bytes without building strings on the common path.
package enum ScalarParsing {
    /// A decimal number (JSON or YAML plain style), or nil when the text is not one.
    package static func number(_ b: UnsafeRawBufferPointer) -> Double? {
        let n = b.count
        guard n > 0 else { return nil }
        var i = 0
        var negative = false
        if b[0] == UInt8(ascii: "-") || b[0] == UInt8(ascii: "+") { negative = b[0] == UInt8(ascii: "-"); i = 1 }
        var mantissa: UInt64 = 0
        var digits = 0, fractionDigits = 0
        var sawDigit = false
        // Up to 19 significant digits fit a UInt64; more go to the full parser.
        while i < n, b[i] &- 48 < 10 {
            if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(b[i] &- 48); if mantissa > 0 { digits += 1 } } else { return slowNumber(b) }
            sawDigit = true; i += 1
        }
        if i < n, b[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, b[i] &- 48 < 10 {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(b[i] &- 48); if mantissa > 0 { digits += 1 }; fractionDigits += 1 } else { return slowNumber(b) }
                sawDigit = true; i += 1
            }
        }
        guard sawDigit, i == n, let value = DecimalToDouble.value(mantissa: mantissa, exponent: -fractionDigits) else {
            return slowNumber(b)  // an exponent, a word, or a number past the fast paths
        }
        return negative ? -value : value
    }

    private static func slowNumber(_ b: UnsafeRawBufferPointer) -> Double? {
        let text = String(decoding: b, as: UTF8.self)
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        // Swift's parser accepts forms YAML and JSON do not ("inf", "nan", "0x1p3"); keep to decimals.
        guard text.utf8.allSatisfy({ ($0 &- 48) < 10 || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e")
            || $0 == UInt8(ascii: "E") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }) else { return nil }
        return Double(text)
    }

    /// `infinity`, the word a dump writes for a repeat count that never ends.
    static func isInfinityWord(_ b: UnsafeRawBufferPointer) -> Bool {
        b.elementsEqual("infinity".utf8)
    }

    static func bool(_ b: UnsafeRawBufferPointer) -> Bool? {
        switch b.count {
        case 4: return equals(b, "true") || equals(b, "True") || equals(b, "TRUE") ? true : nil
        case 5: return equals(b, "false") || equals(b, "False") || equals(b, "FALSE") ? false : nil
        default: return nil
        }
    }

    /// YAML's and JSON's null spellings (an empty plain scalar is YAML's null).
    static func isNull(_ b: UnsafeRawBufferPointer) -> Bool {
        switch b.count {
        case 0: return true
        case 1: return b[0] == UInt8(ascii: "~")
        case 4: return equals(b, "null") || equals(b, "Null") || equals(b, "NULL")
        default: return false
        }
    }

    /// `#RRGGBB` or `#RRGGBBAA`.
    static func color(_ b: UnsafeRawBufferPointer) -> RGBA? {
        guard (b.count == 7 || b.count == 9), b[0] == UInt8(ascii: "#") else { return nil }
        func byte(_ i: Int) -> UInt8? {
            guard let hi = hexDigit(b[i]), let lo = hexDigit(b[i + 1]) else { return nil }
            return UInt8(hi << 4 | lo)
        }
        guard let r = byte(1), let g = byte(3), let bl = byte(5) else { return nil }
        var color = RGBA.clear
        color.redByte = r; color.greenByte = g; color.blueByte = bl
        if b.count == 9 {
            guard let a = byte(7) else { return nil }
            color.alphaByte = a
        } else {
            color.alphaByte = 255
        }
        return color
    }

    /// The value of one hex digit (either case), or nil.
    @inline(__always)
    static func hexDigit(_ c: UInt8) -> Int? {
        switch c {
        case 48...57: return Int(c - 48)
        case 65...70: return Int(c - 55)
        case 97...102: return Int(c - 87)
        default: return nil
        }
    }

    static func equals(_ b: UnsafeRawBufferPointer, _ s: StaticString) -> Bool {
        guard b.count == s.utf8CodeUnitCount else { return false }
        let p = s.utf8Start
        for i in 0..<b.count where b[i] != p[i] { return false }
        return true
    }
}
