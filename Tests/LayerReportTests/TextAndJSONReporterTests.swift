import Foundation
import LayerLintKit
import XCTest

final class TextAndJSONReporterTests: XCTestCase {
    func testPlainRunReadsAsBefore() throws {
        let report = LintReport(files: [try lintFixture("feed-cell.yml")])
        let text = TextReporter()
        XCTAssertEqual((text.render(report) as ByteText).bytes, Array((text.render(report) as String).utf8))
        XCTAssertEqual(text.summary(report),
                       "1 file, 2 snapshots, 40 layers: 3 findings (3 warnings); offscreen passes per frame: 9 now, 0 after fixes; offscreen megapixels per frame: 5.15 now, 0 after fixes\n"
                       // The fixture carries no frame-rate keys: their rules say they could not look.
                       + "not checked: uncapped-animation (no animations), display-link-rate (no displayLinks), promotion-disabled (no info): the dumps do not carry what these rules need; animations, display links and the Info.plist key come only from an export whose code passes them (docs/exporting.md)\n")
        XCTAssertFalse(text.render(report).contains("passes-budget"))
    }

    func testBudgetsAndCountsAppearInText() throws {
        let text = TextReporter().render(try fullReport()) as String
        XCTAssertTrue(text.contains("\nfixtures/feed-cell.yml:9:1: error: snapshot 'FeedCell' cost 7 offscreen passes per frame, over the budget of 4 [passes-budget]\n"))
        XCTAssertTrue(text.contains("\nfixtures/feed-cell.yml:1:1: error: the file's snapshots cost 9 offscreen passes per frame, over the budget of 8 [passes-budget]\n"))
        XCTAssertTrue(text.contains("; 1 file could not be read; 2 budget violations; 2 suppressed; 1 baselined; 2 baselined findings gone\nnot checked: uncapped-animation"), text)
    }

    func testTextDiff() throws {
        let text = TextReporter().render(try sampleDiff()).string
        XCTAssertTrue(text.hasPrefix("new/feed-cell.yml:17:11: warning: card draws a shadow"))
        XCTAssertTrue(text.contains("    fix: Set shadowPath"))
        XCTAssertTrue(text.contains("\nremoved: old/odd.yml:7:7: warning: a|b<c>"))
        XCTAssertTrue(text.contains("\nnew/feed-cell.yml:9: note: snapshot 'FeedCell': offscreen passes per frame 2 → 7 (+5)\n"))
        XCTAssertTrue(text.contains("\nnew/odd.yml:2: note: snapshot 'Odd|Screen': offscreen passes per frame 5 → 0 (-5)\n"))
        XCTAssertFalse(text.contains("2 → 2"))
        XCTAssertTrue(text.contains("\nold/gone.yml:2:1: error: bad, file: 50%\n"))
        XCTAssertTrue(text.hasSuffix("\n2 findings added, 1 removed; offscreen passes per frame: 9 → 9; 1 file could not be read\n"), text)
    }

    func testJSONLintHasTheNewKeys() throws {
        let plain = try jsonObject(JSONReporter().render(LintReport(files: [try lintFixture("feed-cell.yml")])))
        XCTAssertEqual(plain["kind"] as? String, "lint")
        XCTAssertTrue(plain["baseline"] is NSNull)
        let plainFile = try XCTUnwrap((plain["files"] as? [[String: Any]])?.first)
        XCTAssertEqual((plainFile["budgetViolations"] as? [Any])?.count, 0)
        XCTAssertEqual(plainFile["suppressed"] as? Int, 0)

        let full = try jsonObject(JSONReporter().render(try fullReport()))
        let feed = try XCTUnwrap((full["files"] as? [[String: Any]])?.first)
        let budgets = try XCTUnwrap(feed["budgetViolations"] as? [[String: Any]])
        XCTAssertEqual(budgets.count, 2)
        XCTAssertEqual(budgets[0]["scope"] as? String, "snapshot")
        XCTAssertEqual(budgets[0]["screen"] as? String, "FeedCell")
        XCTAssertEqual(budgets[0]["budget"] as? Int, 4)
        XCTAssertTrue(budgets[1]["screen"] is NSNull)
        XCTAssertEqual(feed["suppressed"] as? Int, 2)
        XCTAssertEqual(feed["baselined"] as? Int, 1)
        let baseline = try XCTUnwrap(full["baseline"] as? [String: Any])
        XCTAssertEqual(baseline["matched"] as? Int, 1)
        let gone = try XCTUnwrap((baseline["gone"] as? [[String: Any]])?.first)
        XCTAssertEqual(gone["file"] as? String, "fixtures/old.yml")
        XCTAssertEqual(gone["layerPath"] as? String, "Old/`view`")
        XCTAssertEqual(gone["count"] as? Int, 2)
        let summary = try XCTUnwrap(full["summary"] as? [String: Any])
        XCTAssertEqual(summary["budgetViolations"] as? Int, 2)
        XCTAssertEqual(summary["suppressed"] as? Int, 2)
    }

    func testJSONDiff() throws {
        let diff = try jsonObject(JSONReporter().render(try sampleDiff()))
        XCTAssertEqual(diff["version"] as? Int, 1)
        XCTAssertEqual(diff["kind"] as? String, "diff")
        let files = try XCTUnwrap(diff["files"] as? [[String: Any]])
        XCTAssertEqual(files.count, 3)
        XCTAssertEqual(files[0]["oldPath"] as? String, "old/feed-cell.yml")
        XCTAssertEqual(files[0]["newPath"] as? String, "new/feed-cell.yml")
        let added = try XCTUnwrap(files[0]["added"] as? [[String: Any]])
        XCTAssertEqual(added.map { $0["rule"] as? String }, ["shadow-without-path", "simple-shape-mask"])
        XCTAssertEqual(added[0]["line"] as? Int, 17)
        XCTAssertNotNil((added[0]["fix"] as? [String: String])?["swift"])
        XCTAssertEqual((files[1]["removed"] as? [[String: Any]])?.count, 1)
        let snapshot = try XCTUnwrap((files[0]["snapshots"] as? [[String: Any]])?.first)
        XCTAssertEqual(snapshot["screen"] as? String, "FeedCell")
        XCTAssertEqual(snapshot["passesBefore"] as? Int, 2)
        XCTAssertEqual(snapshot["passesAfter"] as? Int, 7)
        XCTAssertEqual(snapshot["delta"] as? Int, 5)
        XCTAssertTrue(files[2]["newPath"] is NSNull)
        XCTAssertEqual((files[2]["oldError"] as? [String: Any])?["message"] as? String, "bad, file: 50%")
        XCTAssertTrue(files[2]["newError"] is NSNull)
        let summary = try XCTUnwrap(diff["summary"] as? [String: Int])
        XCTAssertEqual(summary, ["files": 3, "added": 2, "removed": 1, "passesBefore": 9, "passesAfter": 9, "errors": 1])
    }

    func testEveryFormatHasAReporterAndAHelpLine() throws {
        XCTAssertEqual(ReportFormat.allCases.map(\.rawValue), ["text", "json", "sarif", "junit", "github", "gitlab", "checkstyle", "rdjsonl", "markdown", "html", "svg"])
        let report = try fullReport(), diff = try sampleDiff()
        for format in ReportFormat.allCases {
            XCTAssertFalse(format.summary.isEmpty)
            XCTAssertFalse(format.summary.contains("\n"))
            XCTAssertFalse(format.reporter().render(report).bytes.isEmpty, "\(format)")
            XCTAssertFalse(format.reporter().render(diff).bytes.isEmpty, "\(format)")
        }
        XCTAssertFalse(ReportFormat.text.reporter(showFixes: false).render(report).string.contains("    fix: "))
        XCTAssertTrue(ReportFormat.sarif.reporter(version: "9.9.9").render(report).string.contains("\"semanticVersion\": \"9.9.9\""))
    }
}
