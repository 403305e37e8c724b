import XCTest
@testable import LayerGeometry

final class ScratchProbeTests: XCTestCase {
    func testProbe() throws {
        let r = ShapeRecognizer()
        let rect = Rect(x: 10, y: 20, width: 200, height: 120)
        print("rect", r.recognize(PathBuilder.rect(rect)) as Any)
        print("circ", r.recognize(PathBuilder.roundedRect(rect, radius: 20, curve: .circular)) as Any)
        print("cont", r.recognize(PathBuilder.roundedRect(rect, radius: 30, curve: .continuous)) as Any)
        print("cont10", r.recognize(PathBuilder.roundedRect(rect, radius: 10, curve: .continuous)) as Any)
        print("pill", r.recognize(PathBuilder.roundedRect(rect, radius: 60, curve: .circular)) as Any)
        print("ell", r.recognize(PathBuilder.ellipse(in: rect)) as Any)
        print("circle", r.recognize(PathBuilder.ellipse(in: Rect(x: 0, y: 0, width: 100, height: 100))) as Any)
        print("top", r.recognize(PathBuilder.roundedRect(rect, radius: 20, curve: .circular, corners: [.minXMinY, .maxXMinY])) as Any)
        print("star", r.recognize(PathBuilder.star(center: .zero, outerRadius: 50, innerRadius: 20, points: 5)) as Any)
        print("cd", ContinuousCorner.cornerDistance, ContinuousCorner.cutArea, ContinuousCorner.length)
        let svg = try SVGPathParser().parse("M10 0 H90 A10 10 0 0 1 100 10 V50 A10 10 0 0 1 90 60 H10 A10 10 0 0 1 0 50 V10 A10 10 0 0 1 10 0 Z")
        print("svg", svg.elements.count, r.recognize(svg) as Any)
    }
}
