import XCTest
@testable import LayerGeometry

final class RoundedRectTests: XCTestCase {
    let bounds = Rect(x: 0, y: 0, width: 100, height: 60)

    func testRadiusIsClampedAsCoreAnimationDoes() {
        XCTAssertEqual(RoundedRect(rect: bounds, radius: 100).effectiveRadius, 30)
        XCTAssertEqual(RoundedRect(rect: bounds, radius: -5).effectiveRadius, 0)
        XCTAssertEqual(RoundedRect(rect: bounds, radius: .nan).effectiveRadius, 0)
        XCTAssertEqual(RoundedRect(rect: bounds, radius: 10, curve: .continuous).cornerExtent, 15.2866483, accuracy: 1e-9)
        XCTAssertEqual(RoundedRect(rect: bounds, radius: 25, curve: .continuous).cornerExtent, 30)
    }

    func testPointsInsideOutsideAndOnTheEdge() {
        let shape = RoundedRect(rect: bounds, radius: 10)
        XCTAssertTrue(shape.contains(Point(x: 50, y: 30)))
        XCTAssertTrue(shape.contains(Point(x: 50, y: 0)), "edges count as inside")
        XCTAssertTrue(shape.contains(Point(x: 50, y: -0.005)), "within the default tolerance")
        XCTAssertFalse(shape.contains(Point(x: 50, y: -0.1)))
        XCTAssertFalse(shape.contains(Point(x: 1, y: 1)), "cut off by the corner")
        XCTAssertFalse(shape.contains(Point(x: 99, y: 59)), "cut off by the opposite corner")
        // Just inside the arc on the diagonal: centre (10, 10), radius 10.
        let onArc = 10 - 10 / 2.0.squareRoot()
        XCTAssertTrue(shape.contains(Point(x: onArc + 0.01, y: onArc + 0.01)))
        XCTAssertFalse(shape.contains(Point(x: onArc - 0.05, y: onArc - 0.05)))
        XCTAssertTrue(shape.contains(Point(x: onArc - 0.05, y: onArc - 0.05), tolerance: 0.1))
        XCTAssertFalse(shape.contains(Point(x: .nan, y: 3)))
    }

    func testOnlyMaskedCornersAreRounded() {
        let topOnly = RoundedRect(rect: bounds, radius: 10, corners: [.minXMinY, .maxXMinY])
        XCTAssertFalse(topOnly.contains(Point(x: 1, y: 1)))
        XCTAssertTrue(topOnly.contains(Point(x: 1, y: 59)))
        XCTAssertTrue(topOnly.contains(Point(x: 99, y: 59)))
    }

    func testContinuousCornersAreJudgedConservatively() {
        let circular = RoundedRect(rect: bounds, radius: 10, curve: .circular)
        let continuous = RoundedRect(rect: bounds, radius: 10, curve: .continuous)
        // Inside a quarter circle of 10, but in the zone where the squircle may differ.
        XCTAssertTrue(circular.contains(Point(x: 3.5, y: 3.5)))
        XCTAssertFalse(continuous.contains(Point(x: 3.5, y: 3.5)))
        // Truly outside the continuous corner, though inside the circular one: the curve
        // has already left the edge 9 points from the corner.
        let nearEdge = Point(x: 9, y: 0.1)
        XCTAssertTrue(circular.contains(nearEdge))
        XCTAssertGreaterThan(CornerShape.continuous(radius: 10).signedDistance(u: 9, v: 0.1), 0)
        XCTAssertFalse(continuous.contains(nearEdge))
        // Well away from the corners nothing changes.
        XCTAssertTrue(continuous.contains(Point(x: 20, y: 0.1)))
    }

    func testConservativeCornerLiesInsideTheContinuousCurve() {
        // Every point the continuous RoundedRect accepts near a corner is inside Apple's
        // curve (the true clip), checked on a grid over the corner square.
        let radius = 20.0
        let shape = RoundedRect(rect: Rect(x: 0, y: 0, width: 200, height: 200), radius: radius, curve: .continuous)
        let truth = CornerShape.continuous(radius: radius)
        let extent = radius * ContinuousCorner.extent
        var accepted = 0
        for i in 0...60 {
            for j in 0...60 {
                let p = Point(x: extent * Double(i) / 60, y: extent * Double(j) / 60)
                if shape.contains(p, tolerance: 0) {
                    accepted += 1
                    XCTAssertLessThanOrEqual(truth.signedDistance(u: p.x, v: p.y), 1e-9, "\(p)")
                }
            }
        }
        XCTAssertGreaterThan(accepted, 2000)
    }

    func testRectanglesAndQuads() {
        let shape = RoundedRect(rect: bounds, radius: 10)
        XCTAssertTrue(shape.contains(Rect(x: 10, y: 5, width: 80, height: 50)))
        XCTAssertFalse(shape.contains(Rect(x: 0, y: 0, width: 80, height: 50)), "its corner is cut off")
        XCTAssertTrue(RoundedRect(rect: bounds, radius: 0).contains(bounds))
        XCTAssertFalse(shape.contains(Rect.null))
        let diamond = [Point(x: 50, y: 0), Point(x: 100, y: 30), Point(x: 50, y: 60), Point(x: 0, y: 30)]
        XCTAssertTrue(shape.containsQuad(diamond))
        let turned = Transform3D.translation(x: -50, y: -30).concatenating(.rotation(angle: 0.3))
            .concatenating(.translation(x: 50, y: 30)).quad(Rect(x: 20, y: 10, width: 60, height: 40))
        XCTAssertTrue(shape.containsQuad(turned))
        XCTAssertFalse(shape.containsQuad(turned.map { Point(x: $0.x + 30, y: $0.y) }))
        XCTAssertFalse(shape.containsQuad([]))
    }

    func testPathMatchesTheShape() {
        let shape = RoundedRect(rect: bounds, radius: 12, corners: [.maxXMaxY], curve: .circular)
        assertShape(ShapeRecognizer().recognize(shape.path),
                    .roundedRectangle(bounds, radius: 12, curve: .circular, corners: [.maxXMaxY]))
    }
}
