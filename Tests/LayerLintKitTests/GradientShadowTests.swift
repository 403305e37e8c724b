import LayerLintKit
import Testing

/// A gradient layer paints its whole bounds: a shadow without a path on it follows those
/// bounds, so its fix needs no caveat about a layer without an opaque background.
@Suite("Shadows on gradient layers")
struct GradientShadowTests {
    private func summary(class layerClass: String) throws -> String {
        let report = lintYAML("""
            layerlint: 1
            root:
              frame: [0, 0, 200, 200]
              sublayers:
                - name: banner
                  class: \(layerClass)
                  frame: [10, 10, 180, 60]
                  cornerRadius: 8
                  colors: ["#FF0000", "#0000FF"]
                  shadowOpacity: 0.3
                  shadowRadius: 6
            """)
        #expect(report.error == nil)
        let finding = try #require(report.allFindings.first { $0.rule == "shadow-without-path" })
        return finding.fix.summary
    }

    @Test("a gradient's fix has no caveat about its background")
    func gradientHasNoCaveat() throws {
        let fix = try summary(class: "CAGradientLayer")
        #expect(!fix.contains("no opaque background"), "\(fix)")
        #expect(fix.contains("its bounds (0, 0, 180, 60) with cornerRadius 8"), "\(fix)")
    }

    @Test("a text layer without a background keeps the caveat")
    func textLayerKeepsCaveat() throws {
        let fix = try summary(class: "CATextLayer")
        #expect(fix.contains("banner has no opaque background"), "\(fix)")
    }
}
