import LayerLintKit
import Testing

/// Dumps that decode but hold geometry a careless pipeline would choke on: the whole lint
/// still ends in findings and finite numbers, in bounded time.
@Suite("Linting hostile but valid dumps")
struct HostileLintTests {
    private func json(_ file: FileReport) -> String {
        JSONReporter().render(LintReport(files: [file]))
    }

    @Test("non-invertible transforms: zero scale, a flattening 3D transform, a collapsed sublayerTransform")
    func singularTransforms() throws {
        let report = lintYAML("""
            layerlint: 1
            root:
              frame: [0, 0, 100, 100]
              sublayerTransform: [0, 0, 0, 0, 5, 5]
              sublayers:
                - frame: [0, 0, 50, 50]
                  transform: [1, 0, 0, 1e-300, 0, 0]
                  shadowOpacity: 1
                  shadowRadius: 4
                  backgroundColor: "#FF0000"
                - frame: [0, 0, 50, 50]
                  transform: [1, 0, 0, 0,  0, 1, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0]
                  masksToBounds: true
                  cornerRadius: 8
                  sublayers: [{frame: [0, 0, 80, 80], backgroundColor: "#00FF00"}]
            """)
        #expect(report.error == nil)
        let snapshot = try #require(report.snapshots.first)
        #expect(snapshot.layerCount == 4)
        #expect(snapshot.estimate.passes >= 0 && snapshot.estimate.passesAfterFixes <= snapshot.estimate.passes)
        let text = json(report)
        // Whole words: the report also names the snapshot keys `info` and `displayLinks`.
        #expect(text.range(of: #"\b(nan|inf|infinity)\b"#, options: [.regularExpression, .caseInsensitive]) == nil,
                "every number in the report is finite")
    }

    @Test("a mask's own mask gets a warning and neither passes nor findings")
    func maskOfAMask() throws {
        let report = lintYAML("""
            layerlint: 1
            root:
              frame: [0, 0, 100, 100]
              backgroundColor: "#FFFFFF"
              mask:
                frame: [0, 0, 100, 100]
                backgroundColor: "#000000"
                mask:
                  class: CAShapeLayer
                  frame: [0, 0, 100, 100]
                  path: "M0 0 H100 V100 H0 Z"
                  shadowOpacity: 1
                  shadowRadius: 3
            """)
        #expect(report.error == nil)
        #expect(report.warnings.map { "\($0.line):\($0.column): \($0.message)" } == [
            "9:7: this mask has a mask of its own, which Core Animation does not support; LayerLint reads it but counts no passes and reports no findings for it",
        ])
        let snapshot = try #require(report.snapshots.first)
        #expect(snapshot.layerCount == 3)
        // The root's mask costs its passes; nothing below it adds any.
        #expect(snapshot.estimate.layers.map(\.layer) == [0])
        #expect(snapshot.findings.allSatisfy { $0.layer == 0 })
    }

    @Test("a path of 20,000 segments, as a shape and a shadow path, lints in well under a second")
    func longPaths() throws {
        var path = "M0 0"
        for i in 1...20_000 { path += " L\(i % 500) \((i * 7) % 300)" }
        path += " Z"
        let clock = ContinuousClock()
        var report: FileReport?
        let elapsed = clock.measure {
            report = lintYAML("""
                layerlint: 1
                root:
                  frame: [0, 0, 500, 300]
                  shadowOpacity: 1
                  shadowRadius: 2
                  shadowPath: "\(path)"
                  mask: {class: CAShapeLayer, frame: [0, 0, 500, 300], path: "\(path)"}
                """)
        }
        let lint = try #require(report)
        #expect(lint.error == nil)
        #expect(lint.snapshots.first?.layerCount == 2)
        #expect(elapsed < .seconds(5), "linear in the path's length, even in a debug build")
    }

    @Test("NaN and overflowing coordinates in path data are errors at the character")
    func nonFinitePathCoordinates() {
        let nan = lintYAML("layerlint: 1\nroot:\n  shadowPath: \"M0 0 L NaN 5 Z\"\n").error
        #expect(nan.map { "\($0.line):\($0.column): \($0.message)" } == "3:23: `shadowPath` is not valid SVG path data: expected a number after 'L'")
        let huge = lintYAML("layerlint: 1\nroot:\n  path: \"M0 0 L 1e400 5 Z\"\n").error
        #expect(huge.map { "\($0.line):\($0.column): \($0.message)" } == "3:17: `path` is not valid SVG path data: number out of range")
    }
}
