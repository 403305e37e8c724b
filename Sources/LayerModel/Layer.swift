import LayerGeometry

/// Where in its source file a layer (or one of its keys) was written. 1-based.
public struct SourceLocation: Sendable, Hashable {
    public var line: Int32
    public var column: Int32
    public init(line: Int, column: Int) { self.line = Int32(clamping: line); self.column = Int32(clamping: column) }
}

public enum ContentsGravity: String, Sendable, CaseIterable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill
}

/// The bitmap a layer's `contents` holds. Sizes are in pixels; nil means unknown.
public struct LayerContents: Sendable, Hashable {
    public var pixelWidth: Double?
    public var pixelHeight: Double?
    /// `contentsScale`; nil means the document's screen scale.
    public var scale: Double?
    public init(pixelWidth: Double? = nil, pixelHeight: Double? = nil, scale: Double? = nil) {
        self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight; self.scale = scale
    }
    public var hasKnownSize: Bool { pixelWidth != nil && pixelHeight != nil }
}

/// A path as the dump wrote it (SVG path data) and as parsed.
public struct LayerPath: Sendable, Hashable {
    public var svg: String
    public var path: Path
    public init(svg: String, path: Path) { self.svg = svg; self.path = path }
}

/// The shadow properties of a layer, with CALayer's defaults.
public struct Shadow: Sendable, Hashable {
    public var opacity: Double = 0
    public var radius: Double = 3
    public var offset: Size = Size(width: 0, height: -3)
    public var color: RGBA? = .black
    public var path: LayerPath?
    public init() {}
}

/// CAShapeLayer's drawing properties.
public struct ShapeStyle: Sendable, Hashable {
    public var path: LayerPath?
    public var fillColor: RGBA? = .black
    public var strokeColor: RGBA?
    public var lineWidth: Double = 1
    public init() {}
}

/// Properties an importer could not read from its format. The v1 format knows every
/// property (absent keys take CALayer's defaults), so its layers have none of these.
/// Rules consult this before relying on a default.
public struct UnknownProperties: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let cornerRadius = UnknownProperties(rawValue: 1 << 0)
    public static let shadow = UnknownProperties(rawValue: 1 << 1)
    public static let shadowPath = UnknownProperties(rawValue: 1 << 2)
    public static let mask = UnknownProperties(rawValue: 1 << 3)
    public static let contents = UnknownProperties(rawValue: 1 << 4)
    public static let backgroundColor = UnknownProperties(rawValue: 1 << 5)
    public static let border = UnknownProperties(rawValue: 1 << 6)
    public static let cornerCurve = UnknownProperties(rawValue: 1 << 7)
    public static let maskedCorners = UnknownProperties(rawValue: 1 << 8)
    public static let allowsGroupOpacity = UnknownProperties(rawValue: 1 << 9)
    public static let rasterization = UnknownProperties(rawValue: 1 << 10)
    public static let transform = UnknownProperties(rawValue: 1 << 11)
}

/// A key the format does not define, kept as written so it survives a round trip.
public struct ExtraProperty: Sendable, Hashable {
    public var key: String
    /// The value as a JSON fragment.
    public var json: String
    public init(key: String, json: String) { self.key = key; self.json = json }
}

/// How a layer hangs in its tree.
public enum LayerRole: UInt8, Sendable {
    case root, sublayer, mask
}

/// One CALayer of a snapshot. Tree links are indices into `LayerTree.layers`.
public struct Layer: Sendable {
    public var className: String = "CALayer"
    public var name: String?
    public var viewClass: String?
    public var location: SourceLocation = SourceLocation(line: 0, column: 0)

    public var bounds: Rect = .zero
    public var position: Point = .zero
    public var anchorPoint: Point = Point(x: 0.5, y: 0.5)
    public var transform: Transform3D?
    public var sublayerTransform: Transform3D?

    public var opacity: Double = 1
    public var isHidden = false
    public var allowsGroupOpacity = true
    public var backgroundColor: RGBA?
    public var borderWidth: Double = 0
    public var borderColor: RGBA? = .black
    public var cornerRadius: Double = 0
    public var cornerCurve: CornerCurve = .circular
    public var maskedCorners: CornerMask = .all
    public var masksToBounds = false
    public var contents: LayerContents?
    public var contentsGravity: ContentsGravity = .resize
    public var shadow = Shadow()
    public var shape: ShapeStyle?
    public var shouldRasterize = false
    public var rasterizationScale: Double = 1
    /// What Xcode's layer inspector showed for this layer, when the dump says.
    public var observedOffscreenCount: Int?
    public var unknown: UnknownProperties = []
    public var extras: [ExtraProperty] = []

    public var role: LayerRole = .root
    public var parent: Int32 = -1
    /// The index just past this layer's subtree (its sublayers, their masks, its mask).
    public var subtreeEnd: Int32 = 0
    public var mask: Int32 = -1

    public init() {}

    /// The transform from this layer's bounds space to its superlayer's space, without
    /// the superlayer's `sublayerTransform` (see `LayerTree.toParent`).
    public var toSuperlayer: Transform3D {
        let ax = bounds.origin.x + anchorPoint.x * bounds.size.width
        let ay = bounds.origin.y + anchorPoint.y * bounds.size.height
        let toAnchor = Transform3D.translation(x: -ax, y: -ay)
        let place = Transform3D.translation(x: position.x, y: position.y)
        guard let t = transform, !t.isIdentity else { return toAnchor.concatenating(place) }
        return toAnchor.concatenating(t).concatenating(place)
    }

    /// The frame in the superlayer's space (the bounding box when transformed).
    public var frame: Rect { toSuperlayer.apply(bounds) }
}
