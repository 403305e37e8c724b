import LayerDecode
import Foundation

/// Reads the scalars of view debugger replies however they were sent. The debugger turns
/// numbers into strings with printf-style formats (hex floats such as `0x1.8p+3` from
/// `%la`, `%f`, `%g`, `%d`), Booleans into `YES`/`NO`, `true`/`false` or `1`/`0`; a
/// hand-made or older file may use plain JSON numbers and Booleans. Every reader returns
/// nil for what it cannot read, so the caller can mark the property unknown.
enum DebuggerScalars {
    /// A finite number: a JSON number, or a string in any printf number form.
    static func number(_ value: Any?) -> Double? {
        switch value {
        case let s as String: return number(in: s)
        case let n as NSNumber: return finite(n.doubleValue)
        default: return nil
        }
    }

    /// A whole number, written as any number form whose value is integral.
    static func integer(_ value: Any?) -> Int? {
        guard let d = number(value), d == d.rounded(), abs(d) < 9.0e15 else { return nil }
        return Int(d)
    }

    /// The `propertyFormat`s whose values the debugger writes as unprefixed hexadecimal
    /// (`unsigned long`, `unsigned long long`, `NSUInteger`: `renderInfoOffscreenFlags`
    /// arrives as `"5"` or `"1a"`), not as decimal: docs/importers.md.
    static let hexadecimalFormats: Set<String> = ["ul", "ull", "uinteger"]

    /// An unsigned whole number written in hexadecimal, with or without `0x`; a JSON
    /// number is taken as it is. Nil for anything else, or past 64 bits.
    static func hexadecimal(_ value: Any?) -> UInt64? {
        switch value {
        case let s as String:
            var t = Substring(s.trimmingCharacters(in: .whitespacesAndNewlines))
            if t.lowercased().hasPrefix("0x") { t = t.dropFirst(2) }
            guard !t.isEmpty, t.allSatisfy(\.isHexDigit) else { return nil }
            return UInt64(t, radix: 16)
        case let n as NSNumber:
            let d = n.doubleValue
            guard d >= 0, d == d.rounded(), d < 1.8e19 else { return nil }
            return n.uint64Value
        default:
            return nil
        }
    }

    /// The value as a parser should see it: a hexadecimal-format value becomes its number.
    /// Nil when such a value is not hexadecimal.
    static func normalized(_ value: Any?, format: String?) -> Any?? {
        guard let format, hexadecimalFormats.contains(format), let value, !(value is NSNull) else { return .some(value) }
        guard let n = hexadecimal(value) else { return nil }
        return .some(NSNumber(value: n))
    }

    static func bool(_ value: Any?) -> Bool? {
        switch value {
        case let s as String:
            switch s.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
            case "yes", "true", "y": return true
            case "no", "false", "n": return false
            default: return number(in: s).map { $0 != 0 }
            }
        case let n as NSNumber: return n.doubleValue != 0
        default: return nil
        }
    }

    static func string(_ value: Any?) -> String? {
        switch value {
        case let s as String: return s
        case let n as NSNumber: return n.stringValue
        default: return nil
        }
    }

    /// Swift's `Double(_:)` reads decimal, exponent and hexadecimal-float forms (the last is
    /// what `%la` writes); infinities and NaN are refused, a layer has no use for them.
    static func number(in text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, let d = Double(trimmed) else { return nil }
        return finite(d)
    }

    private static func finite(_ d: Double) -> Double? { d.isFinite ? d : nil }

    /// The numbers of a structure value (a rect, point, size or matrix), flattened in order:
    /// an array (nested or not) of number forms, a string such as `{{0, 0}, {390, 844}}`,
    /// or a mapping with `x`/`y`/`width`/`height` (or `origin`/`size`). Nil when any part
    /// is not a number.
    static func numbers(_ value: Any?) -> [Double]? {
        var out: [Double] = []
        return append(value, to: &out, depth: 0) ? out : nil
    }

    private static func append(_ value: Any?, to out: inout [Double], depth: Int) -> Bool {
        guard depth < 4 else { return false }
        switch value {
        case let array as [Any]:
            for item in array where !append(item, to: &out, depth: depth + 1) { return false }
            return true
        case let map as [String: Any]:
            let ordered = ["origin", "size", "x", "y", "width", "height"].filter { map[$0] != nil }
            guard !ordered.isEmpty else { return false }
            for key in ordered where !append(map[key], to: &out, depth: depth + 1) { return false }
            return true
        case let s as String:
            guard let numbers = numbers(in: s) else { return false }
            out += numbers
            return true
        default:
            guard let n = number(value) else { return false }
            out.append(n)
            return true
        }
    }

    /// The numbers of a structure written as text: `{{0, 0}, {390, 844}}`, `(1 2; 3 4)`,
    /// `[0x1p+0, 0x0p+0]`. A leading label such as `NSRect:` is skipped.
    static func numbers(in text: String) -> [Double]? {
        let separators = CharacterSet(charactersIn: "{}()[];,").union(.whitespacesAndNewlines)
        var tokens = text.components(separatedBy: separators).filter { !$0.isEmpty }
        if let first = tokens.first, first.hasSuffix(":") { tokens.removeFirst() }
        guard !tokens.isEmpty else { return nil }
        var out: [Double] = []
        for token in tokens {
            guard let n = number(in: token) else { return nil }
            out.append(n)
        }
        return out
    }
}
