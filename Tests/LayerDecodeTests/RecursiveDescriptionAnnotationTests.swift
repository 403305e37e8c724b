import LayerDecode
import LayerImport
import LayerLintKit
import LayerModel
import XCTest

/// UIKit's own text after a description's `>` (docs/importers.md, "Annotations"): read,
/// kept, and used where it says what an effect view costs.
final class RecursiveDescriptionAnnotationTests: XCTestCase {
    private typealias S = RecursiveDescriptionSupport

    /// A screen as UIKit describes it on iOS 17 and later: a navigation bar scrolled to
    /// its top edge (`effect=none`), a blur with a vibrancy view in its content view, and a
    /// hidden and a transparent blur.
    static let screen = """
        <UIView; frame = (0 0; 390 844); layer = <CALayer>>
           | <UINavigationBar; frame = (0 47; 390 44); opaque = NO; autoresize = W; layer = <CALayer>>
           |    | <_UIBarBackground; frame = (0 -47; 390 91); userInteractionEnabled = NO; layer = <CALayer>>
           |    |    | <UIVisualEffectView; frame = (0 0; 390 91); layer = <CALayer>> effect=none
           |    |    |    | <_UIVisualEffectBackdropView; frame = (0 0; 390 91); autoresize = W+H; userInteractionEnabled = NO; layer = <UICABackdropLayer>>
           |    |    | <_UIBarBackgroundShadowView; frame = (0 91; 390 0.333333); layer = <CALayer>> clientRequestedContentView effect=none
           |    | <_UINavigationBarContentView; frame = (0 0; 390 44); layer = <CALayer>> layout=
           |    |    | <_UIButtonBarStackView; frame = (0 0; 390 44); layer = <CALayer>> buttonBar=
           | <UIVisualEffectView; frame = (0 600; 390 100); layer = <CALayer>> effect=<UIBlurEffect> style=UIBlurEffectStyleSystemThinMaterial
           |    | <_UIVisualEffectBackdropView; frame = (0 0; 390 100); autoresize = W+H; userInteractionEnabled = NO; layer = <UICABackdropLayer>>
           |    | <_UIVisualEffectContentView; frame = (0 0; 390 100); layer = <CALayer>> disablesGroupFiltering
           |    |    | <UIVisualEffectView; frame = (0 0; 390 100); layer = <CALayer>> clientRequestedContentView effect=<UIVibrancyEffect> style=UIBlurEffectStyleSystemThinMaterial vibrancyStyle=UIVibrancyEffectStyleLabel
           |    |    |    | <_UIVisualEffectContentView; frame = (0 0; 390 100); layer = <CALayer>>
           | <UIVisualEffectView; frame = (0 0; 390 100); hidden = YES; layer = <CALayer>> effect=<UIBlurEffect> style=UIBlurEffectStyleDark
           |    | <_UIVisualEffectBackdropView; frame = (0 0; 390 100); layer = <UICABackdropLayer>>
           | <UIView; frame = (0 0; 390 100); alpha = 0; layer = <CALayer>>
           |    | <UIVisualEffectView; frame = (0 0; 390 100); layer = <CALayer>> effect=<UIBlurEffect: 0x600000c1c2a0> style=UIBlurEffectStyleRegular
           |    |    | <_UIVisualEffectBackdropView; frame = (0 0; 390 100); layer = <UICABackdropLayer>>
        """

    /// Without the text after `>`: the lines UIKit would write for views that have none.
    static var bare: String {
        screen.split(separator: "\n").map { line in
            line.range(of: ">> ", options: .backwards).map { String(line[..<$0.lowerBound]) + ">>" } ?? String(line)
        }.joined(separator: "\n")
    }

    func testAnnotatedLinesImportAsTheSameLayersAsBareOnes() throws {
        let annotated = try S.tree(Self.screen), bare = try S.tree(Self.bare)
        XCTAssertEqual(annotated.count, 18)
        XCTAssertEqual(annotated.count, bare.count)
        // Everything but the extras is the same, layer by layer.
        func withoutExtras(_ t: LayerTree) -> [String] { S.summaries(t).map { $0.components(separatedBy: " [")[0] } }
        XCTAssertEqual(withoutExtras(annotated), withoutExtras(bare))
    }

    func testTheAnnotationIsKeptAndTheEffectRead() throws {
        let tree = try S.tree(Self.screen)
        let none = try S.index(tree, view: "UIVisualEffectView")
        XCTAssertEqual(S.extra(tree, none, "uikitAnnotation"), "\"effect=none\"")
        XCTAssertEqual(S.extra(tree, none, "uikitEffect"), "\"none\"")
        XCTAssertNil(S.extra(tree, none, "uikitEffectStyle"))
        let blur = tree.layers.indices.filter { tree.viewClass(of: $0) == "UIVisualEffectView" }[1]
        XCTAssertEqual(S.extra(tree, blur, "uikitEffect"), "\"blur\"")
        XCTAssertEqual(S.extra(tree, blur, "uikitEffectStyle"), "\"UIBlurEffectStyleSystemThinMaterial\"")
        let vibrancy = tree.layers.indices.filter { tree.viewClass(of: $0) == "UIVisualEffectView" }[2]
        XCTAssertEqual(S.extra(tree, vibrancy, "uikitEffect"), "\"vibrancy\"")
        XCTAssertEqual(S.extra(tree, vibrancy, "uikitEffectStyle"), "\"UIVibrancyEffectStyleLabel\"")
        let layout = try S.index(tree, view: "_UINavigationBarContentView")
        XCTAssertEqual(S.extra(tree, layout, "uikitAnnotation"), "\"layout=\"")
        XCTAssertNil(S.extra(tree, layout, "uikitEffect"))
        let content = try S.index(tree, view: "_UIVisualEffectContentView")
        XCTAssertEqual(S.extra(tree, content, "uikitAnnotation"), "\"disablesGroupFiltering\"")
        // An effect LayerLint does not know is kept and not read.
        let other = try S.tree("<UIVisualEffectView; frame = (0 0; 10 10); layer = <CALayer>> effect=<_UIColorEffect> words and=<more <nested> text> unclosed=<")
        XCTAssertNil(S.extra(other, 0, "uikitEffect"))
        XCTAssertEqual(S.extra(other, 0, "uikitAnnotation"), "\"effect=<_UIColorEffect> words and=<more <nested> text> unclosed=<\"")
    }

    /// The blur is listed on the app's effect view with its style and cost; `effect=none`,
    /// a hidden blur and a blur under `alpha = 0` cost nothing; vibrancy costs 2.
    func testStatedEffectsAreCostedOnTheEffectView() throws {
        let report = Linter().lint(text: Self.screen, path: "screen.txt", syntax: .recursiveDescription)
        let snapshot = try XCTUnwrap(report.snapshots.first)
        let findings = snapshot.findings.map { "\($0.layerPath) \($0.passes) \($0.message)" }
        XCTAssertEqual(findings, [
            "UIView/UIVisualEffectView[0] 5 UIVisualEffectView is a backdrop blur (.systemThinMaterial) over 390 × 100 pt on screen; it costs 5 offscreen passes per frame",
            "UIView/UIVisualEffectView[0]/_UIVisualEffectContentView/UIVisualEffectView 2 UIVisualEffectView is a vibrancy effect (.label) over 390 × 100 pt on screen; it costs 2 offscreen passes per frame",
        ])
        XCTAssertEqual(snapshot.estimate.passes, 7)
        // Without the annotations, the private backdrop views are what the classes cost.
        let bare = try XCTUnwrap(Linter().lint(text: Self.bare, path: "bare.txt", syntax: .recursiveDescription).snapshots.first)
        XCTAssertEqual(bare.estimate.passes, 10, "the navigation bar's and the blur's backdrop views")
    }

    /// A text view's container view wraps its description in one of its own (Adyen's
    /// online-banking screen, Tests/RealDumps/adyen-ios): the inner one is the view.
    func testAWrappedDescriptionIsTheViewInside() throws {
        let tree = try S.tree("<UITextView; frame = (0 0; 358 34); layer = <CALayer>>\n"
            + "   | <<_UITextContainerView; frame = (0 2; 358 34); layer = <CALayer>> minSize = {0, 34}, textContainer = <NSTextContainer size = (358.000000,18.000000)>; exclusionPaths =; lineBreakMode = 0>")
        XCTAssertEqual(tree.viewClass(of: 1), "_UITextContainerView")
        XCTAssertEqual(tree.layers[1].position.y, 19)
        XCTAssertEqual(tree.layers[1].location.column, 6)
        XCTAssertEqual(S.extra(tree, 1, "uikitAnnotation"), "\"minSize = {0, 34}, textContainer = <NSTextContainer size = (358.000000,18.000000)>; exclusionPaths =; lineBreakMode = 0>\"")
    }

    func testADebuggerPromptOrALogLineIsAnErrorAtItsLine() throws {
        for (line, column) in [("(lldb) po view.recursiveDescription()", 1), ("<App.ViewController>, state: appearing, view: <UIView>", 1),
                               ("2026-11-27 10:00:00.000 App[123:456] <UIView> appeared", 1)] {
            let dump = S.read(Self.screen + "\n" + line)
            let e = try XCTUnwrap(dump.error, line)
            XCTAssertEqual([Int(e.location.line), Int(e.location.column)], [19, column], "\(line): \(e.message)")
        }
    }
}
