/// A point in points (or, for `anchorPoint`, in unit coordinates of the bounds).
public struct ExportedPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = ExportedPoint(x: 0, y: 0)
}

public struct ExportedSize: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = ExportedSize(width: 0, height: 0)
}

public struct ExportedRect: Sendable, Hashable {
    public var origin: ExportedPoint
    public var size: ExportedSize
    public init(origin: ExportedPoint, size: ExportedSize) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: ExportedPoint(x: x, y: y), size: ExportedSize(width: width, height: height))
    }
    public static let zero = ExportedRect(x: 0, y: 0, width: 0, height: 0)
}

/// A `CATransform3D` in Core Animation's row order (`m41`, `m42` translate). Written as the
/// 6 numbers of a `CGAffineTransform` when it is one, else as all 16.
public struct ExportedTransform: Sendable, Hashable {
    /// m11 m12 m13 m14 m21 … m44.
    public private(set) var values: [Double]

    /// Nil unless `values` holds exactly 16 numbers.
    public init?(values: [Double]) {
        guard values.count == 16 else { return nil }
        self.values = values
    }

    /// A `CGAffineTransform` mapping (x, y) to (a·x + c·y + tx, b·x + d·y + ty).
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        values = [a, b, 0, 0, c, d, 0, 0, 0, 0, 1, 0, tx, ty, 0, 1]
    }

    public static let identity = ExportedTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public var isIdentity: Bool { self == .identity }

    /// Whether the matrix keeps z = 0 flat and has no perspective: exactly an affine transform.
    public var isAffine: Bool {
        let v = values
        return v[2] == 0 && v[3] == 0 && v[6] == 0 && v[7] == 0 && v[8] == 0 && v[9] == 0
            && v[10] == 1 && v[11] == 0 && v[14] == 0 && v[15] == 1
    }

    /// `[a, b, c, d, tx, ty]` when affine, else the 16 values: what the dump writes.
    public var dumpNumbers: [Double] {
        isAffine ? [values[0], values[1], values[4], values[5], values[12], values[13]] : values
    }
}

/// An sRGB colour with alpha, stored as the four bytes `#RRGGBBAA` spells, so a colour
/// written and read back is the same colour.
public struct RGBAColor: Sendable, Hashable {
    public var redByte: UInt8
    public var greenByte: UInt8
    public var blueByte: UInt8
    public var alphaByte: UInt8

    public init(redByte: UInt8, greenByte: UInt8, blueByte: UInt8, alphaByte: UInt8 = 255) {
        self.redByte = redByte; self.greenByte = greenByte; self.blueByte = blueByte; self.alphaByte = alphaByte
    }

    /// Components 0…1, rounded to the nearest byte (NaN counts as 0, values are clamped).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func byte(_ v: Double) -> UInt8 { UInt8((min(1, max(0, v.isNaN ? 0 : v)) * 255).rounded()) }
        self.init(redByte: byte(red), greenByte: byte(green), blueByte: byte(blue), alphaByte: byte(alpha))
    }

    public static let black = RGBAColor(redByte: 0, greenByte: 0, blueByte: 0)

    /// Always eight digits, alpha included: one spelling per colour, so a re-exported dump
    /// never differs in spelling alone.
    public var hex: String {
        let digits = Array("0123456789ABCDEF")
        var out = "#"
        for b in [redByte, greenByte, blueByte, alphaByte] {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 15)])
        }
        return out
    }
}

/// `cornerCurve`.
public enum ExportedCornerCurve: String, Sendable, Hashable, CaseIterable {
    case circular, continuous
}

/// `contentsGravity`, by the names the dump format uses.
public enum ExportedGravity: String, Sendable, Hashable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill
}

/// `maskedCorners`: `CACornerMask`'s bits.
public struct ExportedCorners: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue & 15 }
    public static let minXMinY = ExportedCorners(rawValue: 1)
    public static let maxXMinY = ExportedCorners(rawValue: 2)
    public static let minXMaxY = ExportedCorners(rawValue: 4)
    public static let maxXMaxY = ExportedCorners(rawValue: 8)
    public static let all: ExportedCorners = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]

    /// The names of the corners in the set, in Core Animation's order.
    public var names: [String] {
        [("minXMinY", Self.minXMinY), ("maxXMinY", .maxXMinY), ("minXMaxY", .minXMaxY), ("maxXMaxY", .maxXMaxY)]
            .filter { contains($0.1) }.map(\.0)
    }
}

/// The layer's bitmap: pixel sizes and `contentsScale`, each nil when unknown (a nil
/// scale means the snapshot's screen scale).
public struct ExportedContents: Sendable, Hashable {
    public var pixelWidth: Double?
    public var pixelHeight: Double?
    public var scale: Double?
    public init(pixelWidth: Double? = nil, pixelHeight: Double? = nil, scale: Double? = nil) {
        self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight; self.scale = scale
    }
}

/// The shadow properties, with `CALayer`'s defaults.
public struct ExportedShadow: Sendable, Hashable {
    public var opacity: Double = 0
    public var radius: Double = 3
    public var offset = ExportedSize(width: 0, height: -3)
    public var color: RGBAColor? = .black
    /// SVG path data in the layer's own space.
    public var path: String?
    public init(opacity: Double = 0, radius: Double = 3, offset: ExportedSize = ExportedSize(width: 0, height: -3),
                color: RGBAColor? = .black, path: String? = nil) {
        self.opacity = opacity; self.radius = radius; self.offset = offset; self.color = color; self.path = path
    }
}

/// `CAShapeLayer`'s drawing properties, with its defaults.
public struct ExportedShape: Sendable, Hashable {
    /// SVG path data in the layer's own space.
    public var path: String?
    public var fillColor: RGBAColor? = .black
    public var strokeColor: RGBAColor?
    public var lineWidth: Double = 1
    public init(path: String? = nil, fillColor: RGBAColor? = .black, strokeColor: RGBAColor? = nil, lineWidth: Double = 1) {
        self.path = path; self.fillColor = fillColor; self.strokeColor = strokeColor; self.lineWidth = lineWidth
    }
}

/// A key the v1 format does not define, with its value as a JSON fragment (`"text"`,
/// `12`, `[1, 2]`, `{"a": true}`), written as given: it must be valid JSON.
public struct ExportedExtra: Sendable, Hashable {
    public var key: String
    public var json: String
    public init(key: String, json: String) { self.key = key; self.json = json }
}
