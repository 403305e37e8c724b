import XCTest
@testable import LayerGeometry

func assertClose(_ a: Double, _ b: Double, accuracy: Double = 1e-9, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a, b, accuracy: accuracy, message, file: file, line: line)
}

func assertPoint(_ p: Point, _ q: Point, accuracy: Double = 1e-9, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(p.x, q.x, accuracy: accuracy, "x \(message)", file: file, line: line)
    XCTAssertEqual(p.y, q.y, accuracy: accuracy, "y \(message)", file: file, line: line)
}

func assertRect(_ r: Rect, _ s: Rect, accuracy: Double = 1e-9, _ message: String = "",
                file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(r.minX, s.minX, accuracy: accuracy, "minX \(message)", file: file, line: line)
    XCTAssertEqual(r.minY, s.minY, accuracy: accuracy, "minY \(message)", file: file, line: line)
    XCTAssertEqual(r.maxX, s.maxX, accuracy: accuracy, "maxX \(message)", file: file, line: line)
    XCTAssertEqual(r.maxY, s.maxY, accuracy: accuracy, "maxY \(message)", file: file, line: line)
}

func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Path {
    do {
        return try SVGPathParser().parse(text)
    } catch {
        XCTFail("\(text): \(error.message) at \(error.offset)", file: file, line: line)
        return Path()
    }
}

/// The end point of every element (nil for closeSubpath).
func endPoint(_ element: PathElement) -> Point? {
    switch element {
    case .moveTo(let p), .lineTo(let p), .quadCurveTo(_, let p), .curveTo(_, _, let p): p
    case .closeSubpath: nil
    }
}

extension Path {
    /// The same outline walked the other way (single subpath: M, segments, optional Z).
    func reversedOutline() -> Path {
        let closed = elements.contains(.closeSubpath)
        guard case .moveTo(let start)? = elements.first else { return self }
        var points = [start]
        var segments: [PathElement] = []
        for element in elements.dropFirst() {
            guard let p = endPoint(element) else { continue }
            segments.append(element)
            points.append(p)
        }
        var out: [PathElement] = [.moveTo(closed ? start : points.last!)]
        if closed && points.last! != start { out.append(.lineTo(points.last!)) }
        for k in stride(from: segments.count - 1, through: 0, by: -1) {
            let from = points[k]  // the segment's start becomes its end
            switch segments[k] {
            case .lineTo: out.append(.lineTo(from))
            case .quadCurveTo(let c, _): out.append(.quadCurveTo(control: c, to: from))
            case .curveTo(let c1, let c2, _): out.append(.curveTo(control1: c2, control2: c1, to: from))
            default: break
            }
        }
        if closed { out.append(.closeSubpath) }
        return Path(elements: out)
    }

    /// The same closed outline started at the end of segment `k` (modulo the count) instead
    /// of at the moveTo.
    func startingAfterSegment(_ k: Int) -> Path {
        guard case .moveTo(let start)? = elements.first else { return self }
        var segments = elements.dropFirst().filter { endPoint($0) != nil }
        let last = endPoint(segments.last!)!
        if last != start { segments.append(.lineTo(start)) }
        let k = k % segments.count
        let rotated = Array(segments[(k + 1)...] + segments[...k])
        return Path(elements: [.moveTo(endPoint(segments[k])!)] + rotated + [.closeSubpath])
    }
}

/// Compares recognised shapes: same kind, corners and curve; rectangle and radius within
/// `accuracy`.
func assertShape(_ actual: RecognizedShape?, _ expected: RecognizedShape?, accuracy: Double = 1e-6,
                 _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    switch (actual, expected) {
    case (nil, nil):
        return
    case (.rectangle(let a)?, .rectangle(let b)?), (.ellipse(let a)?, .ellipse(let b)?):
        assertRect(a, b, accuracy: accuracy, message, file: file, line: line)
    case let (.roundedRectangle(a, ra, ca, ma)?, .roundedRectangle(b, rb, cb, mb)?):
        assertRect(a, b, accuracy: accuracy, message, file: file, line: line)
        XCTAssertEqual(ra, rb, accuracy: accuracy, "radius \(message)", file: file, line: line)
        XCTAssertEqual(ca, cb, "curve \(message)", file: file, line: line)
        XCTAssertEqual(ma, mb, "corners \(message)", file: file, line: line)
    default:
        XCTFail("got \(String(describing: actual)), expected \(String(describing: expected)) \(message)",
                file: file, line: line)
    }
}
