import LayerGeometry

/// Where in its source file a layer (or one of its keys) was written. 1-based.
public struct SourceLocation: Sendable, Hashable {
    public var line: Int32
    public var column: Int32
    public init(line: Int, column: Int) { self.line = Int32(clamping: line); self.column = Int32(clamping: column) }
    /// Line and column 0: not known.
    public static let unknown = SourceLocation(line: 0, column: 0)
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

/// A path as the dump wrote it (SVG path data) and as parsed. A reference to an
/// immutable value: the layers of repeated cells share one (the decoder interns them by
/// text), and a layer's shared box then holds 8 bytes for it, not 56.
public final class LayerPath: Sendable, Hashable {
    public let svg: String
    public let path: Path
    /// `path.boundingBox`, worked out once: the facts ask for it on every pass.
    public let boundingBox: Rect
    public init(svg: String, path: Path) { self.svg = svg; self.path = path; boundingBox = path.boundingBox }

    public static func == (a: LayerPath, b: LayerPath) -> Bool { a === b || (a.svg == b.svg && a.path == b.path) }
    public func hash(into hasher: inout Hasher) { hasher.combine(svg) }
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
    /// The layer may have sublayers the dump does not list (a view hierarchy lists views,
    /// not the layers a view adds to its own layer).
    public static let sublayers = UnknownProperties(rawValue: 1 << 12)
    /// `bounds`, `position` or `anchorPoint` (the layer's place and size).
    public static let geometry = UnknownProperties(rawValue: 1 << 13)
    public static let opacity = UnknownProperties(rawValue: 1 << 14)
    public static let hidden = UnknownProperties(rawValue: 1 << 15)
    public static let masksToBounds = UnknownProperties(rawValue: 1 << 16)
    /// The frame-rate keys (docs/dump-format.md, "Frame rate"): a snapshot that carries
    /// none of one of them does not say whether it has none.
    public static let animations = UnknownProperties(rawValue: 1 << 17)
    public static let displayLinks = UnknownProperties(rawValue: 1 << 18)
    public static let info = UnknownProperties(rawValue: 1 << 19)
    public static let frameRate: UnknownProperties = [.animations, .displayLinks, .info]
    /// What Xcode's view debugger never sends for a layer (docs/importers.md).
    public static let notInXcodeViewHierarchies: UnknownProperties = [
        .shadowPath, .cornerCurve, .maskedCorners, .allowsGroupOpacity,
    ]
    /// The names dumps use for them (the v1 key `unknown`), in a fixed order.
    public static let named: [(name: String, property: UnknownProperties)] = [
        ("cornerRadius", .cornerRadius), ("cornerCurve", .cornerCurve), ("maskedCorners", .maskedCorners),
        ("shadow", .shadow), ("shadowPath", .shadowPath), ("mask", .mask), ("contents", .contents),
        ("backgroundColor", .backgroundColor), ("border", .border), ("allowsGroupOpacity", .allowsGroupOpacity),
        ("shouldRasterize", .rasterization), ("transform", .transform), ("sublayers", .sublayers),
        ("geometry", .geometry), ("opacity", .opacity), ("hidden", .hidden), ("masksToBounds", .masksToBounds),
        ("animations", .animations), ("displayLinks", .displayLinks), ("info", .info),
    ]

    public init(named name: String) {
        self = Self.named.first { $0.name == name }?.property ?? []
    }

    /// The set without what another member already implies: an unknown corner radius
    /// makes its curve and corners moot, an unknown shadow its path. For messages.
    public var withoutImplied: UnknownProperties {
        var out = self
        if contains(.cornerRadius) { out.subtract([.cornerCurve, .maskedCorners]) }
        if contains(.shadow) { out.remove(.shadowPath) }
        return out
    }

    /// The names of the properties in this set, in `named` order.
    public var names: [String] { Self.named.filter { contains($0.property) }.map(\.name) }

    /// What a format like UIKit's `recursiveDescription` cannot say about any layer.
    public static let notInViewDescriptions: UnknownProperties = [
        .cornerRadius, .cornerCurve, .maskedCorners, .shadow, .shadowPath, .mask, .contents, .border,
        .allowsGroupOpacity, .rasterization, .sublayers,
    ]
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

/// An interned string of a tree (class, name, view class): an index into `LayerTree.strings`.
public struct StringID: Sendable, Hashable {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// `CALayer`, which every tree's table holds first.
    public static let caLayer = StringID(rawValue: 0)
}

/// One CALayer of a snapshot. Tree links are indices into `LayerTree.layers`.
///
/// A million-layer dump must fit in less memory than its file, so a layer keeps inline
/// only what many layers set (about 120 bytes) and puts the rest in a shared box that
/// only layers with such properties allocate. Strings are interned per tree.
public struct Layer: Sendable {
    public var boundsSize: Size = .zero
    public var position: Point = .zero
    public var opacity: Double = 1
    public var cornerRadius: Double = 0
    // Storage the inlinable getters below read (clients then read fields in place instead
    // of copying the whole layer to call a getter in this module).
    @usableFromInline var rare: RareBox?

    public var classID: StringID = .caLayer
    @usableFromInline var nameIndex: Int32 = -1
    @usableFromInline var viewClassIndex: Int32 = -1
    public var parent: Int32 = -1
    /// The index just past this layer's subtree (its sublayers, their masks, its mask).
    public var subtreeEnd: Int32 = 0
    public var mask: Int32 = -1
    public var location = SourceLocation.unknown

    @usableFromInline var background = RGBA.clear
    // Pixel sizes of `contents` at single precision (exact for every whole pixel count);
    // NaN when unknown.
    @usableFromInline var contentsWidth = Float.nan
    @usableFromInline var contentsHeight = Float.nan
    @usableFromInline var contentsScale = Float.nan

    @usableFromInline var flags: Flags = [.allowsGroupOpacity]
    public var cornerCurve: CornerCurve = .circular
    public var maskedCorners: CornerMask = .all
    public var role: LayerRole = .root
    public var contentsGravity: ContentsGravity = .resize

    public init() {}

    /// The Boolean properties, one bit each.
    @usableFromInline struct Flags: OptionSet, Sendable {
        @usableFromInline let rawValue: UInt8
        @inlinable init(rawValue: UInt8) { self.rawValue = rawValue }
        @inlinable static var hasBackground: Flags { Flags(rawValue: 1 << 0) }
        @inlinable static var hasContents: Flags { Flags(rawValue: 1 << 1) }
        @inlinable static var isHidden: Flags { Flags(rawValue: 1 << 2) }
        @inlinable static var allowsGroupOpacity: Flags { Flags(rawValue: 1 << 3) }
        @inlinable static var masksToBounds: Flags { Flags(rawValue: 1 << 4) }
        @inlinable static var shouldRasterize: Flags { Flags(rawValue: 1 << 5) }
    }

    private mutating func set(_ flag: Flags, _ on: Bool) {
        if on { flags.insert(flag) } else { flags.remove(flag) }
    }

    @usableFromInline var hasBackground: Bool {
        @inlinable get { flags.contains(.hasBackground) }
        set { set(.hasBackground, newValue) }
    }
    public var hasContents: Bool {
        @inlinable get { flags.contains(.hasContents) }
        set { set(.hasContents, newValue) }
    }
    public var isHidden: Bool {
        @inlinable get { flags.contains(.isHidden) }
        set { set(.isHidden, newValue) }
    }
    public var allowsGroupOpacity: Bool {
        @inlinable get { flags.contains(.allowsGroupOpacity) }
        set { set(.allowsGroupOpacity, newValue) }
    }
    public var masksToBounds: Bool {
        @inlinable get { flags.contains(.masksToBounds) }
        set { set(.masksToBounds, newValue) }
    }
    public var shouldRasterize: Bool {
        @inlinable get { flags.contains(.shouldRasterize) }
        set { set(.shouldRasterize, newValue) }
    }

    /// Whether any property kept in the shared box is set (shadow, shape, transforms,
    /// border, unknowns, extras): most layers of a screen have none, and a rule about
    /// those properties can pass them by without looking.
    @inlinable
    public var hasRareProperties: Bool { rare != nil }

    public var nameID: StringID? {
        @inlinable get { nameIndex < 0 ? nil : StringID(rawValue: nameIndex) }
        set { nameIndex = newValue?.rawValue ?? -1 }
    }
    public var viewClassID: StringID? {
        @inlinable get { viewClassIndex < 0 ? nil : StringID(rawValue: viewClassIndex) }
        set { viewClassIndex = newValue?.rawValue ?? -1 }
    }
    public var backgroundColor: RGBA? {
        @inlinable get { hasBackground ? background : nil }
        set { hasBackground = newValue != nil; background = newValue ?? background }
    }
    /// The bitmap `contents` holds, or nil when the layer has none.
    public var contents: LayerContents? {
        get {
            guard hasContents else { return nil }
            func value(_ f: Float) -> Double? { f.isNaN ? nil : Double(f) }
            return LayerContents(pixelWidth: value(contentsWidth), pixelHeight: value(contentsHeight), scale: value(contentsScale))
        }
        set {
            hasContents = newValue != nil
            contentsWidth = newValue?.pixelWidth.map(Float.init) ?? .nan
            contentsHeight = newValue?.pixelHeight.map(Float.init) ?? .nan
            contentsScale = newValue?.scale.map(Float.init) ?? .nan
        }
    }

    public var bounds: Rect {
        @inlinable get { Rect(origin: rare?.value.boundsOrigin ?? .zero, size: boundsSize) }
        set {
            boundsSize = newValue.size
            if newValue.origin != .zero || rare != nil { update { $0.boundsOrigin = newValue.origin } }
        }
    }
    public var anchorPoint: Point {
        @inlinable get { rare?.value.anchorPoint ?? Point(x: 0.5, y: 0.5) }
        set { update { $0.anchorPoint = newValue } }
    }
    /// Whether `transform` is set, without copying the matrix out.
    @inlinable
    public var hasTransform: Bool { rare?.value.transforms?.hasTransform ?? false }
    /// Whether `sublayerTransform` is set, without copying the matrix out.
    @inlinable
    public var hasSublayerTransform: Bool { rare?.value.transforms?.hasSublayerTransform ?? false }
    public var transform: Transform3D? {
        @inlinable get { rare?.value.transforms?.transform }
        set { update { $0.setTransforms(transform: newValue, sublayerTransform: $0.transforms?.sublayerTransform) } }
    }
    public var sublayerTransform: Transform3D? {
        @inlinable get { rare?.value.transforms?.sublayerTransform }
        set { update { $0.setTransforms(transform: $0.transforms?.transform, sublayerTransform: newValue) } }
    }
    public var borderWidth: Double {
        @inlinable get { rare?.value.borderWidth ?? 0 }
        set { update { $0.borderWidth = newValue } }
    }
    public var borderColor: RGBA? {
        @inlinable get { rare.map { $0.value.borderColor } ?? .black }
        set { update { $0.borderColor = newValue } }
    }
    public var shadow: Shadow {
        @inlinable get { rare?.value.shadow ?? Shadow() }
        set { update { $0.shadow = newValue } }
    }
    public var shape: ShapeStyle? {
        @inlinable get { rare?.value.shape }
        set { update { $0.shape = newValue } }
    }
    public var rasterizationScale: Double {
        @inlinable get { rare?.value.rasterizationScale ?? 1 }
        set { update { $0.rasterizationScale = newValue } }
    }
    /// What Xcode's view debugger showed for this layer, when the dump says.
    public var observations: XcodeObservations? {
        @inlinable get { rare?.value.observations }
        set { update { $0.observations = newValue } }
    }
    /// What Xcode's layer inspector counted for this layer, when the dump says.
    public var observedOffscreenCount: Int? {
        @inlinable get { observations?.offscreenCount }
        set { observations = XcodeObservations(offscreenCount: newValue, optimizationOpportunities: observedOptimizationOpportunities) }
    }
    /// The optimization opportunities Xcode's view debugger listed for this layer (its
    /// `optimizationOpportunities`), as it worded them; empty when the dump has none.
    public var observedOptimizationOpportunities: [String] {
        @inlinable get { observations?.optimizationOpportunities ?? [] }
        set { observations = XcodeObservations(offscreenCount: observedOffscreenCount, optimizationOpportunities: newValue) }
    }
    /// The animations attached to the layer (the v1 key `animations`).
    public var animations: [LayerAnimation] {
        @inlinable get { rare?.value.animations ?? [] }
        set { update { $0.animations = newValue } }
    }
    /// Whether the dump carries what Xcode observed on this layer (a count or opportunities):
    /// reports list such layers beside the estimate.
    @inlinable
    public var carriesObservations: Bool { observations != nil }
    public var unknown: UnknownProperties {
        @inlinable get { rare?.value.unknown ?? [] }
        set { update { $0.unknown = newValue } }
    }
    public var extras: [ExtraProperty] {
        @inlinable get { rare?.value.extras ?? [] }
        set { update { $0.extras = newValue } }
    }

    /// Copy-on-write: a box is shared between copies until one of them changes it.
    private mutating func update(_ change: (inout RareProperties) -> Void) {
        if rare == nil {
            rare = RareBox(RareProperties())
        } else if !isKnownUniquelyReferenced(&rare!) {
            rare = RareBox(rare!.value)
        }
        change(&rare!.value)
    }

    /// The transform from this layer's bounds space to its superlayer's space, without
    /// the superlayer's `sublayerTransform` (see `LayerTree.toParent`).
    public var toSuperlayer: Transform3D {
        let b = bounds, a = anchorPoint
        let ax = b.origin.x + a.x * b.size.width
        let ay = b.origin.y + a.y * b.size.height
        let toAnchor = Transform3D.translation(x: -ax, y: -ay)
        let place = Transform3D.translation(x: position.x, y: position.y)
        guard hasTransform, let t = transform, !t.isIdentity else { return toAnchor.concatenating(place) }
        return toAnchor.concatenating(t).concatenating(place)
    }

    /// The frame in the superlayer's space (the bounding box when transformed).
    public var frame: Rect { toSuperlayer.apply(bounds) }
}
