// For the pass for an Apple target (.ci/apple-typecheck.sh), where no Foundation lends its
// geometry types: CGFloat and the three structs, with Apple's Swift API as far as LayerLint's
// code and snippets use it. Fewer conformances than Apple's (CGFloat is no
// BinaryFloatingPoint here): a missing member can make valid code fail, never wrong code pass.
#if !os(Linux)

// https://developer.apple.com/documentation/corefoundation/cgfloat
@frozen public struct CGFloat: Sendable, Hashable, Comparable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    // https://developer.apple.com/documentation/corefoundation/cgfloat/native
    public var native: Double
    // https://developer.apple.com/documentation/corefoundation/cgfloat/init(_:)
    public init(_ value: Double) { native = value }
    public init(_ value: Int) { native = Double(value) }
    public init(floatLiteral value: Double) { native = value }
    public init(integerLiteral value: Int) { native = Double(value) }
    public static func < (a: CGFloat, b: CGFloat) -> Bool { a.native < b.native }
    public static func + (a: CGFloat, b: CGFloat) -> CGFloat { CGFloat(a.native + b.native) }
    public static func - (a: CGFloat, b: CGFloat) -> CGFloat { CGFloat(a.native - b.native) }
    public static func * (a: CGFloat, b: CGFloat) -> CGFloat { CGFloat(a.native * b.native) }
    public static func / (a: CGFloat, b: CGFloat) -> CGFloat { CGFloat(a.native / b.native) }
}

extension Double {
    // https://developer.apple.com/documentation/swift/double/init(_:)-5h7qo
    public init(_ value: CGFloat) { self = value.native }
}

extension Float {
    // https://developer.apple.com/documentation/swift/float/init(_:)-1m7ui
    public init(_ value: CGFloat) { self = Float(value.native) }
}

// https://developer.apple.com/documentation/corefoundation/cgpoint
@frozen public struct CGPoint: Sendable, Hashable {
    // https://developer.apple.com/documentation/corefoundation/cgpoint/x
    public var x: CGFloat
    // https://developer.apple.com/documentation/corefoundation/cgpoint/y
    public var y: CGFloat
    // https://developer.apple.com/documentation/corefoundation/cgpoint/init(x:y:)-2xpxb
    public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }
    // https://developer.apple.com/documentation/corefoundation/cgpoint/init(x:y:)-1ee86
    public init(x: Double, y: Double) { self.x = CGFloat(x); self.y = CGFloat(y) }
    // https://developer.apple.com/documentation/corefoundation/cgpoint/init(x:y:)-8bd7c
    public init(x: Int, y: Int) { self.init(x: Double(x), y: Double(y)) }
    // https://developer.apple.com/documentation/corefoundation/cgpoint/zero
    public static var zero: CGPoint { CGPoint(x: 0 as CGFloat, y: 0 as CGFloat) }
}

// https://developer.apple.com/documentation/corefoundation/cgsize
@frozen public struct CGSize: Sendable, Hashable {
    // https://developer.apple.com/documentation/corefoundation/cgsize/width
    public var width: CGFloat
    // https://developer.apple.com/documentation/corefoundation/cgsize/height
    public var height: CGFloat
    // https://developer.apple.com/documentation/corefoundation/cgsize/init(width:height:)-5y2zo
    public init(width: CGFloat, height: CGFloat) { self.width = width; self.height = height }
    // https://developer.apple.com/documentation/corefoundation/cgsize/init(width:height:)-4ciyp
    public init(width: Double, height: Double) { self.width = CGFloat(width); self.height = CGFloat(height) }
    // https://developer.apple.com/documentation/corefoundation/cgsize/init(width:height:)-1ed3t
    public init(width: Int, height: Int) { self.init(width: Double(width), height: Double(height)) }
    // https://developer.apple.com/documentation/corefoundation/cgsize/zero
    public static var zero: CGSize { CGSize(width: 0 as CGFloat, height: 0 as CGFloat) }
}

// https://developer.apple.com/documentation/corefoundation/cgrect
@frozen public struct CGRect: Sendable, Hashable {
    // https://developer.apple.com/documentation/corefoundation/cgrect/origin
    public var origin: CGPoint
    // https://developer.apple.com/documentation/corefoundation/cgrect/size
    public var size: CGSize
    // https://developer.apple.com/documentation/corefoundation/cgrect/init(origin:size:)
    public init(origin: CGPoint, size: CGSize) { self.origin = origin; self.size = size }
    // https://developer.apple.com/documentation/corefoundation/cgrect/init(x:y:width:height:)-4fmv7
    public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
        self.init(origin: CGPoint(x: x, y: y), size: CGSize(width: width, height: height))
    }
    // https://developer.apple.com/documentation/corefoundation/cgrect/init(x:y:width:height:)-2fxyn
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: CGPoint(x: x, y: y), size: CGSize(width: width, height: height))
    }
    // https://developer.apple.com/documentation/corefoundation/cgrect/init(x:y:width:height:)-9mdz1
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
    }
    // https://developer.apple.com/documentation/corefoundation/cgrect/width
    public var width: CGFloat { size.width }
    // https://developer.apple.com/documentation/corefoundation/cgrect/height
    public var height: CGFloat { size.height }
    // https://developer.apple.com/documentation/corefoundation/cgrect/zero
    public static var zero: CGRect { CGRect(origin: .zero, size: .zero) }
}
#endif
