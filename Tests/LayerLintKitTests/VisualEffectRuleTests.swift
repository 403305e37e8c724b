import LayerLintKit
import Testing

/// What the catalog's examples cannot say alone: each blur of a screen gets its own
/// words, and the estimate takes out only what the words promise.
@Suite("visual-effect: covered, stacked and shown blurs")
struct VisualEffectRuleTests {
    static let stacked = """
        root:
          view: UIWindow
          frame: [0, 0, 390, 844]
          backgroundColor: "#FFFFFF"
          sublayers:
            - name: header
              class: UICABackdropLayer
              frame: [0, 0, 390, 120]
            - name: toolbar
              class: UICABackdropLayer
              frame: [0, 60, 390, 44]
        """

    @Test("the upper of two overlapping blurs is told to go; the lower one is only reported")
    func stackedBlurs() throws {
        let snapshot = try #require(lintYAML(Self.stacked).snapshots.first)
        let toolbar = try #require(snapshot.findings.first { $0.layerPath.hasSuffix("toolbar") })
        let header = try #require(snapshot.findings.first { $0.layerPath.hasSuffix("header") })
        #expect(toolbar.severity == .warning && toolbar.passesAfterFix == 0)
        #expect(toolbar.message.contains("overlaps the blur header under it"), "\(toolbar.message)")
        #expect(toolbar.fix.swift == "effectView.removeFromSuperview()  // header already blurs what lies behind it")
        #expect(header.severity == .info && header.passesAfterFix == header.passes)
        #expect(header.message.contains("390 × 120 pt"), "\(header.message)")
        // Two blurs of 5 now; the toolbar's go.
        #expect(snapshot.estimate.passes == 10 && snapshot.estimate.passesAfterFixes == 5)
    }

    @Test("a blur that is rotated on the way up proves no cover, and stays at info level")
    func rotatedCoverProvesNothing() throws {
        let text = """
            root:
              frame: [0, 0, 390, 844]
              sublayers:
                - name: blur
                  class: UICABackdropLayer
                  frame: [0, 400, 390, 444]
                - name: sheet
                  frame: [0, 300, 390, 544]
                  transform: [0.9962, 0.0872, -0.0872, 0.9962, 0, 0]
                  backgroundColor: "#FFFFFF"
            """
        let finding = try #require(lintYAML(text).allFindings.first { $0.rule == "visual-effect" })
        #expect(finding.severity == .info && finding.passesAfterFix == 5)
    }

    @Test("a translucent sheet over a blur does not cover it")
    func translucentCover() throws {
        let text = """
            root:
              frame: [0, 0, 390, 844]
              sublayers:
                - name: blur
                  class: UICABackdropLayer
                  frame: [0, 400, 390, 444]
                - name: sheet
                  frame: [0, 300, 390, 544]
                  opacity: 0.9
                  backgroundColor: "#FFFFFF"
            """
        let finding = try #require(lintYAML(text).allFindings.first { $0.rule == "visual-effect" })
        #expect(finding.severity == .info)
    }
}
