// Stub of Core Graphics' colours for .ci/apple-typecheck.sh (AppleStubs/README.md).
@_exported import CoreFoundation

// https://developer.apple.com/documentation/coregraphics/cgcolor
public final class CGColor {
    // https://developer.apple.com/documentation/coregraphics/cgcolor/init(red:green:blue:alpha:)
    @available(iOS 13.0, macOS 10.5, tvOS 13.0, *)
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    // https://developer.apple.com/documentation/coregraphics/cgcolor/alpha
    public var alpha: CGFloat { 1 }
    // https://developer.apple.com/documentation/coregraphics/cgcolor/components
    public var components: [CGFloat]? { nil }
    // https://developer.apple.com/documentation/coregraphics/cgcolor/converted(to:intent:options:)
    public func converted(to space: CGColorSpace, intent: CGColorRenderingIntent, options: CFDictionary?) -> CGColor? { nil }
}

// https://developer.apple.com/documentation/coregraphics/cgcolorspace
public final class CGColorSpace {
    // https://developer.apple.com/documentation/coregraphics/cgcolorspace/init(name:)
    public init?(name: CFString) { nil }
    // https://developer.apple.com/documentation/coregraphics/cgcolorspace/srgb
    public static var sRGB: CFString { fatalError("stub") }
}

// https://developer.apple.com/documentation/coregraphics/cgcolorrenderingintent
public enum CGColorRenderingIntent: Int32, Sendable {
    // https://developer.apple.com/documentation/coregraphics/cgcolorrenderingintent/defaultintent
    case defaultIntent = 0
    // https://developer.apple.com/documentation/coregraphics/cgcolorrenderingintent/absolutecolorimetric
    case absoluteColorimetric = 1
    // https://developer.apple.com/documentation/coregraphics/cgcolorrenderingintent/relativecolorimetric
    case relativeColorimetric = 2
    // https://developer.apple.com/documentation/coregraphics/cgcolorrenderingintent/perceptual
    case perceptual = 3
    // https://developer.apple.com/documentation/coregraphics/cgcolorrenderingintent/saturation
    case saturation = 4
}
