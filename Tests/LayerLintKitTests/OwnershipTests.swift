import Foundation
import LayerConfig
import LayerReport
import LayerFacts
import LayerLintKit
import Testing

/// Layers UIKit creates are told from the app's, so findings about UIKit's insides do not
/// bury the app's own; the estimate still counts every pass.
@Suite("Ownership: the app's layers and the system's")
struct OwnershipTests {
    @Test("class patterns: `*` is any run, the whole name must match, app patterns win", arguments: [
        ("_UIBarBackground", true), ("_UISystemBackgroundView", true), ("UITableViewCellContentView", true),
        ("UIStatusBarForegroundView", true), ("UIView", false), ("FeedCell", false), ("UITableViewCell", false),
        // Swift's mangled names of an app's own classes start with an underscore too.
        ("_TtCC5Adyen12SubmitButton14BackgroundView", false), ("MyUITableViewCellContentView", false),
        // SwiftUI's containers by their readable names; what SwiftUI draws the app's views with is the app's.
        ("SwiftUI._UIHostingView<ContentView>", true), ("SwiftUI.UIHostingViewDebugLayer", true),
        ("SwiftUI.PlatformViewHost<PlatformViewRepresentableAdaptor<MapView>>", true),
        ("SwiftUI.CGDrawingView", false), ("SwiftUI.DisplayList.ViewUpdater.Platform.CGDrawingLayer", false),
    ])
    func patterns(name: String, isSystem: Bool) {
        #expect(OwnershipPatterns.default.isSystem(name) == isSystem)
    }

    @Test("wildcards backtrack without recursion")
    func wildcards() {
        let p = OwnershipPatterns(system: ["*Cell*Content*", "a*b*c"], app: [])
        #expect(p.isSystem("UICollectionViewCellContentHost"))
        #expect(p.isSystem("aXbYbZc") && !p.isSystem("aXbYbZ") && !p.isSystem("XaXbc"))
        #expect(p.isSystem(String(repeating: "a", count: 2_000) + "bc"))
    }

    /// A cell of the app holds UIKit's content view (reachable: the cell's `contentView`),
    /// and UIKit's background view holds a shadow host of its own (UIKit's insides).
    private let cell = """
        layerlint: 1
        root:
          view: FeedCell
          frame: [0, 0, 390, 100]
          sublayers:
            - view: UITableViewCellContentView
              frame: [0, 0, 390, 100]
              backgroundColor: "#FFFFFF"
              cornerRadius: 12
              masksToBounds: true
              sublayers:
                - name: title
                  view: UILabel
                  class: _UILabelLayer
                  frame: [16, 16, 200, 20]
                  shadowOpacity: 0.3
                  shadowRadius: 4
            - view: _UISystemBackgroundView
              frame: [0, 0, 390, 100]
              sublayers:
                - view: _UIShadowHostView
                  frame: [0, 0, 390, 100]
                  backgroundColor: "#FFFFFF"
                  shadowOpacity: 0.2
                  shadowRadius: 8
        """

    /// A SwiftUI screen: the hosting view, a drawing view with the app's `.shadow`, and a
    /// `PlatformViewHost` around the app's own UIView, which has a shadow of its own.
    private let swiftUIScreen = """
        layerlint: 1
        root:
          view: SwiftUI._UIHostingView<ContentView>
          class: SwiftUI.UIHostingViewDebugLayer
          frame: [0, 0, 390, 844]
          sublayers:
            - view: SwiftUI.CGDrawingView
              frame: [16, 100, 358, 120]
              backgroundColor: "#FFFFFF"
              shadowOpacity: 0.3
              shadowRadius: 8
            - view: SwiftUI.PlatformViewHost<PlatformViewRepresentableAdaptor<MapView>>
              frame: [16, 300, 358, 200]
              sublayers:
                - view: MyApp.MapView
                  frame: [0, 0, 358, 200]
                  backgroundColor: "#FFFFFF"
                  shadowOpacity: 0.3
                  shadowRadius: 4
        """

    @Test("SwiftUI: the app's drawn views and its own view inside a PlatformViewHost are listed as the app's")
    func swiftUIContainers() throws {
        let s = Linter(configuration: Configuration()).lint(text: swiftUIScreen, path: "screen.yml").snapshots[0]
        let listed = s.findings.map { "\($0.layerPath) \($0.systemOwner == nil ? "app" : "system")" }
        #expect(listed == [
            "SwiftUI._UIHostingView<ContentView>/SwiftUI.CGDrawingView app",
            "SwiftUI._UIHostingView<ContentView>/SwiftUI.PlatformViewHost<PlatformViewRepresentableAdaptor<MapView>>/MyApp.MapView app",
        ])
    }

    private func lint(_ configuration: Configuration) -> SnapshotReport {
        Linter(configuration: configuration).lint(text: cell, path: "cell.yml").snapshots[0]
    }

    @Test("a finding on UIKit's content view is listed and names the app's cell; UIKit's insides are counted, not listed")
    func defaultRun() throws {
        let s = lint(Configuration())
        let byPath = Dictionary(uniqueKeysWithValues: s.findings.map { ($0.layerPath, $0) })
        // The label is the app's: a UILabel it made, inside UIKit's content view.
        let label = try #require(byPath.first { $0.key.hasSuffix("/title") }?.value)
        #expect(label.systemOwner == nil)
        let content = try #require(byPath["FeedCell/UITableViewCellContentView"])
        #expect(content.rule == "unneeded-clip" || content.rule == "shadow-without-path")
        #expect(content.systemOwner == SystemOwner(appLayerPath: "FeedCell", isReachable: true))
        #expect(!s.findings.contains { $0.layerPath.contains("_UIShadowHostView") })
        #expect(s.hiddenSystemFindings == 1)
        #expect(s.hiddenSystemPasses == 5)
        // The estimate is what the screen costs: the hidden shadow's passes stay in it.
        #expect(s.estimate.passes == s.budgetedPasses + 5)
    }

    @Test("includeSystem lists UIKit's insides too, marked as not the app's to reach")
    func includeSystem() throws {
        var c = Configuration()
        c.includeSystem = true
        let s = lint(c)
        let deep = try #require(s.findings.first { $0.layerPath.hasSuffix("_UIShadowHostView") })
        #expect(deep.systemOwner == SystemOwner(appLayerPath: "FeedCell", isReachable: false))
        #expect(s.hiddenSystemFindings == 0 && s.hiddenSystemPasses == 0)
        #expect(s.budgetedPasses == s.estimate.passes)
    }

    @Test("budgets count what the run shows")
    func budgets() throws {
        let c = try ConfigurationLoader.parse("budgets:\n  passesPerSnapshot: 1\n", file: "cfg.yml")
        let shown = Linter(configuration: c).lint(text: cell, path: "cell.yml")
        let all = lint(Configuration())
        let report = c.apply(to: shown, relativePath: "cell.yml")
        #expect(report.budgetViolations.first?.passes == all.estimate.passes - 5)
    }

    @Test("ownership patterns from .layerlint.yml are added to the defaults and print back")
    func configured() throws {
        let c = try ConfigurationLoader.parse("""
            options: { includeSystem: true }
            ownership:
              system: ["PSPDF*"]
              app: ["_MYCard"]
            """, file: "cfg.yml")
        #expect(c.includeSystem)
        #expect(c.ownership.isSystem("PSPDFPageView") && c.ownership.isSystem("_UIBarBackground"))
        #expect(!c.ownership.isSystem("_MYCard"))
        #expect(try ConfigurationLoader.parse(c.yamlText, file: "printed.yml") == c)
        #expect(throws: ConfigurationError.self) { try ConfigurationLoader.parse("ownership: { system: [\"\"] }\n", file: "cfg.yml") }
    }
}

/// What a report says about what it could not see: findings inside UIKit's layers that it
/// does not list, and rules a dump gives nothing to judge.
@Suite("Reports say what they left out and what could not be checked")
struct LeftOutTests {
    private let deep = """
        layerlint: 1
        root:
          view: FeedCell
          frame: [0, 0, 390, 100]
          sublayers:
            - view: _UISystemBackgroundView
              frame: [0, 0, 390, 100]
              sublayers:
                - view: _UIShadowHostView
                  frame: [0, 0, 390, 100]
                  backgroundColor: "#FFFFFF"
                  shadowOpacity: 0.2
                  shadowRadius: 8
        """

    @Test("text and JSON count the findings inside UIKit's layers that they do not list")
    func hiddenCounted() throws {
        let report = LintReport(files: [Linter().lint(text: deep, path: "cell.yml")])
        let text: String = TextReporter().render(report)
        #expect(text.contains("no findings; offscreen passes per frame: 5 now, 5 after fixes; offscreen megapixels per frame: 1.76 now, 1.76 after fixes; 1 finding deep inside UIKit's own layers not listed (--include-system lists them)"), "\(text)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data((JSONReporter().render(report) as String).utf8)) as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["hiddenSystemFindings"] as? Int == 1)

        let shown = LintReport(files: [Linter(includeSystem: true).lint(text: deep, path: "cell.yml")])
        let listed: String = TextReporter().render(shown)
        #expect(listed.contains("layer: FeedCell/_UISystemBackgroundView/_UIShadowHostView (created by UIKit, deep inside your FeedCell)"), "\(listed)")
        let shownJSON = JSONReporter().render(shown) as String
        #expect(shownJSON.contains(#""systemOwner": {"#) && shownJSON.contains(#""appLayerPath": "FeedCell""#), "\(shownJSON)")
    }

    @Test("a dump without shadows and masks says which rules could not run, and how to get one that lets them")
    func rulesNotRun() throws {
        let text = """
            <UIView; frame = (0 0; 390 100); layer = <CALayer>>
               | <UIImageView; frame = (0 11; 40 26); clipsToBounds = YES; layer = <CALayer>>
            """
        let file = Array(text.utf8).withUnsafeBytes { Linter().lint(bytes: $0, path: "cell.txt", syntax: .recursiveDescription) }
        let report = LintReport(files: [file])
        #expect(report.rulesNotRun.map(\.rule) == ["shadow-without-path", "plain-layer-mask", "simple-shape-mask", "unneeded-clip",
                                                   "group-opacity", "rasterize-scale", "clipped-shadow", "stale-shadow-path", "rasterize-uncacheable",
                                                   "uncapped-animation", "display-link-rate", "promotion-disabled"])
        let rendered: String = TextReporter().render(report)
        #expect(rendered.contains("not checked: shadow-without-path (no shadow), plain-layer-mask (no mask), simple-shape-mask (no mask), unneeded-clip (no contents, sublayers), group-opacity (no allowsGroupOpacity), rasterize-scale (no shouldRasterize), clipped-shadow (no shadow), stale-shadow-path (no shadow), rasterize-uncacheable (no shouldRasterize), uncapped-animation (no animations), display-link-rate (no displayLinks), promotion-disabled (no info): the dumps do not carry what these rules need; a dump written by LayerTreeExport carries it (an Xcode view hierarchy export does too; shadowPath, allowsGroupOpacity only where Xcode archived the layers); animations, display links and the Info.plist key come only from an export whose code passes them (docs/importers.md, docs/exporting.md)"), "\(rendered)")
        // A v1 dump carries every layer property; only the frame-rate keys it leaves out
        // keep their rules from running.
        let plain = LintReport(files: [Linter().lint(text: "layerlint: 1\nroot: {frame: [0, 0, 10, 10]}\n", path: "a.yml")])
        #expect(plain.rulesNotRun.map(\.rule) == ["uncapped-animation", "display-link-rate", "promotion-disabled"])
        #expect(plain.unknownProperties == .frameRate)
        #expect(!(TextReporter().render(plain) as String).contains("(at least"), "the passes rest on nothing unknown")
        // With them, nothing to say.
        let full = LintReport(files: [Linter().lint(text: "layerlint: 1\ndisplayLinks: []\ninfo: {}\nroot: {frame: [0, 0, 10, 10], animations: []}\n", path: "a.yml")])
        #expect(full.rulesNotRun.isEmpty)
        #expect(!(TextReporter().render(full) as String).contains("not checked"))
    }
}
