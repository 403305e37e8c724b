import Foundation
import LayerLintKit
import LayerImport
import XCTest

/// The svg and html reports: the drawing comes from the model's transforms, offscreen
/// layers are painted as such, every string from a dump is escaped, and large trees are
/// culled and capped.
final class DrawingReporterTests: XCTestCase {
    private func lint(_ text: String, path: String = "d.yml") -> FileReport {
        var linter = Linter()
        linter.drawings = true
        return linter.lint(text: text, path: path, syntax: .yaml)
    }

    private func lintFixtureDrawn(_ name: String) throws -> FileReport {
        lint(try fixtureText(name), path: "fixtures/\(name)")
    }

    func testSVGIsWellFormedAndPaintsExactlyTheOffscreenLayers() throws {
        let file = try lintFixtureDrawn("feed-cell.yml")
        let svg = try parseXML(SVGReporter().render(LintReport(files: [file])))
        XCTAssertEqual(svg.name, "svg")
        XCTAssertEqual(svg.attributes["viewBox"], "0 0 390 332")
        let costed = Set(file.snapshots[0].estimate.layers.filter { $0.passes > 0 }.map(\.layerPath))
        XCTAssertFalse(costed.isEmpty)
        var painted: Set<String> = []
        for rect in svg.all("rect") where rect.attributes["class"]?.split(separator: " ").contains(where: { $0.hasPrefix("p") }) == true {
            let title = try XCTUnwrap(rect.all("title").first).text
            painted.insert(String(title.split(separator: " — ").first ?? ""))
        }
        XCTAssertEqual(painted, costed)
        // The card (5 passes) is darker than the avatar (2).
        XCTAssertTrue(svg.all("rect").contains { $0.attributes["class"] == "l p3" && $0.all("title").first?.text.hasPrefix("FeedCell/contentView/card —") == true })
        // The card's shadow is an outline: offset 4 down, spread by the radius 12.
        let shadow = try XCTUnwrap(svg.all("rect").first { $0.attributes["class"] == "shadow" })
        XCTAssertEqual(shadow.attributes["transform"], "translate(16 8)")
        XCTAssertEqual([shadow.attributes["x"], shadow.attributes["y"], shadow.attributes["width"], shadow.attributes["height"]],
                       ["-12", "-8", "382", "340"])
    }

    func testLayersArePlacedByTheTransformsToTheRoot() throws {
        // A parent scaled by 2 about its centre, and a child at (10, 10) inside it.
        let file = lint("""
            layerlint: 1
            root:
              frame: [0, 0, 400, 400]
              sublayers:
                - name: scaled
                  frame: [100, 100, 100, 100]
                  transform: [2, 0, 0, 2, 0, 0]
                  sublayers:
                    - name: child
                      frame: [10, 10, 20, 20]
                      backgroundColor: "#FF0000"

            """)
        let drawing = try XCTUnwrap(file.snapshots.first?.drawing)
        let child = try XCTUnwrap(drawing.items.first { $0.path.hasSuffix("child") })
        // Scaled about (150, 150): the parent covers 50...250, the child 70...110.
        XCTAssertEqual(child.box.minX, 70, accuracy: 1e-9)
        XCTAssertEqual(child.box.minY, 70, accuracy: 1e-9)
        XCTAssertEqual(child.box.width, 40, accuracy: 1e-9)
        XCTAssertEqual(child.transform, [2, 0, 0, 2, 70, 70])
        let svg = try parseXML(SVGReporter().render(LintReport(files: [file])))
        XCTAssertTrue(svg.all("rect").contains { $0.attributes["transform"] == "matrix(2 0 0 2 70 70)" })
    }

    func testHostileNamesStayTextInSVGAndHTML() throws {
        let file = lint(hostileDump(), path: "x</script><script>alert(1)</script>.yml")
        let report = LintReport(files: [file])
        let svg = try parseXML(SVGReporter().render(report))
        XCTAssertTrue(svg.all("script").isEmpty)
        XCTAssertTrue(svg.all("title").contains { $0.text.contains("</testcase>]]><b>") })

        let html = HTMLReporter().render(report).string
        // One data element and one script, both ours: nothing from the dump opened another.
        XCTAssertEqual(html.components(separatedBy: "<script").count - 1, 2)
        XCTAssertFalse(html.contains("<b>"))
        XCTAssertFalse(html.contains("</testcase>"))
        for piece in ["\u{2028}", "\u{2029}", "\u{1B}", "\u{202E}"] { XCTAssertFalse(html.contains(piece), "raw \(piece.unicodeScalars.first!.value)") }
        XCTAssertNil(html.range(of: #"\son[a-z]+="#, options: .regularExpression), "an inline event handler")
        // The data element is JSON that gives the names back exactly.
        let start = try XCTUnwrap(html.range(of: "<script type=\"application/json\" id=\"ll-data\">"))
        let end = try XCTUnwrap(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = String(html[start.upperBound..<end.lowerBound])
        XCTAssertFalse(json.contains("<") || json.contains(">") || json.contains("&"))
        let data = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let snapshot = try XCTUnwrap((data["snapshots"] as? [[String: Any]])?.first)
        XCTAssertEqual(snapshot["title"] as? String, "x</script><script>alert(1)</script>.yml — " + hostileText)
        let layers = try XCTUnwrap(snapshot["layers"] as? [[String: Any]])
        XCTAssertTrue(layers.contains { ($0["name"] as? String) == hostileText })
    }

    func testHTMLListsFindingsPointingAtTheirDrawnLayers() throws {
        let file = try lintFixtureDrawn("feed-cell.yml")
        let html = HTMLReporter().render(LintReport(files: [file])).string
        XCTAssertTrue(html.contains("Content-Security-Policy\" content=\"default-src 'none'"))
        XCTAssertFalse(html.contains("http://") && !html.contains("http://www.w3.org/2000/svg"))
        XCTAssertFalse(html.contains("https://"))
        let start = try XCTUnwrap(html.range(of: "id=\"ll-data\">"))
        let end = try XCTUnwrap(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let data = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
        let snapshots = try XCTUnwrap(data["snapshots"] as? [[String: Any]])
        XCTAssertEqual(snapshots.count, 2)
        for (s, snapshot) in snapshots.enumerated() {
            let layers = try XCTUnwrap(snapshot["layers"] as? [[String: Any]])
            for f in try XCTUnwrap(snapshot["findings"] as? [[String: Any]]) {
                let item = try XCTUnwrap(f["item"] as? Int)
                XCTAssertEqual(layers[item]["path"] as? String, f["path"] as? String)
                XCTAssertTrue(html.contains("id=\"l\(s)-\(item)\""))
            }
        }
        // After the fixes both snapshots cost nothing: no layer keeps an after-fixes tint.
        XCTAssertFalse(html.contains(" q1") || html.contains(" q2") || html.contains(" q3"))
        XCTAssertTrue(html.contains(" p3"))
    }

    func testLargeTreesAreCulledAndCappedButKeepEveryOffscreenLayer() throws {
        var dump = "layerlint: 1\nroot:\n  frame: [0, 0, 400, 800]\n  sublayers:\n"
        for k in 0..<3_000 {
            dump += "    - frame: [\(k % 40 * 10), \(k / 40 * 10), 8, 8]\n      backgroundColor: \"#EEEEEE\"\n"
        }
        for _ in 0..<500 { dump += "    - frame: [0, 0, 10, 10]\n      hidden: true\n" }
        for _ in 0..<500 { dump += "    - frame: [5000, 5000, 10, 10]\n      backgroundColor: \"#EEEEEE\"\n" }
        for k in 0..<30 {
            dump += "    - frame: [\(k * 12), 700, 10, 10]\n      backgroundColor: \"#FFFFFF\"\n      shadowOpacity: 0.3\n"
        }
        let file = lint(dump)
        let full = try XCTUnwrap(file.snapshots.first)
        let drawing = SnapshotDrawing(facts: TreeFacts(tree: try XCTUnwrap(Self.tree(dump))), estimate: full.estimate, limit: 1_000)
        XCTAssertEqual(drawing.culled, 1_000)
        XCTAssertEqual(drawing.items.count, 1_000)
        XCTAssertEqual(drawing.capped, 4_031 - 1_000 - 1_000)
        XCTAssertEqual(drawing.items.filter { $0.passes > 0 }.count, 30)
        XCTAssertEqual(drawing.items.first?.layer, 0)
        XCTAssertEqual(drawing.items.map(\.layer), drawing.items.map(\.layer).sorted())
    }

    func testTheChartDrawsTheConfiguredBudget() throws {
        let configuration = try ConfigurationLoader.parse("budgets:\n  passesPerSnapshot: 4\n", file: "cfg.yml")
        let file = configuration.apply(to: try lintFixtureDrawn("feed-cell.yml"), relativePath: "feed-cell.yml")
        let html = HTMLReporter().render(LintReport(files: [file])).string
        // FeedCell (7 passes) is over the budget of 4, its shadowPath variant (2) within it.
        XCTAssertEqual(html.components(separatedBy: "<line class=\"budget over\"").count - 1, 1)
        XCTAssertEqual(html.components(separatedBy: "<line class=\"budget\"").count - 1, 1)
        XCTAssertTrue(html.contains("<title>budget 4</title>"))
        let unconfigured = HTMLReporter().render(LintReport(files: [try lintFixtureDrawn("feed-cell.yml")])).string
        XCTAssertFalse(unconfigured.contains("<line class=\"budget"))
    }

    func testDiffPagesDrawBothSidesAndMarkFixedFindings() throws {
        let old = try fixtureText("feed-cell.yml")
        // The first snapshot's card gets a shadowPath (the second one has it already).
        let first = try XCTUnwrap(old.range(of: "          shadowOffset: [0, 4]\n"))
        let new = old.replacingCharacters(in: first, with: "          shadowOffset: [0, 4]\n          shadowPath: \"M 0 0 L 358 0 L 358 316 L 0 316 Z\"\n")
        XCTAssertNotEqual(old, new)
        let diff = SnapshotDiff.compare(old: [SnapshotDiff.Side(relativePath: "feed.yml", report: lint(old, path: "old/feed.yml"))],
                                        new: [SnapshotDiff.Side(relativePath: "feed.yml", report: lint(new, path: "new/feed.yml"))])
        XCTAssertEqual(diff.removed.map(\.rule), ["shadow-without-path"])
        XCTAssertEqual(diff.files[0].pairs.count, 2)
        let html = HTMLReporter().render(diff).string
        // Two snapshots, two sides each: four drawings.
        XCTAssertEqual(html.components(separatedBy: "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=").count - 1, 4)
        // The card is outlined as fixed on the old side of the first snapshot, and tagged in its list.
        let fixed = try XCTUnwrap(html.range(of: #"<rect id="l0-\d+" data-i="\d+" class="[^"]* m-fixed""#, options: .regularExpression))
        XCTAssertTrue(html[fixed.upperBound...].hasPrefix(#" transform="translate(16 8)""#))
        XCTAssertTrue(html.contains("<span class=\"tag fixed\">fixed</span>"))
        XCTAssertNil(html.range(of: #"class="[^"]* m-(new|changed)"#, options: .regularExpression))
        // Without drawings (another reporter's run) a diff keeps no pairs.
        let plain = SnapshotDiff.compare(old: [SnapshotDiff.Side(relativePath: "f", report: Linter().lint(text: old))],
                                         new: [SnapshotDiff.Side(relativePath: "f", report: Linter().lint(text: new))])
        XCTAssertTrue(plain.files[0].pairs.isEmpty)
    }

    private static func tree(_ text: String) -> LayerTree? {
        DumpReader().read(text, syntax: .yaml).snapshots.first
    }
}
