/// Plain geometry values in Core Graphics' conventions: a layer's own space has its
/// origin at the top-left of `bounds` on iOS (y grows down); nothing here depends on
/// that, names use min/max X/Y as Core Animation does.
public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
}

public struct Size: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
}

public struct Rect: Sendable, Hashable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The "nothing drawn" extent: union with it is the identity.
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

    public var minX: Double { Swift.min(origin.x, origin.x + size.width) }
    public var maxX: Double { Swift.max(origin.x, origin.x + size.width) }
    public var minY: Double { Swift.min(origin.y, origin.y + size.height) }
    public var maxY: Double { Swift.max(origin.y, origin.y + size.height) }
    public var width: Double { abs(size.width) }
    public var height: Double { abs(size.height) }
    public var midX: Double { (minX + maxX) / 2 }
    public var midY: Double { (minY + maxY) / 2 }
    public var isNull: Bool { origin.x == .infinity }
    public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }

    /// The same rectangle with a non-negative size.
    public var standardized: Rect {
        isNull ? self : Rect(x: minX, y: minY, width: width, height: height)
    }

    public func union(_ other: Rect) -> Rect {
        if isNull { return other }
        if other.isNull { return self }
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func intersection(_ other: Rect) -> Rect {
        if isNull || other.isNull { return .null }
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        if x1 < x0 || y1 < y0 { return .null }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func insetBy(dx: Double, dy: Double) -> Rect {
        if isNull { return self }
        return Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        if isNull { return self }
        return Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// Whether `other` lies inside this rectangle, allowing `tolerance` points of overhang.
    public func contains(_ other: Rect, tolerance: Double = 0) -> Bool {
        if other.isNull { return true }
        if isNull { return false }
        return other.minX >= minX - tolerance && other.maxX <= maxX + tolerance
            && other.minY >= minY - tolerance && other.maxY <= maxY + tolerance
    }

    public var corners: [Point] {
        [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
    }
}

/// Which corners `cornerRadius` rounds (CACornerMask; bit values match Core Animation's).
public struct CornerMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let minXMinY = CornerMask(rawValue: 1 << 0)
    public static let maxXMinY = CornerMask(rawValue: 1 << 1)
    public static let minXMaxY = CornerMask(rawValue: 1 << 2)
    public static let maxXMaxY = CornerMask(rawValue: 1 << 3)
    public static let all: CornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]

    /// Names in the order Core Animation declares them, as the dump format spells them.
    public static let names: [(String, CornerMask)] = [
        ("minXMinY", .minXMinY), ("maxXMinY", .maxXMinY), ("minXMaxY", .minXMaxY), ("maxXMaxY", .maxXMaxY),
    ]
    public var names: [String] { Self.names.filter { contains($0.1) }.map(\.0) }
}

/// The curve `cornerRadius` draws: quarter circles, or Apple's continuous ("squircle") curve.
public enum CornerCurve: String, Sendable, Hashable, CaseIterable {
    case circular
    case continuous
}
