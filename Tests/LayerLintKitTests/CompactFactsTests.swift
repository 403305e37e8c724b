@testable import LayerFacts
import LayerLintKit
import LayerImport
import Testing

// A file read from disk as it decodes (`lint(contentsOf:)`) reports what its bytes do.
@Test("linting a file by path equals linting its bytes", arguments: Fixture.all)
func fileByPath(_ fixture: Fixture) throws {
    let byPath = Linter().lint(contentsOf: fixture.dump.path, syntax: DumpDetection.syntax(ofFileAt: fixture.name)!)
    let byBytes = try fixture.lint()
    #expect(byPath.error == nil)
    #expect(byPath.snapshots.flatMap(\.findings).map { "\($0.rule) \($0.layerPath) \($0.message)" }
            == byBytes.snapshots.flatMap(\.findings).map { "\($0.rule) \($0.layerPath) \($0.message)" })
}

@Suite("Compact facts and shared texts")
struct CompactFactsTests {
    /// Single-precision extents never shrink: a clip check on them errs towards keeping.
    @Test("stored extents contain the computed ones")
    func extentsRoundOutward() {
        var rects = OutwardRects(count: 1)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(Int64(bitPattern: seed >> 11) % 2_000_000) / 7.3
        }
        for _ in 0..<2000 {
            let r = Rect(x: next(), y: -next(), width: abs(next()), height: abs(next()))
            rects[0] = r
            let stored = rects[0]
            #expect(stored.minX <= r.minX && stored.minY <= r.minY && stored.maxX >= r.maxX && stored.maxY >= r.maxY)
        }
        rects[0] = .null
        #expect(rects[0].isNull)
    }

    @Test("shared finding texts read as each finding's own", arguments: Fixture.all)
    func sharedTexts(_ fixture: Fixture) throws {
        let report = try fixture.lint()
        let texts = FindingTexts()
        for f in report.snapshots.flatMap(\.findings) {
            #expect(texts.message(of: f) == f.message)
            #expect(texts.fix(of: f) == f.fix)
        }
    }
}
