import LayerGeometry

/// The properties few layers set, with CALayer's defaults.
@usableFromInline struct RareProperties: Sendable {
    @usableFromInline var boundsOrigin: Point = .zero
    @usableFromInline var anchorPoint = Point(x: 0.5, y: 0.5)
    /// Boxed again: two 4×4 matrices would triple the size of every other rare layer.
    @usableFromInline var transforms: Transforms?
    @usableFromInline var borderWidth: Double = 0
    @usableFromInline var borderColor: RGBA? = .black
    @usableFromInline var shadow = Shadow()
    @usableFromInline var shape: ShapeStyle?
    @usableFromInline var rasterizationScale: Double = 1
    @usableFromInline var observedOffscreenCount: Int?
    @usableFromInline var observedOptimizationOpportunities: [String] = []
    @usableFromInline var animations: [LayerAnimation] = []
    @usableFromInline var unknown: UnknownProperties = []
    @usableFromInline var extras: [ExtraProperty] = []

    mutating func setTransforms(transform: Transform3D?, sublayerTransform: Transform3D?) {
        transforms = transform == nil && sublayerTransform == nil
            ? nil : Transforms(transform: transform, sublayerTransform: sublayerTransform)
    }
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
