import LayerGeometry

/// The properties few layers set, with CALayer's defaults.
struct RareProperties: Sendable {
    var boundsOrigin: Point = .zero
    var anchorPoint = Point(x: 0.5, y: 0.5)
    /// Boxed again: two 4×4 matrices would triple the size of every other rare layer.
    var transforms: Transforms?
    var borderWidth: Double = 0
    var borderColor: RGBA? = .black
    var shadow = Shadow()
    var shape: ShapeStyle?
    var rasterizationScale: Double = 1
    var observedOffscreenCount: Int?
    var observedOptimizationOpportunities: [String] = []
    var unknown: UnknownProperties = []
    var extras: [ExtraProperty] = []

    mutating func setTransforms(transform: Transform3D?, sublayerTransform: Transform3D?) {
        transforms = transform == nil && sublayerTransform == nil
            ? nil : Transforms(transform: transform, sublayerTransform: sublayerTransform)
    }
}

/// A layer's transforms, never changed in place (a new one replaces it).
final class Transforms: Sendable {
    let transform: Transform3D?
    let sublayerTransform: Transform3D?
    let hasTransform: Bool
    let hasSublayerTransform: Bool
    init(transform: Transform3D?, sublayerTransform: Transform3D?) {
        self.transform = transform; self.sublayerTransform = sublayerTransform
        hasTransform = transform != nil; hasSublayerTransform = sublayerTransform != nil
    }
}

/// Immutable once shared: `Layer.update` copies it before changing a shared one.
final class RareBox: @unchecked Sendable {
    // Only `Layer` reaches the box, and it writes only to a box no other layer shares
    // (copy-on-write), so no two accesses can overlap: the runtime's exclusivity check
    // on every read of a layer's rare property would only cost time.
    @exclusivity(unchecked) var value: RareProperties
    init(_ value: RareProperties) { self.value = value }
}
