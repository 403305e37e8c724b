import LayerGeometry

/// The properties few layers set, with CALayer's defaults.
@usableFromInline struct RareProperties: Sendable {
    @usableFromInline var borderWidth: Double = 0
    @usableFromInline var borderColor: RGBA? = .black
    @usableFromInline var shadow = Shadow()
    @usableFromInline var shape: ShapeStyle?
    @usableFromInline var rasterizationScale: Double = 1
    @usableFromInline var unknown: UnknownProperties = []
    /// Boxed once more: only scroll views, moved anchors, transforms, Xcode imports,
    /// animated layers and keys the format does not define use them, and inline they
    /// would add 72 bytes to every shadow and shape.
    @usableFromInline var seldom: SeldomBox?

    @inlinable var boundsOrigin: Point {
        get { seldom?.value.boundsOrigin ?? .zero }
        set { changeSeldom { $0.boundsOrigin = newValue } }
    }
    @inlinable var anchorPoint: Point {
        get { seldom?.value.anchorPoint ?? Point(x: 0.5, y: 0.5) }
        set { changeSeldom { $0.anchorPoint = newValue } }
    }
    @inlinable var transforms: Transforms? {
        get { seldom?.value.transforms }
        set { changeSeldom { $0.transforms = newValue } }
    }

    @inlinable var observations: XcodeObservations? {
        get { seldom?.value.observations }
        set { changeSeldom { $0.observations = newValue } }
    }
    @inlinable var animations: [LayerAnimation] {
        get { seldom?.value.animations ?? [] }
        set { changeSeldom { $0.animations = newValue } }
    }
    @inlinable var extras: [ExtraProperty] {
        get { seldom?.value.extras ?? [] }
        set { changeSeldom { $0.extras = newValue } }
    }

    @usableFromInline mutating func changeSeldom(_ change: (inout SeldomProperties) -> Void) {
        var value = seldom?.value ?? SeldomProperties()
        change(&value)
        seldom = value.isEmpty ? nil : SeldomBox(value)
    }

    mutating func setTransforms(transform: Transform3D?, sublayerTransform: Transform3D?) {
        transforms = transform == nil && sublayerTransform == nil
            ? nil : Transforms(transform: transform, sublayerTransform: sublayerTransform)
    }
}

/// The properties hardly any layer sets (each a default when the box is absent).
@usableFromInline struct SeldomProperties: Sendable {
    @usableFromInline var boundsOrigin: Point = .zero
    @usableFromInline var anchorPoint = Point(x: 0.5, y: 0.5)
    /// Boxed again: two 4×4 matrices would triple the size of every other seldom layer.
    @usableFromInline var transforms: Transforms?
    @usableFromInline var observations: XcodeObservations?
    @usableFromInline var animations: [LayerAnimation] = []
    @usableFromInline var extras: [ExtraProperty] = []
    @usableFromInline init() {}
    @usableFromInline var isEmpty: Bool {
        boundsOrigin == .zero && anchorPoint == Point(x: 0.5, y: 0.5) && transforms == nil && observations == nil && animations.isEmpty && extras.isEmpty
    }
}

/// `SeldomProperties`, never changed in place (a new box replaces it).
@usableFromInline final class SeldomBox: Sendable {
    @usableFromInline let value: SeldomProperties
    @usableFromInline init(_ value: SeldomProperties) { self.value = value }
}

/// A layer's transforms, never changed in place (a new one replaces it).
@usableFromInline final class Transforms: Sendable {
    @usableFromInline let transform: Transform3D?
    @usableFromInline let sublayerTransform: Transform3D?
    @usableFromInline let hasTransform: Bool
    @usableFromInline let hasSublayerTransform: Bool
    init(transform: Transform3D?, sublayerTransform: Transform3D?) {
        self.transform = transform; self.sublayerTransform = sublayerTransform
        hasTransform = transform != nil; hasSublayerTransform = sublayerTransform != nil
    }
}

/// Immutable once shared: `Layer.update` copies it before changing a shared one.
@usableFromInline final class RareBox: @unchecked Sendable {
    // Only `Layer` reaches the box, and it writes only to a box no other layer shares
    // (copy-on-write), so no two accesses can overlap: the runtime's exclusivity check
    // on every read of a layer's rare property would only cost time.
    @exclusivity(unchecked) @usableFromInline var value: RareProperties
    init(_ value: RareProperties) { self.value = value }
}
