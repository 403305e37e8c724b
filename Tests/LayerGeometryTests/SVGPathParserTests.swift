import XCTest
@testable import LayerGeometry

final class SVGPathParserTests: XCTestCase {
    func testEmptyAndBlankTextAreEmptyPaths() {
        XCTAssertEqual(parse(""), Path())
        XCTAssertEqual(parse(" \t\n\r\u{0C}"), Path())
    }

    func testMoveAndLineAbsolute() {
        XCTAssertEqual(parse("M10 20 L30 40").elements, [.moveTo(Point(x: 10, y: 20)), .lineTo(Point(x: 30, y: 40))])
    }

    func testRelativeMoveLineAndAxisLines() {
        let path = parse("m10 20 l5 5 h10 v-5 H0 V0 z")
        XCTAssertEqual(path.elements, [
            .moveTo(Point(x: 10, y: 20)), .lineTo(Point(x: 15, y: 25)), .lineTo(Point(x: 25, y: 25)),
            .lineTo(Point(x: 25, y: 20)), .lineTo(Point(x: 0, y: 20)), .lineTo(Point(x: 0, y: 0)), .closeSubpath,
        ])
    }

    func testNumbersAfterMoveAreImplicitLines() {
        XCTAssertEqual(parse("M0 0 10 10 20 0").elements,
                       [.moveTo(.zero), .lineTo(Point(x: 10, y: 10)), .lineTo(Point(x: 20, y: 0))])
        // After a relative moveto, the implicit lines are relative too.
        XCTAssertEqual(parse("m1 1 2 2 3 3").elements,
                       [.moveTo(Point(x: 1, y: 1)), .lineTo(Point(x: 3, y: 3)), .lineTo(Point(x: 6, y: 6))])
    }

    func testOtherCommandsRepeatThemselves() {
        XCTAssertEqual(parse("M0 0 h1 2 3").elements,
                       [.moveTo(.zero), .lineTo(Point(x: 1, y: 0)), .lineTo(Point(x: 3, y: 0)), .lineTo(Point(x: 6, y: 0))])
        XCTAssertEqual(parse("M0 0 V1 2").elements, [.moveTo(.zero), .lineTo(Point(x: 0, y: 1)), .lineTo(Point(x: 0, y: 2))])
        let curves = parse("M0 0 c1 1 2 2 3 3 1 1 2 2 3 3").elements
        XCTAssertEqual(curves, [
            .moveTo(.zero),
            .curveTo(control1: Point(x: 1, y: 1), control2: Point(x: 2, y: 2), to: Point(x: 3, y: 3)),
            .curveTo(control1: Point(x: 4, y: 4), control2: Point(x: 5, y: 5), to: Point(x: 6, y: 6)),
        ])
    }

    func testCubicAndSmoothCubicReflectTheControlPoint() {
        let path = parse("M0 0 C10 0 20 10 20 20 S30 40 40 40 s10 0 10 10")
        XCTAssertEqual(path.elements, [
            .moveTo(.zero),
            .curveTo(control1: Point(x: 10, y: 0), control2: Point(x: 20, y: 10), to: Point(x: 20, y: 20)),
            // Reflection of (20, 10) about (20, 20).
            .curveTo(control1: Point(x: 20, y: 30), control2: Point(x: 30, y: 40), to: Point(x: 40, y: 40)),
            // Reflection of (30, 40) about (40, 40); relative control and end.
            .curveTo(control1: Point(x: 50, y: 40), control2: Point(x: 50, y: 40), to: Point(x: 50, y: 50)),
        ])
    }

    func testSmoothCubicAfterAnotherCommandUsesTheCurrentPoint() {
        let path = parse("M5 5 L10 10 S20 20 30 10")
        XCTAssertEqual(path.elements.last,
                       .curveTo(control1: Point(x: 10, y: 10), control2: Point(x: 20, y: 20), to: Point(x: 30, y: 10)))
        // A quadratic does not count as "previous cubic" either.
        let afterQuad = parse("M0 0 Q5 5 10 0 S20 5 30 0")
        XCTAssertEqual(afterQuad.elements.last,
                       .curveTo(control1: Point(x: 10, y: 0), control2: Point(x: 20, y: 5), to: Point(x: 30, y: 0)))
    }

    func testQuadraticAndSmoothQuadraticChainReflections() {
        let path = parse("M0 0 Q10 10 20 0 T40 0 t20 0")
        XCTAssertEqual(path.elements, [
            .moveTo(.zero),
            .quadCurveTo(control: Point(x: 10, y: 10), to: Point(x: 20, y: 0)),
            .quadCurveTo(control: Point(x: 30, y: -10), to: Point(x: 40, y: 0)),
            // T after T reflects T's own (computed) control point.
            .quadCurveTo(control: Point(x: 50, y: 10), to: Point(x: 60, y: 0)),
        ])
        let relative = parse("m1 1 q1 1 2 0")
        XCTAssertEqual(relative.elements.last, .quadCurveTo(control: Point(x: 2, y: 2), to: Point(x: 3, y: 1)))
    }

    func testSmoothQuadraticWithoutPreviousQuadraticIsALineShapedCurve() {
        let path = parse("M0 0 L10 0 T20 0")
        XCTAssertEqual(path.elements.last, .quadCurveTo(control: Point(x: 10, y: 0), to: Point(x: 20, y: 0)))
    }

    func testCompactNumberForms() {
        XCTAssertEqual(parse("M.5.5L-1.5e-3-2E2").elements,
                       [.moveTo(Point(x: 0.5, y: 0.5)), .lineTo(Point(x: -0.0015, y: -200))])
        XCTAssertEqual(parse("M1-2").elements, [.moveTo(Point(x: 1, y: -2))])
        XCTAssertEqual(parse("M+1,+2,3,4").elements, [.moveTo(Point(x: 1, y: 2)), .lineTo(Point(x: 3, y: 4))])
        XCTAssertEqual(parse("M 1 , 2\tL\n3\r\n4").elements, [.moveTo(Point(x: 1, y: 2)), .lineTo(Point(x: 3, y: 4))])
        XCTAssertEqual(parse("M5. 6.L1e2 1E+2").elements, [.moveTo(Point(x: 5, y: 6)), .lineTo(Point(x: 100, y: 100))])
        XCTAssertEqual(parse("M0.0.0").elements, [.moveTo(Point(x: 0, y: 0))])
    }

    func testNumbersAreCorrectlyRounded() {
        let texts = ["0.1", "0.2", "123.456", "1e-300", "1.7976931348623157e308", "123456789012345678901234",
                     "0.000000000000000000001", "3.14159265358979323846264338327950288", "4.9e-324", "9007199254740993",
                     // 16 to 19 digits, as CGFloat geometry prints: read in integers, not by strtod.
                     "127.08220789864433", "9007199254740993.0", "4503599627370497.5", "0.1234567890123456789",
                     "6.086081283201895e1", "1844674407370955161.5", "-37.88843348548123"]
        for text in texts {
            XCTAssertEqual(parse("M\(text) 0").elements.first.map { if case .moveTo(let p) = $0 { p.x.bitPattern } else { 0 } },
                           Double(text)!.bitPattern, text)
        }
    }

    func testArcFlagsNeedNoSeparators() {
        let compact = parse("M0 0 a1 1 0 00 1 1")
        let spaced = parse("M0 0 a 1 1 0 0 0 1 1")
        XCTAssertEqual(compact, spaced)
        XCTAssertEqual(endPoint(compact.elements.last!), Point(x: 1, y: 1))
        XCTAssertEqual(parse("M0 0 A1 1 0 1,1 2 0"), parse("M0 0 A1 1 0 1 1 2 0"))
    }

    func testHalfCircleArcEndsExactlyAndStaysOnTheCircle() {
        let path = parse("M0 0 A50 50 0 0 1 100 0")
        XCTAssertEqual(path.elements.count, 3, "180° is two cubics of 90°")
        XCTAssertEqual(endPoint(path.elements.last!), Point(x: 100, y: 0))
        assertOnEllipse(path, center: Point(x: 50, y: 0), rx: 50, ry: 50, rotation: 0)
        // sweep-flag 1 goes towards increasing angle: through (50, -50).
        guard case .curveTo(_, _, let middle) = path.elements[1] else { return XCTFail() }
        assertPoint(middle, Point(x: 50, y: -50), accuracy: 1e-9)
        // sweep-flag 0 goes the other way round.
        guard case .curveTo(_, _, let other) = parse("M0 0 A50 50 0 0 0 100 0").elements[1] else { return XCTFail() }
        assertPoint(other, Point(x: 50, y: 50), accuracy: 1e-9)
    }

    func testRotatedEllipticalArcWithLargeArcFlag() {
        // An ellipse with a known centre; from 10° to 200° of its parameter, counter to the
        // short way round, so large-arc = 1 and sweep = 1.
        let center = Point(x: 100, y: 100), rx = 60.0, ry = 30.0, phi = 30.0
        func at(_ degrees: Double) -> Point {
            let t = degrees * .pi / 180, f = phi * .pi / 180
            let x = rx * Math.cos(t), y = ry * Math.sin(t)
            return Point(x: center.x + x * Math.cos(f) - y * Math.sin(f), y: center.y + x * Math.sin(f) + y * Math.cos(f))
        }
        let start = at(10), end = at(200)
        let path = parse("M\(start.x) \(start.y) A60 30 30 1 1 \(end.x) \(end.y)")
        XCTAssertEqual(path.elements.count, 4, "190° needs three pieces of at most 90°")
        XCTAssertEqual(endPoint(path.elements.last!), end)
        assertOnEllipse(path, center: center, rx: rx, ry: ry, rotation: phi)
        // It passes through the parameter-105° point (the middle of the long way round).
        let samples = sampledPoints(path)
        let middle = at(105)
        XCTAssertLessThan(samples.map { $0.distance(to: middle) }.min()!, 0.5)
        // With large-arc = 0 the same ends give the other (170°) arc, which misses that point.
        let short = parse("M\(start.x) \(start.y) A60 30 30 0 0 \(end.x) \(end.y)")
        XCTAssertGreaterThan(sampledPoints(short).map { $0.distance(to: middle) }.min()!, 10)
        assertOnEllipse(short, center: center, rx: rx, ry: ry, rotation: phi)
    }

    func testEveryArcPieceIsAtMostAQuarterTurn() {
        // 270° of a circle of radius 10 centred at the origin, from angle 0 to angle -90°.
        let path = parse("M10 0 A10 10 0 1 1 0 -10")
        XCTAssertEqual(path.elements.count, 4)
        var previous = Point(x: 10, y: 0)
        for element in path.elements.dropFirst() {
            let p = endPoint(element)!
            let turn = acosClamped((previous.x * p.x + previous.y * p.y) / 100)
            XCTAssertLessThanOrEqual(turn, Double.pi / 2 + 1e-9)
            previous = p
        }
        assertOnEllipse(path, center: .zero, rx: 10, ry: 10, rotation: 0)
    }

    func testTooSmallRadiiAreScaledUp() {
        // Radius 10 cannot span 100: scaled to 50, a half circle through (50, -50).
        let path = parse("M0 0 A10 10 0 0 1 100 0")
        assertOnEllipse(path, center: Point(x: 50, y: 0), rx: 50, ry: 50, rotation: 0)
        XCTAssertEqual(endPoint(path.elements.last!), Point(x: 100, y: 0))
        // Negative radii count as positive.
        XCTAssertEqual(parse("M0 0 A-50 -50 0 0 1 100 0"), parse("M0 0 A50 50 0 0 1 100 0"))
    }

    func testZeroRadiusArcIsALineAndZeroLengthArcIsNothing() {
        XCTAssertEqual(parse("M0 0 A0 10 0 0 1 10 10").elements, [.moveTo(.zero), .lineTo(Point(x: 10, y: 10))])
        XCTAssertEqual(parse("M0 0 a10 0 0 0 1 10 10").elements, [.moveTo(.zero), .lineTo(Point(x: 10, y: 10))])
        XCTAssertEqual(parse("M5 5 A10 10 0 0 1 5 5 L6 6").elements, [.moveTo(Point(x: 5, y: 5)), .lineTo(Point(x: 6, y: 6))])
    }

    func testExtremeRadiiStillEndAtTheEndPoint() {
        // Tiny radii are scaled up to a half circle; enormous ones are a straight line.
        let tiny = parse("M0 0 A1e-200 1e-200 0 0 1 100 0")
        assertOnEllipse(tiny, center: Point(x: 50, y: 0), rx: 50, ry: 50, rotation: 0)
        XCTAssertEqual(endPoint(tiny.elements.last!), Point(x: 100, y: 0))
        for text in ["M0 0 A1e200 1e200 0 0 1 100 0", "M0 0 A1e200 1e-200 30 1 0 100 0", "M0 0 A1e308 1 0 0 1 5 5"] {
            let path = parse(text)
            XCTAssertEqual(endPoint(path.elements.last!).map { $0.distance(to: .zero) > 1 }, true, text)
            XCTAssertTrue(sampledPoints(path).allSatisfy { $0.x.isFinite && $0.y.isFinite }, text)
        }
    }

    func testRelativeArc() {
        let path = parse("m10 10 a5 5 0 0 0 10 0")
        XCTAssertEqual(endPoint(path.elements.last!), Point(x: 20, y: 10))
        assertOnEllipse(path, center: Point(x: 15, y: 10), rx: 5, ry: 5, rotation: 0)
    }

    func testCommandAfterCloseStartsASubpathAtTheOldStart() {
        XCTAssertEqual(parse("M1 1 L10 1 L10 10 Z L20 20").elements, [
            .moveTo(Point(x: 1, y: 1)), .lineTo(Point(x: 10, y: 1)), .lineTo(Point(x: 10, y: 10)), .closeSubpath,
            .moveTo(Point(x: 1, y: 1)), .lineTo(Point(x: 20, y: 20)),
        ])
        // A relative moveto after Z is relative to the closed subpath's start.
        XCTAssertEqual(parse("M1 1 L10 1 z m5 5").elements.last, .moveTo(Point(x: 6, y: 6)))
    }

    func testByteOverloadGivesTheSamePath() throws {
        let text = "M10 20 c1 2 3 4 5 6 s7 8 9 10 Q1 1 2 2 t3 3 A5 5 0 0 1 30 30 z"
        let fromBytes = try Array(text.utf8).withUnsafeBytes { bytes throws(SVGPathError) in
            try SVGPathParser().parse(bytes)
        }
        XCTAssertEqual(fromBytes, parse(text))
    }

    func testHundredThousandSegmentsParseInLinearTime() throws {
        var text = "M0 0"
        text.reserveCapacity(1_500_000)
        for i in 0..<100_000 { text += i.isMultiple(of: 2) ? " l1 2" : " c1,1 2,2 3-4" }
        let path = try SVGPathParser().parse(text)
        XCTAssertEqual(path.elements.count, 100_001)
        // 50,000 × (1, 2) + 50,000 × (3, -4)
        XCTAssertEqual(endPoint(path.elements.last!), Point(x: 200_000, y: -100_000))
    }
}

/// Points along every curve of a path (and its end points).
func sampledPoints(_ path: Path) -> [Point] {
    var points: [Point] = []
    var current = Point.zero
    for element in path.elements {
        switch element {
        case .moveTo(let p), .lineTo(let p):
            points.append(p); current = p
        case .quadCurveTo(let c, let p):
            for i in 1...32 { points.append(Bezier.quad(current, c, p, Double(i) / 32)) }
            current = p
        case .curveTo(let c1, let c2, let p):
            for i in 1...32 { points.append(Bezier.cubic(current, c1, c2, p, Double(i) / 32)) }
            current = p
        case .closeSubpath:
            break
        }
    }
    return points
}

/// Every sampled point of `path` is on the ellipse, to the accuracy of a ≤ 90° cubic
/// (2.7e-4 of the radius).
func assertOnEllipse(_ path: Path, center: Point, rx: Double, ry: Double, rotation degrees: Double,
                     file: StaticString = #filePath, line: UInt = #line) {
    let f = degrees * .pi / 180
    for p in sampledPoints(path) {
        let dx = p.x - center.x, dy = p.y - center.y
        let x = dx * Math.cos(f) + dy * Math.sin(f), y = -dx * Math.sin(f) + dy * Math.cos(f)
        let normalized = ((x / rx) * (x / rx) + (y / ry) * (y / ry)).squareRoot()
        XCTAssertEqual(normalized, 1, accuracy: 6e-4, "\(p) is off the ellipse", file: file, line: line)
    }
}

func acosClamped(_ x: Double) -> Double {
    // acos through atan2, which Math has: acos(x) = atan2(√(1 − x²), x).
    let c = Swift.min(1, Swift.max(-1, x))
    return Math.atan2((1 - c * c).squareRoot(), c)
}
