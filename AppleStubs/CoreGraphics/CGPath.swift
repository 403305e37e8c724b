// Stub of Core Graphics' paths for .ci/apple-typecheck.sh (AppleStubs/README.md).

// https://developer.apple.com/documentation/coregraphics/cgpath
public class CGPath {
    // https://developer.apple.com/documentation/coregraphics/cgpath/init(rect:transform:)
    public init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {}
    // https://developer.apple.com/documentation/coregraphics/cgpath/init(ellipsein:transform:)
    public init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {}
    // https://developer.apple.com/documentation/coregraphics/cgpath/init(roundedrect:cornerwidth:cornerheight:transform:)
    public init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: UnsafePointer<CGAffineTransform>?) {}
    // https://developer.apple.com/documentation/coregraphics/cgpath/applywithblock(_:)
    @available(iOS 11.0, macOS 10.13, tvOS 11.0, *)
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {}
}

// https://developer.apple.com/documentation/coregraphics/cgpathapplyblock
public typealias CGPathApplyBlock = (UnsafePointer<CGPathElement>) -> Void

// https://developer.apple.com/documentation/coregraphics/cgpathelement
public struct CGPathElement {
    // https://developer.apple.com/documentation/coregraphics/cgpathelement/type
    public var type: CGPathElementType
    // https://developer.apple.com/documentation/coregraphics/cgpathelement/points
    public var points: UnsafeMutablePointer<CGPoint>
}

// https://developer.apple.com/documentation/coregraphics/cgpathelementtype
public enum CGPathElementType: Int32, Sendable {
    // https://developer.apple.com/documentation/coregraphics/cgpathelementtype/movetopoint
    case moveToPoint = 0
    // https://developer.apple.com/documentation/coregraphics/cgpathelementtype/addlinetopoint
    case addLineToPoint = 1
    // https://developer.apple.com/documentation/coregraphics/cgpathelementtype/addquadcurvetopoint
    case addQuadCurveToPoint = 2
    // https://developer.apple.com/documentation/coregraphics/cgpathelementtype/addcurvetopoint
    case addCurveToPoint = 3
    // https://developer.apple.com/documentation/coregraphics/cgpathelementtype/closesubpath
    case closeSubpath = 4
}

// https://developer.apple.com/documentation/corefoundation/cgaffinetransform
// (declared by Core Foundation's Swift overlay; here only as the type of `transform:`)
public struct CGAffineTransform: Sendable {
    // https://developer.apple.com/documentation/corefoundation/cgaffinetransform/identity
    public static let identity = CGAffineTransform()
}
