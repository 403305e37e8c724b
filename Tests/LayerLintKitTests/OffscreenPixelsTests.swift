import LayerConfig
import LayerLintKit
import Testing

/// Cost in pixels: passes say how often, pixels how much. A 20 × 20 badge and a
/// full-screen blur must not read the same.
@Suite("Offscreen pixels: per finding, per snapshot, budgets")
struct OffscreenPixelsTests {
    /// A window at 3x with a small masked badge, a full-screen blur, and a blur half off
    /// the bottom of the screen.
    static let screen = """
        scale: 3
        screen: Pixels
        root:
          view: UIWindow
          frame: [0, 0, 390, 844]
          backgroundColor: "#FFFFFF"
          sublayers:
            - name: badge
              frame: [10, 10, 20, 20]
              backgroundColor: "#FF3B30"
              mask: { frame: [0, 0, 20, 20], backgroundColor: "#000000", cornerRadius: 10 }
            - name: blur
              class: UICABackdropLayer
              frame: [0, 0, 390, 844]
            - name: sheet
              frame: [0, 744, 390, 200]
              sublayers:
                - name: sheetBlur
                  class: UICABackdropLayer
                  frame: [0, 0, 390, 200]
        """

    @Test("a finding's area is its bounds on screen times the scale squared")
    func findingArea() throws {
        let snapshot = try #require(lintYAML(Self.screen).snapshots.first)
        let badge = try #require(snapshot.findings.first { $0.layerPath.hasSuffix("badge") })
        #expect(badge.areaPixels == 20 * 20 * 9)
        #expect(badge.offscreenPixels == 2 * 3_600 && badge.offscreenPixelsAfterFix == 0)
        let blur = try #require(snapshot.findings.first { $0.layerPath.hasSuffix("/blur") })
        #expect(blur.areaPixels == 390 * 844 * 9)
        // 200 points tall, 100 of them below the 844-point screen.
        let sheetBlur = try #require(snapshot.findings.first { $0.layerPath.hasSuffix("sheetBlur") })
        #expect(sheetBlur.areaPixels == 390 * 100 * 9)
    }

    @Test("the snapshot sums passes times area, now and after fixes")
    func snapshotTotals() throws {
        let snapshot = try #require(lintYAML(Self.screen).snapshots.first)
        let badge = 2 * 3_600, blur = 5 * 390 * 844 * 9, sheetBlur = 5 * 390 * 100 * 9
        #expect(snapshot.estimate.offscreenPixels == badge + blur + sheetBlur)
        // The mask goes (the plain-layer mask becomes a clip on a layer without
        // sublayers); the lower blur shows; the sheet's blur is stacked over it and goes.
        #expect(snapshot.estimate.offscreenPixelsAfterFixes == blur)
        #expect(abs(snapshot.estimate.offscreenMegapixels - Double(badge + blur + sheetBlur) / 1e6) < 1e-9)
    }

    @Test("a dump of a cell has no screen to cut by: the bounds count whole")
    func noScreen() throws {
        let text = """
            scale: 2
            root:
              frame: [0, 0, 390, 100]
              sublayers:
                - name: wide
                  frame: [0, 0, 2000, 100]
                  backgroundColor: "#FFFFFF"
                  shadowOpacity: 0.5
                  shadowRadius: 4
            """
        let finding = try #require(lintYAML(text).allFindings.first { $0.rule == "shadow-without-path" })
        #expect(finding.areaPixels == 2000 * 100 * 4)
    }

    @Test("maxOffscreenPixels fails a snapshot over it, and reaching it exactly is within")
    func pixelBudget() throws {
        let report = lintYAML(Self.screen)
        let pixels = try #require(report.snapshots.first).estimate.offscreenPixels
        let over = try ConfigurationLoader.parse("budgets:\n  maxOffscreenPixels: \(pixels - 1)\n", file: "cfg.yml")
            .apply(to: report, relativePath: "pixels.yml")
        let violation = try #require(over.budgetViolations.first)
        #expect(over.budgetViolations.count == 1)
        #expect(violation.measure == .offscreenPixels && violation.offscreenPixels == pixels && violation.budget == pixels - 1)
        #expect(violation.message == "snapshot 'Pixels' renders \(pixels) pixels offscreen per frame (16.57 megapixels), over the budget of \(pixels - 1)")
        let exact = try ConfigurationLoader.parse("budgets: { maxOffscreenPixels: \(pixels) }\n", file: "cfg.yml")
            .apply(to: report, relativePath: "pixels.yml")
        #expect(exact.budgetViolations.isEmpty)
    }

    @Test("the budget is read, printed, and refused when it is not a whole number")
    func budgetConfiguration() throws {
        let c = try ConfigurationLoader.parse("budgets:\n  maxOffscreenPixels: 2000000\n", file: "cfg.yml")
        #expect(c.budgets.maxOffscreenPixels == 2_000_000)
        #expect(c.yamlText.contains("  maxOffscreenPixels: 2000000\n"))
        #expect(throws: ConfigurationError.self) { try ConfigurationLoader.parse("budgets:\n  maxOffscreenPixels: 2MP\n", file: "cfg.yml") }
    }

    @Test("reports carry the figures: text, JSON, SARIF")
    func reporters() throws {
        let report = LintReport(files: [lintYAML(Self.screen)])
        let pixels = report.offscreenPixels
        let text: String = TextReporter().render(report)
        #expect(text.contains("offscreen megapixels per frame: 16.57 now, 14.81 after fixes"), "\(text)")
        #expect(text.contains("· 2 passes now, 0 after the fix · 0.01 megapixels offscreen per frame"), "\(text)")
        let json: String = JSONReporter().render(report)
        #expect(json.contains("\"offscreenPixels\": \(pixels),"), "\(json)")
        #expect(json.contains("\"areaPixels\": 3600,"))
        let sarif = SARIFReporter().render(report).string
        #expect(sarif.contains("\"areaPixels\": 3600"), "\(sarif)")
    }
}
