import LayerDecode
import Foundation
import LayerGeometry
import LayerModel

/// Reads the structured values of view debugger properties: geometry (format
/// `CGf, CGf[, …]`), colours (format `color`) and object references (format `objectInfo`).
enum DebuggerValues {
    static func rect(_ value: Any?) -> Rect? {
        guard let n = DebuggerScalars.numbers(value), n.count == 4, n[2] >= 0, n[3] >= 0,
              (n[0] + n[2]).isFinite, (n[1] + n[3]).isFinite else { return nil }  // an edge past ±1.8e308 is no frame
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    static func point(_ value: Any?) -> Point? {
        guard let n = DebuggerScalars.numbers(value), n.count == 2 else { return nil }
        return Point(x: n[0], y: n[1])
    }

    static func size(_ value: Any?) -> Size? {
        guard let n = DebuggerScalars.numbers(value), n.count == 2 else { return nil }
        return Size(width: n[0], height: n[1])
    }

    /// A `CATransform3D` (16 numbers, row by row) or an affine transform (6 numbers).
    static func transform(_ value: Any?) -> Transform3D? {
        guard let n = DebuggerScalars.numbers(value) else { return nil }
        switch n.count {
        case 16: return Transform3D(n)
        case 6: return Transform3D(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
        default: return nil
        }
    }

    /// A colour as read: none (the property is nil on the device), or its components.
    enum ColorReading: Equatable {
        case none
        case color(RGBA)
    }

    /// Nil when the value is not a colour LayerLint can read (a pattern image, CMYK, an
    /// unknown text form).
    static func color(_ value: Any?) -> ColorReading? {
        switch value {
        case nil, is NSNull:
            return ColorReading.none
        case let map as [String: Any]:
            // The debugger's colour: `componentValues` in the colour's space, named by
            // `colorSpaceName`; a pattern colour has image data instead.
            if map["patternImageData"] != nil, map["componentValues"] == nil { return nil }
            guard let components = DebuggerScalars.numbers(map["componentValues"]) else { return nil }
            return rgba(components).map(ColorReading.color)
        case let s as String:
            return color(in: s)
        default:
            guard let components = DebuggerScalars.numbers(value) else { return nil }
            return rgba(components).map(ColorReading.color)
        }
    }

    /// `#RRGGBB[AA]`, `nil`/`(null)`, or a colour space name followed by its components
    /// (`UIExtendedSRGBColorSpace 1 0 0 1`, `UIExtendedGrayColorSpace 0 0.5`).
    private static func color(in text: String) -> ColorReading? {
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if ["", "nil", "(null)", "<null>", "null"].contains(t.lowercased()) { return ColorReading.none }
        if t.hasPrefix("#") { return hexColor(t).map(ColorReading.color) }
        var tokens = t.components(separatedBy: CharacterSet(charactersIn: "{}()[],;").union(.whitespaces)).filter { !$0.isEmpty }
        while let first = tokens.first, DebuggerScalars.number(in: first) == nil { tokens.removeFirst() }
        let components = tokens.compactMap { DebuggerScalars.number(in: $0) }
        guard !components.isEmpty, components.count == tokens.count else { return nil }
        return rgba(components).map(ColorReading.color)
    }

    /// 1 component: white; 2: white and alpha; 3: RGB; 4: RGBA. Extended-range components
    /// are clamped to 0…1, which is what the screen shows.
    private static func rgba(_ c: [Double]) -> RGBA? {
        switch c.count {
        case 1: return RGBA(red: c[0], green: c[0], blue: c[0])
        case 2: return RGBA(red: c[0], green: c[0], blue: c[0], alpha: c[1])
        case 3: return RGBA(red: c[0], green: c[1], blue: c[2])
        case 4: return RGBA(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        default: return nil
        }
    }

    private static func hexColor(_ t: String) -> RGBA? {
        let digits = t.dropFirst()
        guard digits.count == 6 || digits.count == 8, let v = UInt32(digits, radix: 16) else { return nil }
        let full = digits.count == 6 ? v << 8 | 0xFF : v
        func byte(_ shift: UInt32) -> Double { Double((full >> shift) & 0xFF) / 255 }
        return RGBA(red: byte(24), green: byte(16), blue: byte(8), alpha: byte(0))
    }

    /// An object reference as read: none (nil on the device), or the referenced object.
    enum ObjectReading: Equatable {
        case none
        case object(address: String?, className: String?)
    }

    /// The debugger's `objectInfo` (`className`, `memoryAddress`), or a bare address string.
    static func object(_ value: Any?) -> ObjectReading? {
        switch value {
        case nil, is NSNull:
            return ObjectReading.none
        case let map as [String: Any]:
            let address = DebuggerScalars.string(map["memoryAddress"] ?? map["objectID"])
            let className = map["className"] as? String
            guard address != nil || className != nil else { return ObjectReading.none }
            return .object(address: address.map(normalizedAddress), className: className)
        case let s as String:
            let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
            if ["", "nil", "(null)", "<null>", "null"].contains(t.lowercased()) { return ObjectReading.none }
            return .object(address: normalizedAddress(t), className: nil)
        default:
            return nil
        }
    }

    /// Addresses compare as numbers: `0x00007f8e1c0` and `0x7F8E1C0` are one object.
    static func normalizedAddress(_ s: String) -> String {
        let t = s.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard t.hasPrefix("0x"), let v = UInt64(t.dropFirst(2), radix: 16) else { return t }
        return "0x" + String(v, radix: 16)
    }
}
