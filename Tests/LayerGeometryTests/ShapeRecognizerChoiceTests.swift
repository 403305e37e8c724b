import XCTest
@testable import LayerGeometry

/// The recogniser measures each candidate shape only as far as it could still beat the
/// closest one so far. That must choose exactly what measuring every candidate whole and
/// taking the closest chooses, on paths that several candidates fit: rounded rectangles
/// of both curves with small radii (where a circular and a continuous corner lie within
/// the tolerance of each other) whose points are moved a little at random.
final class ShapeRecognizerChoiceTests: XCTestCase {
    /// The shape the recogniser's rule picks when every candidate is measured whole: an
    /// ellipse that fits, else the candidate that fits most closely (the first of equals).
    private func measuringEvery(_ recognizer: ShapeRecognizer, _ path: Path) -> RecognizedShape? {
        guard let (outline, candidates) = recognizer.candidates(path) else { return nil }
        var best: (model: OutlineModel, error: Double)?
        for model in candidates {
            guard let error = recognizer.fitError(outline, model, under: nil) else { continue }
            if case .ellipse = model { return model.recognizedShape }
            if best == nil || error < best!.error { best = (model, error) }
        }
        return best?.model.recognizedShape
    }

    /// `path` with each point moved by up to `amount` in x and y.
    private func jittered(_ path: Path, by amount: Double, _ random: inout SplitMix64) -> Path {
        func move(_ p: Point) -> Point {
            Point(x: p.x + Double.random(in: -amount...amount, using: &random),
                  y: p.y + Double.random(in: -amount...amount, using: &random))
        }
        return Path(elements: path.elements.map { element in
            switch element {
            case .moveTo(let p): .moveTo(move(p))
            case .lineTo(let p): .lineTo(move(p))
            case .quadCurveTo(let c, let p): .quadCurveTo(control: move(c), to: move(p))
            case .curveTo(let c1, let c2, let p): .curveTo(control1: move(c1), control2: move(c2), to: move(p))
            case .closeSubpath: .closeSubpath
            }
        })
    }

    func testStoppingAtTheClosestSoFarChoosesWhatMeasuringEveryCandidateChooses() {
        var random = SplitMix64(seed: 29)
        let recognizer = ShapeRecognizer()
        var kinds: [String: Int] = [:]
        for _ in 0..<600 {
            let rect = Rect(x: .random(in: -50...50, using: &random), y: .random(in: -50...50, using: &random),
                            width: .random(in: 20...120, using: &random), height: .random(in: 20...120, using: &random))
            let curve: CornerCurve = Bool.random(using: &random) ? .circular : .continuous
            let corners: CornerMask = [.all, .all, [.minXMinY, .maxXMinY], [.minXMaxY]][Int.random(in: 0..<4, using: &random)]
            let path = PathBuilder.roundedRect(rect, radius: .random(in: 1...14, using: &random), curve: curve, corners: corners)
            let moved = jittered(path, by: .random(in: 0...0.3, using: &random), &random)
            let expected = measuringEvery(recognizer, moved)
            XCTAssertEqual(recognizer.recognize(moved), expected, "\(moved)")
            switch expected {
            case .roundedRectangle(_, _, let curve, _)?: kinds["\(curve)", default: 0] += 1
            case let other: kinds[other.map { "\($0)".prefix(while: { $0 != "(" }).description } ?? "none", default: 0] += 1
            }
        }
        // Both corner curves win often enough for the choice between them to be tested.
        XCTAssertGreaterThan(kinds["circular", default: 0], 100, "\(kinds)")
        XCTAssertGreaterThan(kinds["continuous", default: 0], 100, "\(kinds)")
    }
}
