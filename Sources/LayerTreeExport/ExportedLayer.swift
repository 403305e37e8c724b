/// One layer of a snapshot, with `CALayer`'s defaults: set only what differs from a fresh
/// layer. Every property is one v1 dump key (docs/dump-format.md, "Layer keys").
public struct ExportedLayer: Sendable, Equatable {
    /// The Core Animation class (`CALayer`, `CAShapeLayer`, `_UILabelLayer`, …).
    public var className: String
    public var name: String?
    /// The class of the `UIView`/`NSView` the layer backs.
    public var viewClass: String?
    public var bounds = ExportedRect.zero
    public var position = ExportedPoint.zero
    public var anchorPoint = ExportedPoint(x: 0.5, y: 0.5)
    public var transform = ExportedTransform.identity
    public var sublayerTransform = ExportedTransform.identity
    public var zPosition: Double = 0
    public var opacity: Double = 1
    public var isHidden = false
    public var allowsGroupOpacity = true
    public var backgroundColor: RGBAColor?
    public var borderWidth: Double = 0
    public var borderColor: RGBAColor? = .black
    public var cornerRadius: Double = 0
    public var cornerCurve = ExportedCornerCurve.circular
    public var maskedCorners = ExportedCorners.all
    public var masksToBounds = false
    /// Nil: no bitmap.
    public var contents: ExportedContents?
    public var contentsGravity = ExportedGravity.resize
    public var shadow = ExportedShadow()
    /// Nil for layers that are not shape layers.
    public var shape: ExportedShape?
    public var shouldRasterize = false
    public var rasterizationScale: Double = 1
    /// The offscreen count Xcode's layer inspector showed, when known.
    public var offscreenCount: Int?
    /// Properties the exporter could not read (the v1 `unknown` names: `cornerRadius`,
    /// `shadow`, `shadowPath`, `mask`, `sublayers`, …).
    public var unknown: [String] = []
    /// The layer's animations; nil when not known (no key is written), empty when none.
    public var animations: [ExportedAnimation]?
    /// Keys the v1 format does not define, written after the known ones.
    public var extras: [ExportedExtra] = []
    public var sublayers: [ExportedLayer] = []
    // An array of at most one: a struct cannot hold an optional of itself directly.
    private var maskStorage: [ExportedLayer] = []

    public var mask: ExportedLayer? {
        get { maskStorage.first }
        set { maskStorage = newValue.map { [$0] } ?? [] }
    }

    public init(className: String = "CALayer", name: String? = nil, viewClass: String? = nil) {
        self.className = className; self.name = name; self.viewClass = viewClass
    }

    /// Sets `bounds` and `position` from a frame before any transform, as a layout pass
    /// assigns it (the anchor point places the position).
    public mutating func setFrame(_ frame: ExportedRect) {
        bounds = ExportedRect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
        position = ExportedPoint(x: frame.origin.x + anchorPoint.x * frame.size.width,
                                 y: frame.origin.y + anchorPoint.y * frame.size.height)
    }
}

/// One snapshot of a layer tree: a v1 dump document.
public struct LayerSnapshot: Sendable, Equatable {
    /// The label reports show for the snapshot.
    public var screen: String?
    /// Pixels per point; the v1 default is 3.
    public var scale: Double
    /// Hz; the v1 default is 60.
    public var refreshRate: Double
    /// Properties no layer of the snapshot carries (the document's `unknown` list).
    public var unknown: [String]
    /// The app's display links; nil when not known (no `displayLinks` key is written).
    public var displayLinks: [ExportedDisplayLink]?
    /// The Info.plist key and the device's maximum rate; nil when not known.
    public var info: ExportedFrameRateInfo?
    public var root: ExportedLayer

    public init(screen: String? = nil, scale: Double = 3, refreshRate: Double = 60, unknown: [String] = [],
                displayLinks: [ExportedDisplayLink]? = nil, info: ExportedFrameRateInfo? = nil, root: ExportedLayer) {
        self.screen = screen; self.scale = scale; self.refreshRate = refreshRate; self.unknown = unknown
        self.displayLinks = displayLinks; self.info = info; self.root = root
    }
}
