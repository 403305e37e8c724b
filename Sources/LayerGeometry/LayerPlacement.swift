/// Where a layer sits in its superlayer: the CALayer properties that place it, and the
/// transforms Core Animation derives from them.
public struct LayerPlacement: Sendable, Hashable {
    public var bounds: Rect
    public var position: Point
    /// In unit coordinates of `bounds`: (0.5, 0.5) is the middle, Core Animation's default.
    public var anchorPoint: Point
    public var anchorPointZ: Double
    public var zPosition: Double
    public var transform: Transform3D
    public var sublayerTransform: Transform3D

    public init(bounds: Rect, position: Point, anchorPoint: Point = Point(x: 0.5, y: 0.5),
                anchorPointZ: Double = 0, zPosition: Double = 0,
                transform: Transform3D = .identity, sublayerTransform: Transform3D = .identity) {
        self.bounds = bounds
        self.position = position
        self.anchorPoint = anchorPoint
        self.anchorPointZ = anchorPointZ
        self.zPosition = zPosition
        self.transform = transform
        self.sublayerTransform = sublayerTransform
    }

    /// The anchor point in the layer's own (bounds) coordinates.
    public var anchorInBounds: Point {
        Point(x: bounds.origin.x + anchorPoint.x * bounds.size.width,
              y: bounds.origin.y + anchorPoint.y * bounds.size.height)
    }

    /// Maps the layer's own coordinates into its superlayer's: move the anchor point to the
    /// origin, apply `transform` there (so it rotates and scales about the anchor), then
    /// move the origin to `position` (and `zPosition`).
    public var toSuperlayer: Transform3D {
        let anchor = anchorInBounds
        return Transform3D.translation(x: -anchor.x, y: -anchor.y, z: -anchorPointZ)
            .concatenating(transform)
            .concatenating(.translation(x: position.x, y: position.y, z: zPosition))
    }

    /// `frame` as CALayer reports it: the axis-aligned box of the bounds in the superlayer
    /// (for the identity transform, position − anchorPoint × size, with the bounds' size).
    public var frame: Rect { toSuperlayer.apply(bounds) }

    /// What this layer applies to its sublayers after placing them: `sublayerTransform`
    /// about the anchor point (how perspective set through `sublayerTransform.m34` gets
    /// its vanishing point at the anchor), followed by flattening onto the layer's plane.
    public var sublayerSpaceToOwn: Transform3D {
        guard sublayerTransform != .identity else { return Transform3D.identity.flattened }
        let anchor = anchorInBounds
        return Transform3D.translation(x: -anchor.x, y: -anchor.y, z: -anchorPointZ)
            .concatenating(sublayerTransform)
            .concatenating(.translation(x: anchor.x, y: anchor.y, z: anchorPointZ))
            .flattened
    }

    /// Maps a layer's own coordinates into the coordinates of the last layer in
    /// `ancestors` (the root), given its ancestors nearest first. Each level places the
    /// layer in its superlayer, then applies the superlayer's sublayer transform and
    /// flattening; the root's own placement is not applied (its space is the result).
    public static func transform(of layer: LayerPlacement, toAncestor ancestors: [LayerPlacement]) -> Transform3D {
        var result = layer.toSuperlayer
        for (i, ancestor) in ancestors.enumerated() {
            result = result.concatenating(ancestor.sublayerSpaceToOwn)
            if i < ancestors.count - 1 { result = result.concatenating(ancestor.toSuperlayer) }
        }
        return result
    }
}
