import Foundation
@testable import LayerReport
import LayerLintKit
import XCTest

/// The github, markdown and gitlab reports when there are more findings than fit (issue 27).
final class ChosenOutputTests: XCTestCase {
    /// `count` budget violations, passes 1, 2, 3, … in input order (all errors).
    private func report(results count: Int, path: String = "Snapshots/feed.yml") -> LintReport {
        var file = FileReport(path: path)
        file.budgetViolations = (0..<count).map {
            BudgetViolation(scope: .snapshot, screen: "Feed", line: $0 + 1, passes: $0 + 1, budget: 0)
        }
        return LintReport(files: [file])
    }

    func testGitHubAnnotatesTheCostliestTenPerLevelAndListsTheRestInAGroup() throws {
        var r = report(results: 25)
        r.files.append(try lintFixture("feed-cell.yml"))
        let findings = r.files[1].snapshots.flatMap(\.findings).count
        let lines = GitHubActionsReporter().render(r).string.split(separator: "\n").map(String.init)
        let errors = lines.filter { $0.hasPrefix("::error ") }
        XCTAssertEqual(errors.count, 10)
        // The costliest errors are budget violations 16…25 passes, costliest first.
        XCTAssertTrue(errors[0].contains("line=25,"), errors[0])
        XCTAssertTrue(errors[9].contains("line=16,"), errors[9])
        for level in ["::warning ", "::notice "] { XCTAssertLessThanOrEqual(lines.filter { $0.hasPrefix(level) }.count, 10) }
        let group = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("::group::") })
        let end = try XCTUnwrap(lines.firstIndex { $0 == "::endgroup::" })
        let plain = lines[(group + 1)..<end]
        let annotated = lines.filter { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") || $0.hasPrefix("::notice ") }.count - 1
        XCTAssertEqual(annotated + plain.count, 25 + findings, "every finding is annotated or listed")
        XCTAssertTrue(plain.contains("Snapshots/feed.yml:1:1: error passes-budget: snapshot 'Feed' cost 1 offscreen pass per frame, over the budget of 0"), plain.joined(separator: "\n"))
        let notice = try XCTUnwrap(lines.first { $0.contains("not annotated::") })
        XCTAssertTrue(notice.contains("\(plain.count) other findings are listed in this step's log"), notice)
        XCTAssertTrue(notice.contains("json report"), notice)
    }

    func testGitHubWithinTheLimitsWritesNoGroupAndNoNotice() throws {
        let out = GitHubActionsReporter().render(report(results: 10)).string
        XCTAssertEqual(out.split(separator: "\n").count, 10)
        XCTAssertFalse(out.contains("::group::"))
    }

    func testAPlainLogLineCannotBeAWorkflowCommand() {
        for hostile in ["::error::x", " \u{2003}::add-mask::secret", "a ##[error]b", "x\n::warning::y", "##[stop-commands]t"] {
            let line = WorkflowCommandText.plainLine(hostile)
            XCTAssertFalse(line.drop { $0.isWhitespace }.hasPrefix("::"), line)
            XCTAssertFalse(line.contains("##["), line)
            XCTAssertFalse(line.contains("\n"), line)
        }
        XCTAssertEqual(WorkflowCommandText.plainLine("a.yml:3:5: warning r: fine"), "a.yml:3:5: warning r: fine")
        // A file named like a command starts its line as a path that is no command.
        let lines = GitHubActionsReporter().render(report(results: 31, path: "::error::evil ##[add-mask]x.yml")).string
            .split(separator: "\n")
        let group = lines.drop { !$0.hasPrefix("::group::") }.dropFirst().prefix { $0 != "::endgroup::" }
        XCTAssertEqual(group.count, 21)
        for line in group {
            XCTAssertFalse(line.hasPrefix("::"), String(line)); XCTAssertFalse(line.contains("##["), String(line))
        }
    }

    func testMarkdownStaysWithinItsLimitCostliestFirstAndNamesWhatItLeftOut() throws {
        var r = try fullReport()
        for _ in 0..<60 { r.files.append(try lintFixture("feed-cell.yml")) }
        let total = r.findings.count
        for limit in [16_384, 8_192] {
            var out = ByteText(), notices: [String] = []
            MarkdownReporter(maxCharacters: limit).render(r, into: &out, notices: &notices)
            let md = out.string
            XCTAssertLessThanOrEqual(md.utf8.count, limit)
            let rows = md.components(separatedBy: "<summary>Findings, costliest first</summary>").last!
                .split(separator: "\n").filter { $0.hasPrefix("| `") }
            XCTAssertGreaterThan(rows.count, 0)
            // The passes cell, "| 5 → 0 |" (a layer name may hold an escaped "|").
            let passes = rows.map { row -> Int in
                let before = row.components(separatedBy: " → ")[0]
                return Int(before.split(separator: " ").last ?? "") ?? -1
            }
            XCTAssertEqual(passes, passes.sorted(by: >), "costliest first")
            XCTAssertTrue(md.contains("\(total - rows.count) findings of \(total) are not listed here"), String(md.suffix(400)))
            XCTAssertTrue(md.contains("json report"))
            XCTAssertEqual(notices.count, 1)
            // The notice says how to get the rest, whether or not the run writes a json report.
            XCTAssertTrue(notices.first?.hasSuffix("the json report (--reporter json:PATH) holds every finding") ?? false,
                          notices.first ?? "")
        }
        // A report that fits lists every finding and says nothing was left out.
        let small = MarkdownReporter().render(try fullReport()).string
        XCTAssertFalse(small.contains("not listed here"))
    }

    func testMarkdownCutsAReportWhoseTablesAloneWouldNotFit() {
        let long = String(repeating: "very-long-folder/", count: 400)
        var r = report(results: 0)
        r.files = (0..<50).map { FileReport(path: "\(long)\($0).yml", error: InputMessage(severity: "error", message: "bad", line: 1, column: 1)) }
        let md = MarkdownReporter(maxCharacters: 8_192).render(r).string
        XCTAssertLessThanOrEqual(md.utf8.count, 8_192)
        XCTAssertTrue(md.hasSuffix("holds every finding.\n"), String(md.suffix(200)))
    }

    func testGitLabWritesOneIssuePerFindingWithUniqueStableFingerprints() throws {
        var r = try fullReport()
        r.files.append(try lintFixture("feed-cell.yml"))  // the same findings twice, in one file
        let out = GitLabCodeQualityReporter(root: "/work/app").render(r)
        let issues = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out.bytes)) as? [[String: Any]])
        let results = r.findings.count + r.budgetViolations.count
        let inputs = r.files.reduce(0) { $0 + $1.warnings.count + ($1.error == nil ? 0 : 1) }
        XCTAssertEqual(issues.count, results + inputs)
        let prints = issues.compactMap { $0["fingerprint"] as? String }
        XCTAssertEqual(Set(prints).count, issues.count, "unique within the report")
        XCTAssertEqual(GitLabCodeQualityReporter(root: "/work/app").render(r).bytes, out.bytes, "stable across runs")
        for issue in issues {
            XCTAssertTrue(["info", "minor", "major", "critical", "blocker"].contains(issue["severity"] as? String ?? ""))
            let location = try XCTUnwrap(issue["location"] as? [String: Any])
            XCTAssertGreaterThanOrEqual((location["lines"] as? [String: Int])?["begin"] ?? 0, 1)
            XCTAssertFalse((location["path"] as? String ?? "/").hasPrefix("/"))
        }
        XCTAssertEqual(GitLabCodeQualityReporter.IssueWriter(root: "/work/app").projectPath("/work/app/Snapshots/a.yml"), "Snapshots/a.yml")
        XCTAssertEqual(GitLabCodeQualityReporter.IssueWriter(root: nil).projectPath("./Snapshots/a.yml"), "Snapshots/a.yml")
        try validate(out, schema: repositoryRoot.appendingPathComponent("schema/gitlab-code-quality.schema.json"))
        try validate(GitLabCodeQualityReporter().render(try sampleDiff()), schema: repositoryRoot.appendingPathComponent("schema/gitlab-code-quality.schema.json"))
    }

    func testTheLineAndTheReformattingDoNotChangeAGitLabFingerprint() throws {
        let a = report(results: 3)
        var b = a
        for k in b.files[0].budgetViolations.indices { b.files[0].budgetViolations[k].line += 7 }
        func prints(_ r: LintReport) throws -> [String] {
            let issues = try JSONSerialization.jsonObject(with: Data(GitLabCodeQualityReporter().render(r).bytes)) as? [[String: Any]]
            return (issues ?? []).compactMap { $0["fingerprint"] as? String }
        }
        XCTAssertEqual(try prints(a), try prints(b))
    }
}
