import XCTest
@testable import LayerGeometry

final class PathBuilderTests: XCTestCase {
    let rect = Rect(x: 10, y: 20, width: 200, height: 120)

    private func count(_ path: Path, _ kind: (PathElement) -> Bool) -> Int { path.elements.filter(kind).count }
    private func isCubic(_ e: PathElement) -> Bool { if case .curveTo = e { true } else { false } }

    func testRectangle() {
        XCTAssertEqual(PathBuilder.rect(Rect(x: 0, y: 0, width: 4, height: 2)).elements, [
            .moveTo(.zero), .lineTo(Point(x: 4, y: 0)), .lineTo(Point(x: 4, y: 2)), .lineTo(Point(x: 0, y: 2)), .closeSubpath,
        ])
        XCTAssertTrue(PathBuilder.rect(.null).isEmpty)
    }

    func testCircularCornersAreOneCubicWithTheCoreGraphicsHandle() {
        let path = PathBuilder.roundedRect(rect, radius: 20, curve: .circular)
        XCTAssertEqual(count(path, isCubic), 4)
        XCTAssertEqual(path.elements.first, .moveTo(Point(x: 30, y: 20)))
        XCTAssertEqual(path.elements[2], .curveTo(control1: Point(x: 210 - 20 * (1 - 0.5522847498), y: 20),
                                                  control2: Point(x: 210, y: 20 + 20 * (1 - 0.5522847498)),
                                                  to: Point(x: 210, y: 40)))
        assertRect(path.pathBoundingBox, rect)
        // The middle of each corner cubic is on the circle: (√2 − 1)·r from the corner.
        guard case .curveTo(let c1, let c2, let end) = path.elements[2] else { return XCTFail() }
        let middle = Bezier.cubic(Point(x: 190, y: 20), c1, c2, end, 0.5)
        XCTAssertEqual(middle.distance(to: Point(x: 210, y: 20)), 20 * (2.0.squareRoot() - 1), accuracy: 1e-6)
    }

    func testRadiusIsClampedToHalfTheShortSide() {
        XCTAssertEqual(PathBuilder.roundedRect(rect, radius: 500, curve: .circular),
                       PathBuilder.roundedRect(rect, radius: 60, curve: .circular))
        XCTAssertEqual(PathBuilder.roundedRect(rect, radius: -3, curve: .circular), PathBuilder.rect(rect))
        XCTAssertEqual(PathBuilder.roundedRect(rect, radius: .nan, curve: .continuous), PathBuilder.rect(rect))
    }

    func testContinuousCornersAreThreeCubicsReachingFurther() {
        let path = PathBuilder.roundedRect(rect, radius: 30, curve: .continuous)
        XCTAssertEqual(count(path, isCubic), 12)
        XCTAssertEqual(path.elements.first, .moveTo(Point(x: 10 + 30 * 1.52866483, y: 20)))
        assertRect(path.pathBoundingBox, rect)
        // The corner passes 0.4123·r from the corner point, like a circle of that radius would.
        let corner = ClosedOutline(path, tolerance: 0.5)!.distances(to: [Point(x: 10, y: 20)])[0]
        XCTAssertEqual(corner, 30 * 0.41225, accuracy: 0.01)
    }

    func testContinuousCornerTableIsSymmetric() {
        // Walking the corner backwards with u and v swapped gives the same points.
        let points = ContinuousCorner.polyline
        for (a, b) in zip(points, points.reversed()) {
            assertPoint(a, Point(x: b.y, y: b.x), accuracy: 1e-6)
        }
        XCTAssertEqual(ContinuousCorner.cornerDistance, 0.41225, accuracy: 1e-4)
    }

    func testContinuousThatDoesNotFitBecomesACapsule() {
        // 1.528 × 20 > 30/2: UIKit draws round ends of radius 15 instead.
        let small = Rect(x: 0, y: 0, width: 100, height: 30)
        XCTAssertEqual(PathBuilder.roundedRect(small, radius: 20, curve: .continuous),
                       PathBuilder.roundedRect(small, radius: 15, curve: .circular))
        XCTAssertEqual(count(PathBuilder.roundedRect(small, radius: 9, curve: .continuous), isCubic), 12)
    }

    func testOnlySomeCornersRounded() {
        let top: CornerMask = [.minXMinY, .maxXMinY]
        let path = PathBuilder.roundedRect(rect, radius: 20, curve: .circular, corners: top)
        XCTAssertEqual(count(path, isCubic), 2)
        XCTAssertTrue(path.elements.contains(.lineTo(Point(x: 210, y: 140))))
        XCTAssertTrue(path.elements.contains(.lineTo(Point(x: 10, y: 140))))
        XCTAssertFalse(path.elements.contains(.lineTo(Point(x: 10, y: 20))))
    }

    func testEllipse() {
        let path = PathBuilder.ellipse(in: rect)
        XCTAssertEqual(count(path, isCubic), 4)
        XCTAssertEqual(path.elements.first, .moveTo(Point(x: 210, y: 80)))
        assertRect(path.pathBoundingBox, rect)
        assertOnEllipse(path, center: Point(x: 110, y: 80), rx: 100, ry: 60, rotation: 0)
    }

    func testStar() {
        let star = PathBuilder.star(center: Point(x: 50, y: 50), outerRadius: 40, innerRadius: 15, points: 5)
        XCTAssertEqual(star.elements.count, 11)
        assertPoint(endPoint(star.elements[0])!, Point(x: 50, y: 10))
        for (i, element) in star.elements.dropLast().enumerated() {
            XCTAssertEqual(endPoint(element)!.distance(to: Point(x: 50, y: 50)), i.isMultiple(of: 2) ? 40 : 15, accuracy: 1e-9)
        }
        XCTAssertTrue(PathBuilder.star(center: .zero, outerRadius: 1, innerRadius: 0.5, points: 1).isEmpty)
    }
}
