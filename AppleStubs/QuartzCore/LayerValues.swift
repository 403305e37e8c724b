// Stub of Core Animation's value types for .ci/apple-typecheck.sh (AppleStubs/README.md).

// https://developer.apple.com/documentation/quartzcore/catransform3d
public struct CATransform3D: Sendable {
    // https://developer.apple.com/documentation/quartzcore/catransform3d/m11
    public var m11: CGFloat
    // https://developer.apple.com/documentation/quartzcore/catransform3d/m12
    public var m12: CGFloat
    // https://developer.apple.com/documentation/quartzcore/catransform3d/m13
    public var m13: CGFloat
    // https://developer.apple.com/documentation/quartzcore/catransform3d/m14
    public var m14: CGFloat
    // https://developer.apple.com/documentation/quartzcore/catransform3d/m21
    public var m21: CGFloat
    // https://developer.apple.com/documentation/quartzcore/catransform3d/m22
    public var m22: CGFloat
    // https://developer.apple.com/documentation/quartzcore/catransform3d/m23
    public var m23: CGFloat
    // https://developer.apple.com/documentation/quartzcore/catransform3d/m24
    public var m24: CGFloat
    // https://developer.apple.com/documentation/quartzcore/catransform3d/m31
    public var m31: CGFloat
    // https://developer.apple.com/documentation/quartzcore/catransform3d/m32
    public var m32: CGFloat
    // https://developer.apple.com/documentation/quartzcore/catransform3d/m33
    public var m33: CGFloat
    // https://developer.apple.com/documentation/quartzcore/catransform3d/m34
    public var m34: CGFloat
    // https://developer.apple.com/documentation/quartzcore/catransform3d/m41
    public var m41: CGFloat
    // https://developer.apple.com/documentation/quartzcore/catransform3d/m42
    public var m42: CGFloat
    // https://developer.apple.com/documentation/quartzcore/catransform3d/m43
    public var m43: CGFloat
    // https://developer.apple.com/documentation/quartzcore/catransform3d/m44
    public var m44: CGFloat
}

// https://developer.apple.com/documentation/quartzcore/catransform3didentity
public let CATransform3DIdentity = CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                                 m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

// https://developer.apple.com/documentation/quartzcore/cacornermask
public struct CACornerMask: OptionSet, Sendable {
    public var rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/quartzcore/cacornermask/layerminxminycorner
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    // https://developer.apple.com/documentation/quartzcore/cacornermask/layermaxxminycorner
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    // https://developer.apple.com/documentation/quartzcore/cacornermask/layerminxmaxycorner
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    // https://developer.apple.com/documentation/quartzcore/cacornermask/layermaxxmaxycorner
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

// https://developer.apple.com/documentation/quartzcore/calayercornercurve
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/quartzcore/calayercornercurve/circular
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    // https://developer.apple.com/documentation/quartzcore/calayercornercurve/continuous
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

// https://developer.apple.com/documentation/quartzcore/calayercontentsgravity
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/quartzcore/calayercontentsgravity/resize
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    // https://developer.apple.com/documentation/quartzcore/calayercontentsgravity/resizeaspectfill
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}
