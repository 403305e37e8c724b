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
