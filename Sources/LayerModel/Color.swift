/// An sRGB colour with alpha, each component 0…1 (what `#RRGGBB[AA]` spells).
public struct RGBA: Sendable, Hashable {
    // Stored as the bytes `#RRGGBBAA` spells: exact for every dump, and 4 bytes a layer.
    public var redByte: UInt8
    public var greenByte: UInt8
    public var blueByte: UInt8
    public var alphaByte: UInt8
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        redByte = Self.byte(red); greenByte = Self.byte(green); blueByte = Self.byte(blue); alphaByte = Self.byte(alpha)
    }
    public var red: Double { Double(redByte) / 255 }
    public var green: Double { Double(greenByte) / 255 }
    public var blue: Double { Double(blueByte) / 255 }
    public var alpha: Double { Double(alphaByte) / 255 }
    private static func byte(_ v: Double) -> UInt8 { UInt8((max(0, min(1, v.isNaN ? 0 : v)) * 255).rounded()) }
    public static let black = RGBA(red: 0, green: 0, blue: 0)
    public static let clear = RGBA(red: 0, green: 0, blue: 0, alpha: 0)

    public var isOpaque: Bool { alpha >= 1 }
    public var isClear: Bool { alpha <= 0 }

    /// `#RRGGBB` when opaque, else `#RRGGBBAA`.
    public var hex: String {
        func byte(_ v: Double) -> String {
            let b = Int((max(0, min(1, v)) * 255).rounded())
            let digits = Array("0123456789ABCDEF")
            return String([digits[b >> 4], digits[b & 15]])
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (isOpaque ? "" : byte(alpha))
    }
}
