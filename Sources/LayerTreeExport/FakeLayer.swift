/// An in-memory layer with `CALayer`'s defaults and semantics, for tests on any platform:
/// build the tree a screen would have, export it, lint it. Colours are RGBA, paths are
/// `CGPath` elements (`FakePath` builds the ones Core Graphics would store).
///
/// Like `CALayer`: a layer has at most one superlayer, so adding it elsewhere moves it,
/// and a mask is not a sublayer. Not thread-safe; build and export it on one thread.
public final class FakeLayer: ExportableLayer {
    public typealias Child = FakeLayer

    /// The class, then its superclasses (`["AvatarMaskLayer", "CAShapeLayer", "CALayer"]`).
    public var classNames: [String]
    public var name: String?
    /// The class of the view whose layer this is, as `layer.delegate` would be.
    public var viewClassName: String?
    public var bounds = ExportedRect.zero
    public var position = ExportedPoint.zero
    public var anchorPoint = ExportedPoint(x: 0.5, y: 0.5)
    public var zPosition: Double = 0
    /// 16 numbers, `m11 … m44`.
    public var transform = ExportedTransform.identity.values
    public var sublayerTransform = ExportedTransform.identity.values
    public var opacity: Float = 1
    public var isHidden = false
    public var allowsGroupOpacity = true
    public var backgroundColor: ExportableColor?
    public var borderWidth: Double = 0
    public var borderColor: ExportableColor? = .rgba(red: 0, green: 0, blue: 0, alpha: 1)
    public var cornerRadius: Double = 0
    public var cornerCurve = "circular"
    /// `CACornerMask`'s raw value; all four corners by default.
    public var maskedCorners: UInt = 15
    public var masksToBounds = false
    public var contents: ExportableContents?
    public var contentsScale: Double = 1
    public var contentsGravity = "resize"
    public var shadowOpacity: Float = 0
    public var shadowRadius: Double = 3
    public var shadowOffset = ExportedSize(width: 0, height: -3)
    public var shadowColor: ExportableColor? = .rgba(red: 0, green: 0, blue: 0, alpha: 1)
    public var shadowPath: [ExportedPathElement]?
    /// A `CAShapeLayer`'s properties; set by `init(shape:)`, nil for other classes.
    public var shape: ExportableShape?
    public var shouldRasterize = false
    public var rasterizationScale: Double = 1
    /// The layer's animations, as `animationKeys()` would list them; nil (the default)
    /// leaves them unknown, as a tree built without them does not say.
    public var animations: [ExportedAnimation]?
    public var mask: FakeLayer? {
        didSet { mask?.removeFromSuperlayer() }
    }
    public private(set) var sublayers: [FakeLayer] = []
    public private(set) weak var superlayer: FakeLayer?

    /// A layer of `className` (a subclass of the app's: give its Apple superclasses too).
    public init(_ classNames: [String] = ["CALayer"], name: String? = nil) {
        self.classNames = classNames.isEmpty ? ["CALayer"] : classNames
        self.name = name
        if classNames.contains("CAShapeLayer") { shape = ExportableShape() }
    }

    /// A `CAShapeLayer` with `path`.
    public static func shapeLayer(path: [ExportedPathElement]?, name: String? = nil) -> FakeLayer {
        let layer = FakeLayer(["CAShapeLayer", "CALayer"], name: name)
        layer.shape?.path = path
        return layer
    }

    /// The layer of a view of class `viewClass` (its delegate), as UIKit creates it.
    public static func viewLayer(_ viewClass: String, name: String? = nil, layerClass: [String] = ["CALayer"]) -> FakeLayer {
        let layer = FakeLayer(layerClass, name: name)
        layer.viewClassName = viewClass
        return layer
    }

    /// `frame` before any transform, as layout assigns it: sets `bounds` (at the origin)
    /// and `position` (through the anchor point).
    public var frame: ExportedRect {
        get {
            ExportedRect(x: position.x - anchorPoint.x * bounds.size.width, y: position.y - anchorPoint.y * bounds.size.height,
                         width: bounds.size.width, height: bounds.size.height)
        }
        set {
            bounds = ExportedRect(x: 0, y: 0, width: newValue.size.width, height: newValue.size.height)
            position = ExportedPoint(x: newValue.origin.x + anchorPoint.x * newValue.size.width,
                                     y: newValue.origin.y + anchorPoint.y * newValue.size.height)
        }
    }

    public func addSublayer(_ layer: FakeLayer) {
        layer.removeFromSuperlayer()
        sublayers.append(layer)
        layer.superlayer = self
    }

    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    // Releasing a deep tree would otherwise release it one nested call per level: a
    // 100,000-level chain must be freed without running out of stack, as it is walked.
    deinit {
        var pending = sublayers
        sublayers = []
        if let m = mask { pending.append(m) }
        while let layer = pending.popLast() {
            pending += layer.sublayers
            layer.sublayers = []
            if let m = layer.mask { pending.append(m); layer.mask = nil }
        }
    }

    // MARK: ExportableLayer

    public var exportAnimations: [ExportedAnimation]? { animations }
    public var exportClassNames: [String] { classNames }
    public var exportName: String? { name }
    public var exportViewClassName: String? { viewClassName }
    public var exportBounds: ExportedRect { bounds }
    public var exportPosition: ExportedPoint { position }
    public var exportAnchorPoint: ExportedPoint { anchorPoint }
    public var exportZPosition: Double { zPosition }
    public var exportTransform: [Double] { transform }
    public var exportSublayerTransform: [Double] { sublayerTransform }
    public var exportOpacity: Float { opacity }
    public var exportIsHidden: Bool { isHidden }
    public var exportAllowsGroupOpacity: Bool { allowsGroupOpacity }
    public var exportBackgroundColor: ExportableColor? { backgroundColor }
    public var exportBorderWidth: Double { borderWidth }
    public var exportBorderColor: ExportableColor? { borderColor }
    public var exportCornerRadius: Double { cornerRadius }
    public var exportCornerCurve: String { cornerCurve }
    public var exportMaskedCorners: UInt { maskedCorners }
    public var exportMasksToBounds: Bool { masksToBounds }
    public var exportContents: ExportableContents? { contents }
    public var exportContentsScale: Double { contentsScale }
    public var exportContentsGravity: String { contentsGravity }
    public var exportShadowOpacity: Float { shadowOpacity }
    public var exportShadowRadius: Double { shadowRadius }
    public var exportShadowOffset: ExportedSize { shadowOffset }
    public var exportShadowColor: ExportableColor? { shadowColor }
    public var exportShadowPath: [ExportedPathElement]? { shadowPath }
    public var exportShape: ExportableShape? { shape }
    public var exportShouldRasterize: Bool { shouldRasterize }
    public var exportRasterizationScale: Double { rasterizationScale }
    public var exportMask: FakeLayer? { mask }
    public var exportSublayers: [FakeLayer] { sublayers }
}
