import XCTest
@testable import LayerGeometry

/// Near misses: paths that look like the recognised shapes but are not, within 0.5 points.
final class ShapeRecognizerRejectionTests: XCTestCase {
    let recognizer = ShapeRecognizer()

    private func assertRejected(_ path: Path, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        // Whichever way it is written or turned, it is not one of the shapes.
        for (name, variant) in [("as built", path), ("reversed", path.reversedOutline()),
                                ("rotated 90°", path.applying(.rotation(angle: .pi / 2))),
                                ("scaled", path.applying(.scale(x: 3, y: 3)))] {
            let result = recognizer.recognize(variant)
            XCTAssertNil(result, "\(message) \(name): \(String(describing: result))", file: file, line: line)
        }
    }

    func testStar() {
        assertRejected(PathBuilder.star(center: Point(x: 50, y: 50), outerRadius: 50, innerRadius: 20, points: 5))
        // Even a star whose points barely dent the circle.
        assertRejected(PathBuilder.star(center: Point(x: 50, y: 50), outerRadius: 50, innerRadius: 46, points: 12))
    }

    func testRectangleWithOneBevelledCorner() {
        assertRejected(parse("M10 0 H100 V60 H0 V10 Z"), "10-point bevel")
        assertRejected(parse("M6 0 H100 V60 H0 V6 Z"), "6-point bevel")
        // Bevels on all four corners: an octagon.
        assertRejected(parse("M10 0 H90 L100 10 V50 L90 60 H10 L0 50 V10 Z"), "octagon")
    }

    func testTriangles() {
        assertRejected(parse("M0 0 L100 0 L50 80 Z"))
        assertRejected(parse("M0 0 L100 0 L0 100 Z"))
    }

    func testRectangleRotatedThirtyDegrees() {
        let rect = PathBuilder.rect(Rect(x: 0, y: 0, width: 100, height: 60))
        assertRejected(rect.applying(.rotation(angle: .pi / 6)))
        // A rounded rectangle and an ellipse turned by 30° are not axis-aligned either.
        assertRejected(PathBuilder.roundedRect(Rect(x: 0, y: 0, width: 100, height: 60), radius: 10, curve: .circular)
            .applying(.rotation(angle: .pi / 6)))
        assertRejected(PathBuilder.ellipse(in: Rect(x: 0, y: 0, width: 100, height: 60)).applying(.rotation(angle: .pi / 6)))
    }

    func testEllipseSquashedByFivePoints() {
        // Top half 30 high, bottom half 25: no single ellipse fits its 100 × 55 box.
        assertRejected(parse("M0 30 A50 30 0 0 1 100 30 A50 25 0 0 1 0 30 Z"))
        // A Core Graphics ellipse whose right-hand node (and its handles) moved in 5 points.
        var elements = PathBuilder.ellipse(in: Rect(x: 0, y: 0, width: 100, height: 60)).elements
        func pulled(_ p: Point) -> Point { Point(x: p.x - 5, y: p.y) }
        guard case .moveTo(let start) = elements[0], case .curveTo(let a1, let a2, let a3) = elements[1],
              case .curveTo(let b1, let b2, let b3) = elements[4] else { return XCTFail() }
        elements[0] = .moveTo(pulled(start))
        elements[1] = .curveTo(control1: pulled(a1), control2: a2, to: a3)
        elements[4] = .curveTo(control1: b1, control2: pulled(b2), to: pulled(b3))
        assertRejected(Path(elements: elements))
        // Pulling the right half in by 5 as a whole (two half-ellipses of different widths)
        // strays less than 0.4 from the 95-wide ellipse: that one is an ellipse, in tolerance.
        XCTAssertNotNil(recognizer.recognize(
            parse("M0 30 A50 30 0 0 1 50 0 A45 30 0 0 1 95 30 A45 30 0 0 1 50 60 A50 30 0 0 1 0 30 Z")))
    }

    func testRoundedCornersOfDifferentRadii() {
        assertRejected(parse("M8 0 H92 A8 8 0 0 1 100 8 V48 A12 12 0 0 1 88 60 H12 A12 12 0 0 1 0 48 V8 A8 8 0 0 1 8 0 Z"),
                       "8 on top, 12 below")
        assertRejected(parse("M10 0 H90 A10 10 0 0 1 100 10 V46 A14 14 0 0 1 86 60 H10 A10 10 0 0 1 0 50 V10 A10 10 0 0 1 10 0 Z"),
                       "three of 10, one of 14")
    }

    func testMixedCornerCurves() {
        // Continuous on top, circular below, same radius: no single curve fits. The two
        // kinds differ by 1.25 % of the radius at most, so the radius must be large for
        // that to exceed 0.5 points.
        let r = Rect(x: 0, y: 0, width: 400, height: 300)
        let top = PathBuilder.roundedRect(r, radius: 80, curve: .continuous, corners: [.minXMinY, .maxXMinY]).elements
        let bottom = PathBuilder.roundedRect(r, radius: 80, curve: .circular, corners: [.minXMaxY, .maxXMaxY]).elements
        // The first's top corners, the second's bottom corners.
        func index(in elements: [PathElement], endingAt p: Point) -> Int {
            elements.firstIndex { endPoint($0).map { $0.distance(to: p) < 1e-9 } ?? false }!
        }
        let reach = 80 * ContinuousCorner.extent
        let topRightEnd = index(in: top, endingAt: Point(x: 400, y: reach))
        let topLeftStart = index(in: top, endingAt: Point(x: 0, y: reach))
        let bottomRightStart = index(in: bottom, endingAt: Point(x: 400, y: 220))
        let bottomLeftEnd = index(in: bottom, endingAt: Point(x: 0, y: 220))
        let mixed = Path(elements: Array(top[...topRightEnd] + bottom[bottomRightStart...bottomLeftEnd] + top[topLeftStart...]))
        XCTAssertEqual(mixed.elements.filter { if case .curveTo = $0 { true } else { false } }.count, 8)
        XCTAssertNotNil(ClosedOutline(mixed, tolerance: 0.5))
        assertRejected(mixed)
        // Each half on its own is recognised (so the rejection is about the mix).
        XCTAssertNotNil(recognizer.recognize(Path(elements: top)))
        XCTAssertNotNil(recognizer.recognize(Path(elements: bottom)))
    }

    func testOpenPaths() {
        assertRejected(parse("M0 0 H100 V60 H0"), "three sides of a rectangle")
        assertRejected(parse("M0 0 H100 V60 H0 V1"), "a gap of one point")
    }

    func testSeveralSubpaths() {
        assertRejected(parse("M0 0 H100 V60 H0 Z M10 10 H20 V20 H10 Z"), "a rectangle with a hole")
        assertRejected(parse("M0 0 H100 V60 H0 Z M200 0 H300 V60 H200 Z"), "two rectangles")
        assertRejected(parse("M0 0 H100 V60 H0 Z L50 50"), "a line after closing")
    }

    func testPathsThatCrossThemselvesOrDoubleBack() {
        assertRejected(parse("M0 0 L100 60 L100 0 L0 60 Z"), "a bow tie")
        assertRejected(parse("M0 0 H100 V60 H0 V0 H100 V60 H0 Z"), "a rectangle drawn twice")
        assertRejected(parse("M0 0 H50 V-20 V0 H100 V60 H0 Z"), "a spike out of the box")
        assertRejected(parse("M0 0 H100 V60 H60 V50 H40 V60 H0 Z"), "a notch")
        assertRejected(parse("M0 0 H100 V60 H0 Z").withFold(), "a trip to the middle and back")
        // Down and up across the middle: every vertex is on the rectangle's outline and the
        // area is unchanged; only the line between them is off it.
        assertRejected(parse("M0 0 H50 V60 V0 H100 V60 H0 Z"), "a cut across the middle and back")
    }

    func testDegenerateInput() {
        XCTAssertNil(recognizer.recognize(Path()))
        XCTAssertNil(recognizer.recognize(parse("M5 5")))
        XCTAssertNil(recognizer.recognize(parse("M5 5 Z")))
        XCTAssertNil(recognizer.recognize(parse("M0 0 L100 0 Z")), "a line has no area")
        XCTAssertNil(recognizer.recognize(parse("M0 0 H100 V0.2 H0 Z")), "thinner than the tolerance")
        XCTAssertNil(recognizer.recognize(Path(elements: [.lineTo(Point(x: 1, y: 1)), .lineTo(Point(x: 2, y: 0)), .closeSubpath])),
                     "no moveTo")
    }

    func testNonFiniteCoordinatesAreRejectedWithoutCrashing() {
        for bad in [Double.nan, .infinity, -.infinity] {
            var elements = PathBuilder.rect(Rect(x: 0, y: 0, width: 10, height: 10)).elements
            elements[2] = .lineTo(Point(x: bad, y: 10))
            XCTAssertNil(recognizer.recognize(Path(elements: elements)))
            var curve = PathBuilder.ellipse(in: Rect(x: 0, y: 0, width: 10, height: 10)).elements
            curve[1] = .curveTo(control1: Point(x: 1, y: bad), control2: .zero, to: Point(x: 5, y: 10))
            XCTAssertNil(recognizer.recognize(Path(elements: curve)))
        }
        XCTAssertNil(ShapeRecognizer(tolerance: .nan).recognize(PathBuilder.rect(Rect(x: 0, y: 0, width: 10, height: 10))))
        XCTAssertNil(ShapeRecognizer(tolerance: 0).recognize(PathBuilder.rect(Rect(x: 0, y: 0, width: 10, height: 10))))
        XCTAssertNil(ShapeRecognizer(tolerance: -1).recognize(PathBuilder.rect(Rect(x: 0, y: 0, width: 10, height: 10))))
    }

    func testSmallHexagonAndPolygonsAreNotEllipses() {
        assertRejected(polygon(sides: 6, radius: 50))
        assertRejected(polygon(sides: 16, radius: 50))  // strays 0.96 from the circle
    }
}

extension Path {
    /// The outline with an extra trip back and forth across its interior (to the middle of
    /// the box and back) inserted after the first segment.
    func withFold() -> Path {
        var e = elements
        let box = pathBoundingBox
        let after = endPoint(e[1])!
        e.insert(contentsOf: [.lineTo(Point(x: box.midX, y: box.midY)), .lineTo(after)], at: 2)
        return Path(elements: e)
    }
}
