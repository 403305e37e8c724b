import LayerLintKit
import LayerLintTesting
import LayerTreeExport
import Testing

private let shadowSection = """
cell/card: 5 offscreen passes (shadow 5)
  shadow-without-path (warning): card draws a shadow (radius 8) without a shadowPath; Core Animation renders it offscreen to find the shape, 5 passes per frame
  fix (5 → 0 passes): Set shadowPath to the shape the layer draws, its bounds (0, 0, 343, 120) with cornerRadius 12, and update it whenever the bounds change (in layoutSubviews); shadowPath is not animated implicitly, so animate it together with the bounds.
    layer.shadowPath = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 343, height: 120), cornerWidth: 12, cornerHeight: 12, transform: nil)
"""

private let maskSection = """
cell/card/avatar: 2 offscreen passes (mask 2)
  simple-shape-mask (warning): avatar is masked by a CAShapeLayer whose path is a circle of diameter 40; the mask costs 2 offscreen passes per frame, and the same shape is cornerRadius 20 and masksToBounds on avatar itself
  fix (2 → 0 passes): Remove the mask and use cornerRadius 20 and masksToBounds on avatar itself. The clip covers only contents, which costs no offscreen pass.
    layer.cornerRadius = 20
    layer.masksToBounds = true
    layer.mask = nil
"""

@Suite("OffscreenPassCheck: the failure message")
struct OffscreenPassCheckTests {
    @Test("over the budget: the passes, then each layer with its findings and fixes")
    func overBudget() {
        #expect(OffscreenPassCheck().failure(of: Screens.card()) == """
        7 offscreen passes per frame, over the budget of 0.
        \(shadowSection)
        \(maskSection)
        """)
        #expect(OffscreenPassCheck(budget: 6).failure(of: Screens.card())?.hasPrefix("7 offscreen passes per frame, over the budget of 6.\n") == true)
    }

    @Test("within the budget, or with the fixes applied, there is no failure")
    func withinBudget() {
        #expect(OffscreenPassCheck(budget: 7).failure(of: Screens.card()) == nil)
        #expect(OffscreenPassCheck().failure(of: Screens.fixedCard()) == nil)
    }

    @Test("the snapshot's screen names the failure")
    func screen() {
        let snapshot = LayerTreeExport.snapshot(of: Screens.card(), screen: "Feed")
        #expect(OffscreenPassCheck().failure(of: snapshot)?.hasPrefix("Feed: 7 offscreen passes per frame, over the budget of 0.\n") == true)
    }

    @Test("ignoring a rule accepts its findings and the passes they explain")
    func ignoringRule() {
        #expect(OffscreenPassCheck(ignoring: ["simple-shape-mask"]).failure(of: Screens.card()) == """
        5 offscreen passes per frame, over the budget of 0.
        Ignored: 2 offscreen passes and 1 finding (simple-shape-mask).
        \(shadowSection)
        """)
        #expect(OffscreenPassCheck(ignoring: ["simple-shape-mask", .rule("shadow-without-path")]).failure(of: Screens.card()) == nil)
    }

    @Test("ignoring layer paths, exactly or by pattern", arguments: [
        OffscreenPassIgnore.layers("cell/card"), "cell/card", "**/card", "cell/c*",
    ])
    func ignoringLayers(_ ignore: OffscreenPassIgnore) {
        #expect(OffscreenPassCheck(ignoring: [ignore]).failure(of: Screens.card()) == """
        2 offscreen passes per frame, over the budget of 0.
        Ignored: 5 offscreen passes and 1 finding (\(ignore)).
        \(maskSection)
        """)
    }

    @Test("an ignoring entry that applies to nothing fails the check, so stale entries are found")
    func staleIgnore() {
        #expect(OffscreenPassCheck(budget: 10, ignoring: ["shadow-without-pth", .rule("unneeded-clip")]).failure(of: Screens.card()) == """
        7 offscreen passes per frame, within the budget of 10.
        Ignored: 0 offscreen passes and 0 findings (shadow-without-pth, unneeded-clip).
        'shadow-without-pth' in ignoring: no rule id, and no layer with passes or findings has a path it matches.
        'unneeded-clip' in ignoring: the rule found nothing in this tree.
        """)
        #expect(OffscreenPassCheck(ignoring: [.layers("cell/[")]).failure(of: Screens.fixedCard())?
            .contains("'cell/[' in ignoring: is no layer path pattern") == true)
    }

    @Test("a layer that costs passes without a finding is listed with its reasons")
    func passesWithoutFinding() {
        // A small badge rasterized at the screen's scale: its cache pass is what
        // rasterization costs, and no rule offers a fix for it.
        let root = FakeLayer(name: "badge")
        root.frame = ExportedRect(x: 0, y: 0, width: 40, height: 40)
        root.backgroundColor = .rgba(red: 1, green: 0, blue: 0, alpha: 1)
        root.shouldRasterize = true
        root.rasterizationScale = 1  // the export's screen scale here
        #expect(OffscreenPassCheck().failure(of: root) == """
        1 offscreen pass per frame, over the budget of 0.
        badge: 1 offscreen pass (rasterization 1)
        """)
    }
}
