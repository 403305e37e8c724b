/// An sRGB colour with alpha, each component 0…1 (what `#RRGGBB[AA]` spells).
public struct RGBA: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    public static let black = RGBA(red: 0, green: 0, blue: 0)

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
