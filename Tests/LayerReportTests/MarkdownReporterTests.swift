import Foundation
@testable import LayerReport
import LayerLintKit
import XCTest

final class MarkdownReporterTests: XCTestCase {
    /// The cells of a table row: split on "|" that no backslash escapes.
    private func cells(_ row: Substring) -> [String] {
        var cells: [String] = [], cell = "", escaped = false
        for c in row {
            if c == "|" && !escaped { cells.append(cell); cell = "" } else { cell.append(c) }
            escaped = c == "\\" && !escaped
        }
        cells.append(cell)
        return Array(cells.dropFirst().dropLast())
    }

    /// Every row of every table has as many cells as its header.
    private func assertTablesAreRectangular(_ md: String, file: StaticString = #filePath, line: UInt = #line) {
        var width: Int?
        for row in md.split(separator: "\n", omittingEmptySubsequences: false) {
            guard row.hasPrefix("|") else { width = nil; continue }
            let n = cells(row).count
            if let width { XCTAssertEqual(n, width, String(row), file: file, line: line) } else { width = n }
        }
    }

    /// The costliest-layers table against a plain stable sort of the estimate: the ten
    /// layers with the most passes, equal ones in document order, over several files.
    func testCostliestLayersAreTheTenWithMostPassesInDocumentOrderAmongEquals() throws {
        // Shadows (5 passes), shape masks (2), rounded clips over sublayers (1), mixed.
        var layers = ""
        for k in 0..<14 {
            switch k % 3 {
            case 0:
                layers += """
                        - name: shadow\(k)
                          frame: [0, \(k * 50), 100, 40]
                          backgroundColor: "#FFFFFF"
                          shadowOpacity: 0.2
                          shadowRadius: 4

                """
            case 1:
                layers += """
                        - name: masked\(k)
                          frame: [0, \(k * 50), 40, 40]
                          contents: { width: 120, height: 120 }
                          mask:
                            class: CAShapeLayer
                            frame: [0, 0, 40, 40]
                            path: "M 0 0 L 40 0 L 40 40 L 0 40 Z M 10 10 L 30 10 L 20 30 Z"
                            fillColor: "#000000"

                """
            default:
                layers += """
                        - name: clip\(k)
                          frame: [0, \(k * 50), 100, 40]
                          cornerRadius: 8
                          masksToBounds: true
                          sublayers:
                            - name: inner
                              frame: [-10, 0, 120, 40]
                              backgroundColor: "#FF0000"

                """
            }
        }
        let dump = "layerlint: 1\nroot:\n  frame: [0, 0, 400, 800]\n  sublayers:\n" + layers
        let files = ["a.yml", "b.yml"].map { Linter().lint(text: dump, path: $0, syntax: .yaml) }
        XCTAssertNil(files[0].error)
        var expected: [(passes: Int, path: String)] = []
        for file in files {
            for s in file.snapshots {
                for l in s.estimate.layers where l.passes > 0 { expected.append((l.passes, l.layerPath)) }
            }
        }
        XCTAssertGreaterThan(expected.count, 10)
        XCTAssertGreaterThan(Set(expected.map(\.passes)).count, 1, "the dump must give different costs")
        let stable = expected.enumerated().sorted { ($0.element.passes, $1.offset) > ($1.element.passes, $0.offset) }
            .prefix(10).map { "`\($0.element.path)` | \($0.element.passes)" }

        let md = MarkdownReporter().render(LintReport(files: files)).string
        let table = md.components(separatedBy: "### Costliest layers")[1].components(separatedBy: "\n\n")[1]
        let rows = table.split(separator: "\n").dropFirst(2).map { row -> String in
            let c = cells(row).map { $0.trimmingCharacters(in: .whitespaces) }
            return c[1] + " | " + c[2].components(separatedBy: " ")[0]
        }
        XCTAssertEqual(rows, stable)
    }

    func testLintSummaryHasTotalsWorstLayersRulesBudgetsBaselineAndErrors() throws {
        let md = MarkdownReporter().render(try fullReport()).string
        assertTablesAreRectangular(md)
        XCTAssertTrue(md.hasPrefix("## LayerLint\n"))
        XCTAssertTrue(md.contains("| 4 | 4 | 56 | 0 | 4 | 0 | 14 | 0 |"), md)
        XCTAssertTrue(md.contains("| `fixtures/feed-cell.yml:17` | `FeedCell/contentView/card` | 5 → 0 | shadow-without-path |"))
        XCTAssertTrue(md.contains("| ``root/a\\|b<c>&\"d',e:f%g`h*_[x] 100%`` | 5 → 0 |"), "pipe escaped, backtick fenced")
        XCTAssertTrue(md.contains("| simple-shape-mask | warning | 2 | 4 → 0 |"))
        XCTAssertTrue(md.contains("| `fixtures/feed-cell.yml` | 9 | 7 | 4 | snapshot 'FeedCell' cost 7"))
        XCTAssertTrue(md.contains("- 2 findings suppressed"))
        XCTAssertTrue(md.contains("| `fixtures/old.yml` | Old\\|Screen | `` Old/`view` `` | unneeded-clip | 2 |"))
        XCTAssertTrue(md.contains("| `broken <&>.yml` | 3:7 | expected ':' at \"x\", got '&lt;' &amp; more,  then 100% |"))
    }

    func testCellAndCodeEscaping() {
        XCTAssertEqual(MarkdownText.cell("a|b\nc<d>*e*"), "a\\|b c&lt;d&gt;\\*e\\*")
        XCTAssertEqual(MarkdownText.code("a|b"), "`a\\|b`")
        XCTAssertEqual(MarkdownText.code("x``y"), "```x``y```")
        XCTAssertEqual(MarkdownText.code("`x"), "`` `x ``")
    }

    func testCleanRunSaysSoWithoutEmptyTables() throws {
        let md = MarkdownReporter().render(LintReport(files: [try lintFixture("recipe-cell-clean.yml")])).string
        XCTAssertTrue(md.contains("No findings."))
        XCTAssertFalse(md.contains("###"))
    }

    func testDiffHasVerdictTablesAndSignedDeltas() throws {
        let md = MarkdownReporter().render(try sampleDiff()).string
        assertTablesAreRectangular(md)
        XCTAssertTrue(md.contains("**2 new findings**; 1 fixed. Offscreen passes per frame: 9 → 9 (±0)."), md)
        XCTAssertTrue(md.contains("### New findings"))
        XCTAssertTrue(md.contains("| `new/feed-cell.yml:17` | `FeedCell/contentView/card` | shadow-without-path | 5 → 0 | card draws"))
        XCTAssertTrue(md.contains("| `old/odd.yml` | ``root/a\\|b<c>&\"d',e:f%g`h*_[x] 100%`` | shadow-without-path | 5 |"))
        XCTAssertTrue(md.contains("| `feed-cell.yml` | FeedCell | 2 → 7 | +5 |"))
        XCTAssertTrue(md.contains("| `odd.yml` | Odd\\|Screen | 5 → 0 | −5 |"))
        XCTAssertFalse(md.contains("| 2 → 2 |"), "unchanged snapshots are left out")
        XCTAssertTrue(md.contains("| `old/gone.yml` | 2:1 | bad, file: 50% |"))

        let quiet = MarkdownReporter().render(DiffReport(files: [])).string
        XCTAssertTrue(quiet.contains("**No new findings**; 0 fixed."))
    }
}

final class LayerPathSegmentTests: XCTestCase {
    /// The fast search from the end gives what splitting on "/" gives.
    func testLastSegmentMatchesSplitting() {
        let paths = ["a/b/c", "a/b/", "card", "///", "", "a//b", "/lead", "UIWindow/list/cell[3]/contentView/card",
                     "x/y\u{301}", "x/\u{301}y", "é/ü", "a/b\u{202E}c"]
        for path in paths {
            let split = path.split(separator: "/").last.map(String.init) ?? path
            XCTAssertEqual(LintResult.lastSegment(of: path), split, path)
        }
    }
}

final class MarkdownFrameRateTests: XCTestCase {
    /// Frame-rate rules cost no passes; their row says so and gives the rates instead of
    /// a "0 → 0" that reads like nothing was found.
    func testFrameRateRulesShowFramesPerSecondNotZeroPasses() throws {
        let md = MarkdownReporter().render(LintReport(files: [try lintFixture("live-room.yml")])).string
        XCTAssertTrue(md.contains("| uncapped-animation | warning | 1 | none; up to 120 → 30 frames per second |"), md)
        XCTAssertTrue(md.contains("| display-link-rate | warning | 3 | none; up to 120 → 60 frames per second |"), md)
        XCTAssertTrue(md.contains("| rasterize-uncacheable | warning | 1 | 1 → 0 |"), md)
        XCTAssertFalse(md.contains("| 0 → 0 |"), md)
    }
}
