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
        get { Self.rect(corners[i]) }
        set { corners[i] = Self.corners(newValue) }
    }

    /// The stored corners, for threads that each write their own rectangles.
    mutating func withUnsafeMutableCorners<R>(_ body: (UnsafeMutableBufferPointer<SIMD4<Float>>) -> R) -> R {
        corners.withUnsafeMutableBufferPointer { body($0) }
    }

    static func rect(_ c: SIMD4<Float>) -> Rect {
        if c.x == .infinity { return .null }
        return Rect(x: Double(c.x), y: Double(c.y), width: Double(c.z) - Double(c.x), height: Double(c.w) - Double(c.y))
    }

    static func corners(_ r: Rect) -> SIMD4<Float> {
        if r.isNull { return null }
        return SIMD4(down(r.minX), down(r.minY), up(r.maxX), up(r.maxY))
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
