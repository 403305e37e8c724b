import XCTest
@testable import LayerGeometry

final class TransformTests: XCTestCase {
    func testApplyTranslationScaleRotation() {
        let p = Point(x: 3, y: 4)
        XCTAssertEqual(Transform3D.translation(x: 10, y: -2).apply(p), Point(x: 13, y: 2))
        XCTAssertEqual(Transform3D.scale(x: 2, y: 3).apply(p), Point(x: 6, y: 12))
        // A quarter turn takes +x to +y: (3, 4) → (-4, 3), exactly.
        XCTAssertEqual(Transform3D.rotation(angle: .pi / 2).apply(p), Point(x: -4, y: 3))
        XCTAssertEqual(Transform3D.rotation(angle: -.pi / 2).apply(p), Point(x: 4, y: -3))
        XCTAssertEqual(Transform3D.rotation(angle: .pi).apply(p), Point(x: -3, y: -4))
        assertPoint(Transform3D.rotation(angle: .pi / 6).apply(Point(x: 2, y: 0)), Point(x: 3.0.squareRoot(), y: 1))
    }

    func testConcatenationAppliesSelfFirst() {
        let scale = Transform3D.scale(x: 2, y: 2), move = Transform3D.translation(x: 10, y: 0)
        let p = Point(x: 1, y: 1)
        XCTAssertEqual(scale.concatenating(move).apply(p), Point(x: 12, y: 2))
        XCTAssertEqual(move.concatenating(scale).apply(p), Point(x: 22, y: 2))
        XCTAssertEqual(scale.concatenating(.identity), scale)
        XCTAssertEqual(Transform3D.identity.concatenating(move), move)
    }

    func testRotatedRectangleBoundingBoxes() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 50)
        XCTAssertEqual(Transform3D.rotation(angle: .pi / 2).apply(rect), Rect(x: -50, y: 0, width: 50, height: 100))
        let diagonal = Transform3D.rotation(angle: .pi / 4).apply(rect)
        let side = 150 / 2.0.squareRoot()  // (w + h)·cos 45°
        assertRect(diagonal, Rect(x: -50 / 2.0.squareRoot(), y: 0, width: side, height: side), accuracy: 1e-9)
        // Rotating about the rectangle's centre keeps the centre.
        let aboutCentre = Transform3D.translation(x: -50, y: -25)
            .concatenating(.rotation(angle: .pi / 2)).concatenating(.translation(x: 50, y: 25))
        XCTAssertEqual(aboutCentre.apply(rect), Rect(x: 25, y: -25, width: 50, height: 100))
    }

    func testQuadKeepsCornerOrder() {
        let quad = Transform3D.rotation(angle: .pi / 2).quad(Rect(x: 0, y: 0, width: 2, height: 1))
        XCTAssertEqual(quad, [Point(x: 0, y: 0), Point(x: 0, y: 2), Point(x: -1, y: 2), Point(x: -1, y: 0)])
    }

    func testAffineAndDegenerateChecks() {
        XCTAssertTrue(Transform3D.rotation(angle: 0.3).isAffine)
        var perspective = Transform3D.identity
        perspective.m34 = -1 / 500
        XCTAssertFalse(perspective.isAffine)
        XCTAssertTrue(Transform3D.scale(x: 0, y: 1).isDegenerate)
        XCTAssertFalse(Transform3D.scale(x: 0.001, y: 1).isDegenerate)
        XCTAssertNil(Transform3D([1, 2, 3]))
        XCTAssertEqual(Transform3D(Transform3D.rotation(angle: 1).values), Transform3D.rotation(angle: 1))
    }

    func testPerspectiveDividesByW() {
        // A rotation about y followed by perspective puts m34 into m14: x shrinks with depth.
        let turn = Transform3D(m11: 0, m12: 0, m13: -1, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                               m31: 1, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 100
        let combined = turn.concatenating(perspective)
        XCTAssertEqual(combined.m14, 0.01, accuracy: 1e-15)
        // (50, 10) goes to z = -50, w = 1.5: (0, 10/1.5).
        assertPoint(combined.apply(Point(x: 50, y: 10)), Point(x: 0, y: 10 / 1.5))
    }

    func testFlattenedDropsDepthButKeepsThePlane() {
        let lifted = Transform3D.translation(x: 1, y: 2, z: 30)
        XCTAssertEqual(lifted.m43, 30)
        let flat = lifted.flattened
        XCTAssertEqual(flat.m43, 0)
        XCTAssertEqual(flat.m33, 0)
        XCTAssertEqual(flat.apply(Point(x: 5, y: 5)), Point(x: 6, y: 7))
    }

    func testPathApplyingAndTightBoundingBox() {
        let circle = PathBuilder.ellipse(in: Rect(x: 0, y: 0, width: 20, height: 20))
        let moved = circle.applying(.translation(x: 5, y: 5))
        assertRect(moved.pathBoundingBox, Rect(x: 5, y: 5, width: 20, height: 20))
        // A circle from arcs starting at 30°: the control box is larger than the curve,
        // the tight box is the circle's.
        let arcs = parse("M\(10 + 10 * 0.75.squareRoot()) 15 A10 10 0 1 1 \(10 - 10 * 0.75.squareRoot()) 5 A10 10 0 1 1 \(10 + 10 * 0.75.squareRoot()) 15 Z")
        assertRect(arcs.pathBoundingBox, Rect(x: 0, y: 0, width: 20, height: 20), accuracy: 0.01)
        XCTAssertGreaterThan(arcs.boundingBox.width, 20.5)
        XCTAssertTrue(Path().pathBoundingBox.isNull)
    }
}
