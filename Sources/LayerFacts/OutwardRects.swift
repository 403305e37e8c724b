import LayerGeometry

/// Rectangles kept at single precision, rounded outward: a stored extent always contains
/// the one computed, so a check that content stays inside a clip can only err towards
/// keeping the clip. Half the memory of `[Rect]`, which matters at a million layers.
struct OutwardRects: Sendable {
    private var corners: [SIMD4<Float>]

    init(count: Int) {
        corners = [SIMD4<Float>](repeating: Self.null, count: count)
    }

    /// minX is +∞ for `Rect.null`, as in `Rect`.
    private static let null = SIMD4<Float>(.infinity, .infinity, .infinity, .infinity)

    subscript(i: Int) -> Rect {
        get {
            let c = corners[i]
            if c.x == .infinity { return .null }
            return Rect(x: Double(c.x), y: Double(c.y), width: Double(c.z) - Double(c.x), height: Double(c.w) - Double(c.y))
        }
        set {
            if newValue.isNull { corners[i] = Self.null; return }
            corners[i] = SIMD4(Self.down(newValue.minX), Self.down(newValue.minY), Self.up(newValue.maxX), Self.up(newValue.maxY))
        }
    }

    private static func down(_ v: Double) -> Float {
        let f = Float(v)
        return Double(f) > v ? f.nextDown : f
    }

    private static func up(_ v: Double) -> Float {
        let f = Float(v)
        return Double(f) < v ? f.nextUp : f
    }
}
