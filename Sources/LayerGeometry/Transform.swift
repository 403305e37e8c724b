/// A CATransform3D: row-vector convention as Core Animation uses it, so a point maps as
/// [x y z 1] * M, and `m41 m42` are the translation.
public struct Transform3D: Sendable, Hashable {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// The 16 numbers in row order m11 m12 … m44.
    public init?(_ values: [Double]) {
        guard values.count == 16 else { return nil }
        let v = values
        self.init(m11: v[0], m12: v[1], m13: v[2], m14: v[3], m21: v[4], m22: v[5], m23: v[6], m24: v[7],
                  m31: v[8], m32: v[9], m33: v[10], m34: v[11], m41: v[12], m42: v[13], m43: v[14], m44: v[15])
    }

    /// A CGAffineTransform `a b c d tx ty` embedded in 3D.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.init(m11: a, m12: b, m13: 0, m14: 0, m21: c, m22: d, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 1, m34: 0, m41: tx, m42: ty, m43: 0, m44: 1)
    }

    public static let identity = Transform3D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public static func translation(x: Double, y: Double) -> Transform3D {
        Transform3D(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public var values: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    public var isIdentity: Bool { self == .identity }

    /// True when the transform keeps the z = 0 plane flat and has no perspective, so it is
    /// exactly a CGAffineTransform.
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0
            && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// self then other (a point is mapped by self first).
    public func concatenating(_ o: Transform3D) -> Transform3D {
        let a = self
        return Transform3D(
            m11: a.m11 * o.m11 + a.m12 * o.m21 + a.m13 * o.m31 + a.m14 * o.m41,
            m12: a.m11 * o.m12 + a.m12 * o.m22 + a.m13 * o.m32 + a.m14 * o.m42,
            m13: a.m11 * o.m13 + a.m12 * o.m23 + a.m13 * o.m33 + a.m14 * o.m43,
            m14: a.m11 * o.m14 + a.m12 * o.m24 + a.m13 * o.m34 + a.m14 * o.m44,
            m21: a.m21 * o.m11 + a.m22 * o.m21 + a.m23 * o.m31 + a.m24 * o.m41,
            m22: a.m21 * o.m12 + a.m22 * o.m22 + a.m23 * o.m32 + a.m24 * o.m42,
            m23: a.m21 * o.m13 + a.m22 * o.m23 + a.m23 * o.m33 + a.m24 * o.m43,
            m24: a.m21 * o.m14 + a.m22 * o.m24 + a.m23 * o.m34 + a.m24 * o.m44,
            m31: a.m31 * o.m11 + a.m32 * o.m21 + a.m33 * o.m31 + a.m34 * o.m41,
            m32: a.m31 * o.m12 + a.m32 * o.m22 + a.m33 * o.m32 + a.m34 * o.m42,
            m33: a.m31 * o.m13 + a.m32 * o.m23 + a.m33 * o.m33 + a.m34 * o.m43,
            m34: a.m31 * o.m14 + a.m32 * o.m24 + a.m33 * o.m34 + a.m34 * o.m44,
            m41: a.m41 * o.m11 + a.m42 * o.m21 + a.m43 * o.m31 + a.m44 * o.m41,
            m42: a.m41 * o.m12 + a.m42 * o.m22 + a.m43 * o.m32 + a.m44 * o.m42,
            m43: a.m41 * o.m13 + a.m42 * o.m23 + a.m43 * o.m33 + a.m44 * o.m43,
            m44: a.m41 * o.m14 + a.m42 * o.m24 + a.m43 * o.m34 + a.m44 * o.m44)
    }

    /// Maps a point of the z = 0 plane. Perspective is dropped: the result is the
    /// orthographic projection (x, y after the divide by w when w is usable), which is
    /// what a flat screen shows for transforms without `m34`; with `m34` it is an
    /// approximation, documented in docs/geometry.md.
    public func apply(_ p: Point) -> Point {
        let x = p.x * m11 + p.y * m21 + m41
        let y = p.x * m12 + p.y * m22 + m42
        let w = p.x * m14 + p.y * m24 + m44
        if w != 1, w > 1e-9 { return Point(x: x / w, y: y / w) }
        return Point(x: x, y: y)
    }

    /// The axis-aligned bounding box of a rectangle after this transform.
    public func apply(_ r: Rect) -> Rect {
        if r.isNull { return r }
        if isIdentity { return r }
        var out = Rect.null
        for c in r.corners {
            let q = apply(c)
            out = out.union(Rect(x: q.x, y: q.y, width: 0, height: 0))
        }
        return out
    }

    /// The four corners of a rectangle after this transform, in order (a convex quad for
    /// affine transforms).
    public func quad(_ r: Rect) -> [Point] { r.corners.map(apply) }

    /// True when the transform collapses the plane (a zero scale): nothing it maps is visible.
    public var isDegenerate: Bool {
        abs(m11 * m22 - m12 * m21) < 1e-12
    }
}

extension Transform3D {
    /// A translation that also moves along z (`m43`), as `anchorPointZ` and `zPosition` need.
    public static func translation(x: Double, y: Double, z: Double) -> Transform3D {
        var t = Transform3D.translation(x: x, y: y)
        t.m43 = z
        return t
    }

    public static func scale(x: Double, y: Double) -> Transform3D {
        Transform3D(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation about the z axis by `angle` radians, as CGAffineTransform(rotationAngle:)
    /// builds it: positive turns +x towards +y (clockwise on an iOS screen, y down).
    /// Multiples of a quarter turn are exact, so rotated axis-aligned shapes stay exactly
    /// axis-aligned.
    public static func rotation(angle: Double) -> Transform3D {
        let quarterTurns = angle / (Double.pi / 2)
        if quarterTurns == quarterTurns.rounded(), abs(quarterTurns) < 1e6 {
            let (c, s): (Double, Double) = switch Int(quarterTurns) & 3 {
            case 0: (1, 0)
            case 1: (0, 1)
            case 2: (-1, 0)
            default: (0, -1)
            }
            return Transform3D(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
        }
        let c = Math.cos(angle), s = Math.sin(angle)
        return Transform3D(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// This transform followed by the orthographic projection onto the z = 0 plane (z is
    /// set to 0, x, y and w are kept). It is what an ordinary layer does to its sublayers:
    /// it renders them into its own plane before its own transform moves that plane, so
    /// depth does not carry from one level to the next (only CATransformLayer keeps it).
    public var flattened: Transform3D {
        var t = self
        t.m13 = 0; t.m23 = 0; t.m33 = 0; t.m43 = 0
        return t
    }
}
