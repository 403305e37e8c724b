import XCTest
@testable import LayerGeometry

/// Shapes that must be recognised, each built several ways and placed several ways.
final class ShapeRecognizerTests: XCTestCase {
    let recognizer = ShapeRecognizer()
    let rect = Rect(x: 10, y: 20, width: 200, height: 120)

    /// Where the shape is put: the expected answer moves with it (radius by `scale`).
    let placements: [(name: String, transform: Transform3D, scale: Double)] = [
        ("as is", .identity, 1),
        ("translated", .translation(x: 37.5, y: -412.25), 1),
        ("scaled up", .scale(x: 2.5, y: 2.5), 2.5),
        ("scaled down", .scale(x: 0.5, y: 0.5), 0.5),
        ("rotated 90°", .rotation(angle: .pi / 2), 1),
        ("rotated -90°", .rotation(angle: -.pi / 2), 1),
        ("rotated 180° and moved", Transform3D.rotation(angle: .pi).concatenating(.translation(x: 500, y: 3)), 1),
        ("mirrored", .scale(x: -1, y: 1), 1),
    ]

    /// How the path is written: the same outline through different element sequences.
    let constructions: [(name: String, make: (Path) -> Path)] = [
        ("as built", { $0 }),
        ("reversed", { $0.reversedOutline() }),
        ("started at the 2nd segment end", { $0.startingAfterSegment(1) }),
        ("started at the 5th segment end", { $0.startingAfterSegment(4) }),
        ("curves split in two", { $0.subdivided() }),
        ("with zero-length segments and a line back to the start", { $0.withRedundantPoints() }),
        ("without Z", { $0.withoutClose() }),
        ("through SVG text", { p in (try? SVGPathParser().parse(SVGPathWriter().string(for: p))) ?? Path() }),
    ]

    private func check(_ path: Path, is expected: RecognizedShape, accuracy: Double = 0.02,
                       file: StaticString = #filePath, line: UInt = #line) {
        for construction in constructions {
            let built = construction.make(path)
            for placement in placements {
                let actual = recognizer.recognize(built.applying(placement.transform))
                let wanted = expected.placed(by: placement.transform, scale: placement.scale)
                assertShape(actual, wanted, accuracy: accuracy * placement.scale,
                            "\(construction.name), \(placement.name)", file: file, line: line)
            }
        }
    }

    // MARK: Rectangles

    func testRectangle() {
        check(PathBuilder.rect(rect), is: .rectangle(rect))
        check(parse("M210 140 V20 H10 V140 Z"), is: .rectangle(rect))
        // Extra points along the edges do not matter.
        check(parse("M10 20 H110 H210 V80 V140 H10 V20 Z"), is: .rectangle(rect))
    }

    // MARK: Rounded rectangles

    func testCircularCornersAllRounded() {
        let expected = RecognizedShape.roundedRectangle(rect, radius: 20, curve: .circular, corners: .all)
        check(PathBuilder.roundedRect(rect, radius: 20, curve: .circular), is: expected)
        // SVG arcs, starting at a corner's end and going the other way round.
        check(parse("M10 120 V40 A20 20 0 0 1 30 20 H190 A20 20 0 0 1 210 40 V120 A20 20 0 0 1 190 140 H30 A20 20 0 0 1 10 120 Z"),
              is: expected)
    }

    func testContinuousCornersAllRounded() {
        let expected = RecognizedShape.roundedRectangle(rect, radius: 30, curve: .continuous, corners: .all)
        check(PathBuilder.roundedRect(rect, radius: 30, curve: .continuous), is: expected)
        // The largest continuous corner that fits: it reaches the middle of the short sides.
        let largest = 60 / ContinuousCorner.extent
        check(PathBuilder.roundedRect(rect, radius: largest, curve: .continuous),
              is: .roundedRectangle(rect, radius: largest, curve: .continuous, corners: .all))
    }

    func testContinuousCornersFromUIKitsOwnNumbers() {
        // PaintCode's measurement of UIKit's path, unsymmetrised, started at the top-left.
        let r = 25.0, x = rect.minX, y = rect.minY, w = rect.width, h = rect.height
        func tl(_ a: Double, _ b: Double) -> Point { Point(x: x + a * r, y: y + b * r) }
        func tr(_ a: Double, _ b: Double) -> Point { Point(x: x + w - a * r, y: y + b * r) }
        func br(_ a: Double, _ b: Double) -> Point { Point(x: x + w - a * r, y: y + h - b * r) }
        func bl(_ a: Double, _ b: Double) -> Point { Point(x: x + a * r, y: y + h - b * r) }
        let path = Path(elements: [
            .moveTo(tl(1.52866483, 0)), .lineTo(tr(1.52866471, 0)),
            .curveTo(control1: tr(1.08849323, 0), control2: tr(0.86840689, 0), to: tr(0.66993427, 0.06549600)),
            .lineTo(tr(0.63149399, 0.07491100)),
            .curveTo(control1: tr(0.37282392, 0.16905899), control2: tr(0.16906013, 0.37282401), to: tr(0.07491176, 0.63149399)),
            .curveTo(control1: tr(0, 0.86840701), control2: tr(0, 1.08849299), to: tr(0, 1.52866483)),
            .lineTo(br(0, 1.52866471)),
            .curveTo(control1: br(0, 1.08849323), control2: br(0, 0.86840689), to: br(0.06549569, 0.66993493)),
            .lineTo(br(0.07491111, 0.63149399)),
            .curveTo(control1: br(0.16905883, 0.37282392), control2: br(0.37282392, 0.16905883), to: br(0.63149399, 0.07491111)),
            .curveTo(control1: br(0.86840689, 0), control2: br(1.08849323, 0), to: br(1.52866471, 0)),
            .lineTo(bl(1.52866483, 0)),
            .curveTo(control1: bl(1.08849299, 0), control2: bl(0.86840701, 0), to: bl(0.66993397, 0.06549569)),
            .lineTo(bl(0.63149399, 0.07491111)),
            .curveTo(control1: bl(0.37282401, 0.16905883), control2: bl(0.16906001, 0.37282392), to: bl(0.07491100, 0.63149399)),
            .curveTo(control1: bl(0, 0.86840689), control2: bl(0, 1.08849323), to: bl(0, 1.52866471)),
            .lineTo(tl(0, 1.52866483)),
            .curveTo(control1: tl(0, 1.08849299), control2: tl(0, 0.86840701), to: tl(0.06549600, 0.66993397)),
            .lineTo(tl(0.07491100, 0.63149399)),
            .curveTo(control1: tl(0.16906001, 0.37282401), control2: tl(0.37282401, 0.16906001), to: tl(0.63149399, 0.07491100)),
            .curveTo(control1: tl(0.86840701, 0), control2: tl(1.08849299, 0), to: tl(1.52866483, 0)),
            .closeSubpath,
        ])
        check(path, is: .roundedRectangle(rect, radius: 25, curve: .continuous, corners: .all), accuracy: 0.05)
    }

    func testOnlySomeCornersRounded() {
        let top: CornerMask = [.minXMinY, .maxXMinY]
        check(PathBuilder.roundedRect(rect, radius: 20, curve: .circular, corners: top),
              is: .roundedRectangle(rect, radius: 20, curve: .circular, corners: top))
        check(PathBuilder.roundedRect(rect, radius: 30, curve: .continuous, corners: top),
              is: .roundedRectangle(rect, radius: 30, curve: .continuous, corners: top))
        let diagonal: CornerMask = [.minXMinY, .maxXMaxY]
        check(PathBuilder.roundedRect(rect, radius: 15, curve: .circular, corners: diagonal),
              is: .roundedRectangle(rect, radius: 15, curve: .circular, corners: diagonal))
        check(parse("M10 20 H210 V140 H40 A30 30 0 0 1 10 110 Z"),
              is: .roundedRectangle(rect, radius: 30, curve: .circular, corners: .minXMaxY))
    }

    func testPill() {
        let expected = RecognizedShape.roundedRectangle(rect, radius: 60, curve: .circular, corners: .all)
        check(PathBuilder.roundedRect(rect, radius: 60, curve: .circular), is: expected)
        check(parse("M70 20 H150 A60 60 0 0 1 150 140 H70 A60 60 0 0 1 70 20 Z"), is: expected)
        // A continuous request too big for the rectangle is drawn (by UIKit and by
        // PathBuilder) as a pill.
        let small = Rect(x: 0, y: 0, width: 100, height: 30)
        check(PathBuilder.roundedRect(small, radius: 20, curve: .continuous),
              is: .roundedRectangle(small, radius: 15, curve: .circular, corners: .all))
    }

    // MARK: Ellipses and circles

    func testEllipse() {
        check(PathBuilder.ellipse(in: rect), is: .ellipse(rect))
        check(parse("M210 80 A100 60 0 0 1 10 80 A100 60 0 0 1 210 80 Z"), is: .ellipse(rect))
        // Four arcs starting 30° round, so no element starts on the bounding box.
        check(ellipseFromArcs(rect, startDegrees: 30), is: .ellipse(rect), accuracy: 0.05)
        let small = Rect(x: 0, y: 0, width: 80, height: 50)
        check(ellipseFromQuads(small), is: .ellipse(small))
    }

    func testCircle() {
        let square = Rect(x: -50, y: -50, width: 100, height: 100)
        check(PathBuilder.ellipse(in: square), is: .ellipse(square))
        check(PathBuilder.roundedRect(square, radius: 50, curve: .circular), is: .ellipse(square))
        check(parse("M-50 0 a50 50 0 1 0 100 0 a50 50 0 1 0 -100 0"), is: .ellipse(square))
        check(ellipseFromQuads(Rect(x: 0, y: 0, width: 60, height: 60)), is: .ellipse(Rect(x: 0, y: 0, width: 60, height: 60)))
        // A 720-sided polygon strays 0.0005 points from the circle: a circle.
        XCTAssertEqual(recognizer.recognize(polygon(sides: 720, radius: 50)), .ellipse(square))
    }

    func testToleranceIsInPoints() {
        // An ellipse with a 0.3-point spike at its top: fine at 0.5, not at 0.1.
        var elements = PathBuilder.ellipse(in: rect).elements
        XCTAssertEqual(endPoint(elements[3]), Point(x: 110, y: 20))
        elements.insert(contentsOf: [.lineTo(Point(x: 110, y: 19.7)), .lineTo(Point(x: 110, y: 20))], at: 4)
        let dented = Path(elements: elements)
        XCTAssertNotNil(ShapeRecognizer(tolerance: 0.5).recognize(dented))
        XCTAssertNil(ShapeRecognizer(tolerance: 0.1).recognize(dented))
    }

    func testLongPathsTakeLinearTime() {
        // 20,000 segments: a rounded rectangle whose edges and corners are all short lines.
        let dense = polylineOutline(of: PathBuilder.roundedRect(rect, radius: 20, curve: .circular), segments: 20_000)
        let start = ContinuousClock.now
        assertShape(recognizer.recognize(dense), .roundedRectangle(rect, radius: 20, curve: .circular, corners: .all),
                    accuracy: 0.05)
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(20))
    }
}

extension RecognizedShape {
    /// The shape as it is after `transform` (an axis-preserving similarity).
    func placed(by transform: Transform3D, scale: Double) -> RecognizedShape {
        switch self {
        case .rectangle(let r): return .rectangle(transform.apply(r))
        case .ellipse(let r): return .ellipse(transform.apply(r))
        case .roundedRectangle(let r, let radius, let curve, let corners):
            let moved = transform.apply(r)
            let masks: [CornerMask] = [.minXMinY, .maxXMinY, .maxXMaxY, .minXMaxY]  // Rect.corners order
            var mapped: CornerMask = []
            for (mask, corner) in zip(masks, r.corners) where corners.contains(mask) {
                let p = transform.apply(corner)
                switch (p.x < moved.midX, p.y < moved.midY) {
                case (true, true): mapped.insert(.minXMinY)
                case (false, true): mapped.insert(.maxXMinY)
                case (true, false): mapped.insert(.minXMaxY)
                case (false, false): mapped.insert(.maxXMaxY)
                }
            }
            return .roundedRectangle(moved, radius: radius * scale, curve: curve, corners: mapped)
        }
    }
}

// MARK: Other constructions of the same outlines

extension Path {
    /// Each curve split at t = 0.5 (de Casteljau) and each line at its middle.
    func subdivided() -> Path {
        var out: [PathElement] = []
        var current = Point.zero
        func mid(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
        for element in elements {
            switch element {
            case .lineTo(let p):
                out += [.lineTo(mid(current, p)), .lineTo(p)]
            case .quadCurveTo(let c, let p):
                let a = mid(current, c), b = mid(c, p), m = mid(a, b)
                out += [.quadCurveTo(control: a, to: m), .quadCurveTo(control: b, to: p)]
            case .curveTo(let c1, let c2, let p):
                let a = mid(current, c1), b = mid(c1, c2), c = mid(c2, p)
                let d = mid(a, b), e = mid(b, c), m = mid(d, e)
                out += [.curveTo(control1: a, control2: d, to: m), .curveTo(control1: e, control2: c, to: p)]
            default:
                out.append(element)
            }
            if let p = endPoint(element) { current = p }
        }
        return Path(elements: out)
    }

    /// Every point repeated (zero-length lines) and an explicit line back to the start before Z.
    func withRedundantPoints() -> Path {
        guard case .moveTo(let start)? = elements.first else { return self }
        var out: [PathElement] = [.moveTo(start), .moveTo(start), .lineTo(start)]
        for element in elements.dropFirst() {
            if case .closeSubpath = element { continue }
            out.append(element)
            if let p = endPoint(element) { out.append(.lineTo(p)) }
        }
        out += [.lineTo(start), .closeSubpath]
        return Path(elements: out)
    }

    /// No closeSubpath: the outline ends with a line back onto its start point instead.
    func withoutClose() -> Path {
        guard case .moveTo(let start)? = elements.first else { return self }
        var out = elements.filter { $0 != .closeSubpath }
        if endPoint(out.last!) != start { out.append(.lineTo(start)) }
        return Path(elements: out)
    }
}

/// The ellipse in `rect` as four SVG arcs starting `startDegrees` round from +x.
func ellipseFromArcs(_ rect: Rect, startDegrees: Double) -> Path {
    let rx = rect.width / 2, ry = rect.height / 2
    func at(_ degrees: Double) -> Point {
        let t = degrees * .pi / 180
        return Point(x: rect.midX + rx * Math.cos(t), y: rect.midY + ry * Math.sin(t))
    }
    var text = "M\(at(startDegrees).x) \(at(startDegrees).y)"
    for k in 1...4 {
        let p = at(startDegrees + Double(k) * 90)
        text += " A\(rx) \(ry) 0 0 1 \(p.x) \(p.y)"
    }
    return parse(text + " Z")
}

/// The ellipse in `rect` as eight quadratic Béziers (control points where the tangents meet).
func ellipseFromQuads(_ rect: Rect) -> Path {
    let rx = rect.width / 2, ry = rect.height / 2
    let controlRadius = 1 / Math.cos(Double.pi / 8)
    func at(_ angle: Double, _ scale: Double = 1) -> Point {
        Point(x: rect.midX + scale * rx * Math.cos(angle), y: rect.midY + scale * ry * Math.sin(angle))
    }
    var elements: [PathElement] = [.moveTo(at(0))]
    for k in 0..<8 {
        let a = Double(k) * .pi / 4
        elements.append(.quadCurveTo(control: at(a + .pi / 8, controlRadius), to: at(a + .pi / 4)))
    }
    return Path(elements: elements + [.closeSubpath])
}

/// A regular polygon centred at the origin.
func polygon(sides: Int, radius: Double) -> Path {
    var elements: [PathElement] = []
    for i in 0..<sides {
        let angle = 2 * Double.pi * Double(i) / Double(sides)
        let p = Point(x: radius * Math.cos(angle), y: radius * Math.sin(angle))
        elements.append(i == 0 ? .moveTo(p) : .lineTo(p))
    }
    return Path(elements: elements + [.closeSubpath])
}

/// An outline redrawn as `segments` short lines through points spread along its curves
/// and edges in proportion to the element count.
func polylineOutline(of path: Path, segments: Int) -> Path {
    let drawing = path.elements.filter { endPoint($0) != nil }.count - 1
    let perElement = Swift.max(1, segments / Swift.max(1, drawing))
    var elements: [PathElement] = []
    var current = Point.zero
    for element in path.elements {
        switch element {
        case .moveTo(let p):
            elements.append(.moveTo(p)); current = p
        case .lineTo(let p):
            for i in 1...perElement { elements.append(.lineTo(Segment(current, p).point(at: Double(i) / Double(perElement)))) }
            current = p
        case .curveTo(let c1, let c2, let p):
            for i in 1...perElement { elements.append(.lineTo(Bezier.cubic(current, c1, c2, p, Double(i) / Double(perElement)))) }
            current = p
        case .quadCurveTo(let c, let p):
            for i in 1...perElement { elements.append(.lineTo(Bezier.quad(current, c, p, Double(i) / Double(perElement)))) }
            current = p
        case .closeSubpath:
            elements.append(.closeSubpath)
        }
    }
    return Path(elements: elements)
}
