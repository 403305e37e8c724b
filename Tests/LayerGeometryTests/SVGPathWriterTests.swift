import XCTest
@testable import LayerGeometry

final class SVGPathWriterTests: XCTestCase {
    func testWritesAbsoluteCommandsWithPlainNumbers() {
        let path = Path(elements: [
            .moveTo(Point(x: 0, y: -0.0)), .lineTo(Point(x: 10, y: 20.5)),
            .quadCurveTo(control: Point(x: 1, y: 2), to: Point(x: 3, y: 4)),
            .curveTo(control1: Point(x: -1, y: 0.1), control2: Point(x: 3, y: 4), to: Point(x: 5, y: 6)),
            .closeSubpath,
        ])
        XCTAssertEqual(SVGPathWriter().string(for: path), "M0 0 L10 20.5 Q1 2 3 4 C-1 0.1 3 4 5 6 Z")
    }

    func testNumberSpelling() {
        XCTAssertEqual(SVGPathWriter.number(3), "3")
        XCTAssertEqual(SVGPathWriter.number(-3), "-3")
        XCTAssertEqual(SVGPathWriter.number(-0.0), "0")
        XCTAssertEqual(SVGPathWriter.number(0.1), "0.1")
        XCTAssertEqual(SVGPathWriter.number(1e-5), "1e-05")
        XCTAssertEqual(SVGPathWriter.number(1e20), "1e+20")
        XCTAssertEqual(SVGPathWriter.number(123456789012), "123456789012")
        XCTAssertEqual(SVGPathWriter.number(.nan), "nan")
    }

    func testWriterOutputParsesBackToTheSamePath() throws {
        var random = SplitMix64(seed: 42)
        for _ in 0..<200 {
            var elements: [PathElement] = [.moveTo(random.point())]
            for _ in 0..<8 {
                switch random.next() % 4 {
                case 0: elements.append(.lineTo(random.point()))
                case 1: elements.append(.quadCurveTo(control: random.point(), to: random.point()))
                case 2: elements.append(.curveTo(control1: random.point(), control2: random.point(), to: random.point()))
                default: elements.append(contentsOf: [.closeSubpath, .moveTo(random.point())])
                }
            }
            let path = Path(elements: elements)
            let text = SVGPathWriter().string(for: path)
            XCTAssertEqual(try SVGPathParser().parse(text), path, text)
        }
    }

    func testRelativeAndShorthandCommandsComeOutAbsolute() throws {
        let original = parse("m10 10 h20 v20 s5 5 10 0 t5 5 a5 5 0 0 1 10 0 z")
        let text = SVGPathWriter().string(for: original)
        XCTAssertFalse(text.contains { "hvstamlqcz".contains($0) }, text)
        XCTAssertEqual(try SVGPathParser().parse(text), original)
    }
}

/// A small deterministic generator, so the round-trip test sees the same numbers each run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Coordinates of all kinds: integers, fractions, tiny and huge magnitudes.
    mutating func coordinate() -> Double {
        switch next() % 4 {
        case 0: return Double(Int64(bitPattern: next()) % 2000)
        case 1: return Double.random(in: -1000...1000, using: &self)
        case 2: return Double.random(in: -1...1, using: &self) * 1e-7
        default: return Double.random(in: -1...1, using: &self) * 1e18
        }
    }

    mutating func point() -> Point { Point(x: coordinate(), y: coordinate()) }
}
