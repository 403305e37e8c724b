/// What the exporter reads from a layer: the properties of `CALayer` (and `CAShapeLayer`)
/// that the v1 dump format describes, in plain values. `CALayer` conforms on Apple
/// platforms (`CALayer+ExportableLayer.swift`, one property to one requirement);
/// `FakeLayer` conforms everywhere, so the walker that turns either into a dump is the
/// same code, tested on Linux.
///
/// Values are given as Core Animation holds them, checks included in the walker: a
/// non-finite number or a colour without sRGB components is reported by the walker as an
/// `unknown` property, never written as if it were known.
public protocol ExportableLayer: AnyObject {
    /// The type of the mask and the sublayers (`CALayer` for `CALayer` and its subclasses).
    associatedtype Child: ExportableLayer where Child.Child == Child

    /// The layer's class, then its superclasses, most derived first:
    /// `["AvatarMaskLayer", "CAShapeLayer", "CALayer"]`.
    var exportClassNames: [String] { get }
    /// `name`.
    var exportName: String? { get }
    /// The class of the `UIView`/`NSView` whose layer this is (the layer's delegate).
    var exportViewClassName: String? { get }
    var exportBounds: ExportedRect { get }
    var exportPosition: ExportedPoint { get }
    var exportAnchorPoint: ExportedPoint { get }
    var exportZPosition: Double { get }
    /// `transform` as `CATransform3D`'s 16 numbers, `m11 m12 … m44`.
    var exportTransform: [Double] { get }
    /// `sublayerTransform`, as `exportTransform`.
    var exportSublayerTransform: [Double] { get }
    /// `opacity`, a Float as Core Animation keeps it.
    var exportOpacity: Float { get }
    var exportIsHidden: Bool { get }
    var exportAllowsGroupOpacity: Bool { get }
    var exportBackgroundColor: ExportableColor? { get }
    var exportBorderWidth: Double { get }
    var exportBorderColor: ExportableColor? { get }
    var exportCornerRadius: Double { get }
    /// `cornerCurve`'s raw value: `circular` or `continuous`.
    var exportCornerCurve: String { get }
    /// `maskedCorners`' raw value (`CACornerMask`).
    var exportMaskedCorners: UInt { get }
    var exportMasksToBounds: Bool { get }
    /// `contents`: nil when the layer has no bitmap.
    var exportContents: ExportableContents? { get }
    var exportContentsScale: Double { get }
    /// `contentsGravity`'s raw value (`resize`, `resizeAspectFill`, `topLeft`, …).
    var exportContentsGravity: String { get }
    /// `shadowOpacity`, a Float as Core Animation keeps it.
    var exportShadowOpacity: Float { get }
    var exportShadowRadius: Double { get }
    var exportShadowOffset: ExportedSize { get }
    var exportShadowColor: ExportableColor? { get }
    /// `shadowPath`'s elements, in the layer's own space.
    var exportShadowPath: [ExportedPathElement]? { get }
    /// A `CAShapeLayer`'s drawing properties; nil for any other layer.
    var exportShape: ExportableShape? { get }
    var exportShouldRasterize: Bool { get }
    var exportRasterizationScale: Double { get }
    var exportMask: Child? { get }
    /// `sublayers`, back to front (empty for none).
    var exportSublayers: [Child] { get }
    /// The animations attached to the layer (`animationKeys()`): empty when none, nil when
    /// the conforming type cannot say (the default), so the dump does not claim to know.
    var exportAnimations: [ExportedAnimation]? { get }
}

extension ExportableLayer {
    public var exportAnimations: [ExportedAnimation]? { nil }
}

/// A colour as the layer holds it.
public enum ExportableColor: Sendable, Hashable {
    /// sRGB components, 0…1.
    case rgba(red: Double, green: Double, blue: Double, alpha: Double)
    /// A colour with no sRGB equivalent (a pattern): only its alpha is known.
    case unconvertible(alpha: Double)
}

/// A layer's bitmap.
public enum ExportableContents: Sendable, Hashable {
    /// A `CGImage`, with its size in pixels.
    case image(pixelWidth: Int, pixelHeight: Int)
    /// Anything else (a label's backing store, an IOSurface): a bitmap of unknown size.
    case other
}

/// One element of a `CGPath`, as `CGPath.applyWithBlock` gives them. Arcs and rounded
/// rectangles are stored by Core Graphics as lines and cubic curves, so these five cover
/// every path.
public enum ExportedPathElement: Sendable, Hashable {
    case move(to: ExportedPoint)
    case line(to: ExportedPoint)
    case quadCurve(to: ExportedPoint, control: ExportedPoint)
    case curve(to: ExportedPoint, control1: ExportedPoint, control2: ExportedPoint)
    case close
}

/// `CAShapeLayer`'s drawing properties, as the layer holds them.
public struct ExportableShape: Sendable, Hashable {
    public var path: [ExportedPathElement]?
    public var fillColor: ExportableColor?
    public var strokeColor: ExportableColor?
    public var lineWidth: Double
    public init(path: [ExportedPathElement]? = nil, fillColor: ExportableColor? = .rgba(red: 0, green: 0, blue: 0, alpha: 1),
                strokeColor: ExportableColor? = nil, lineWidth: Double = 1) {
        self.path = path; self.fillColor = fillColor; self.strokeColor = strokeColor; self.lineWidth = lineWidth
    }
}
