import Foundation
@testable import LayerReport
import LayerLintKit
import XCTest

/// A one-megabyte layer name used to make every human-facing report a megabyte per
/// finding: each finding's layer path repeats its ancestors' names. Those reports now
/// show names shortened (`HumanText`), so their size is a few hundred bytes per finding
/// whatever the names; JSON and SARIF keep names whole.
final class LongNameOutputTests: XCTestCase {
    static let megabyte = 1 << 20
    static let findings = 12

    /// A root named with a megabyte, `findings - 1` reported children under it, and one
    /// reported child whose own name is a megabyte (it is in its message too).
    static let report: LintReport = {
        let huge = String(repeating: "N", count: megabyte)
        var yaml = "layerlint: 1\nscreen: \(String(repeating: "S", count: megabyte))\nroot:\n  name: \(huge)\n  frame: [0, 0, 400, 400]\n  sublayers:\n"
        for i in 0..<findings {
            let name = i == 0 ? String(repeating: "M", count: megabyte) : "cell\(i)"
            yaml += "    - name: \(name)\n      frame: [0, \(i * 8), 100, 8]\n      backgroundColor: \"#FFFFFF\"\n"
            yaml += "      shadowOpacity: 0.2\n      shadowRadius: 3\n"
        }
        // Names this long are refused by default (`limits.nameBytes`); an embedder may
        // raise the limit, and the reports must still stay small.
        let file = Linter(limits: DecodeLimits(nameBytes: 4 << 20)).lint(text: yaml, path: "dumps/huge.yml", syntax: .yaml)
        return LintReport(files: [file])
    }()

    func testTheDumpReportsEveryLayer() {
        XCTAssertEqual(Self.report.findings.count, Self.findings)
    }

    func testHumanReportsAreSmallWhateverTheNames() {
        let bound = Self.findings * 2_000 + 10_000
        for format in [ReportFormat.text, .github, .markdown, .junit, .checkstyle, .rdjsonl] {
            let size = format.reporter().render(Self.report).bytes.count
            XCTAssertLessThan(size, bound, "\(format) report of \(Self.findings) findings")
        }
        let text = TextReporter().render(Self.report).string
        XCTAssertTrue(text.contains(String(repeating: "N", count: HumanText.nameLimit) + "…/cell1 · "), "the start of the name, then an ellipsis")
    }

    func testHumanDiffsAreSmallWhateverTheNames() {
        let findings = Self.report.findings
        let diff = DiffReport(files: [FileDiff(path: "huge.yml", oldPath: "old/huge.yml", newPath: "new/huge.yml",
                                               added: findings, removed: findings,
                                               snapshots: [SnapshotChange(screen: String(repeating: "S", count: Self.megabyte),
                                                                          passesBefore: 1, passesAfter: 2, line: 2)])])
        for format in [ReportFormat.text, .github, .markdown, .junit, .checkstyle, .rdjsonl] {
            let size = format.reporter().render(diff).bytes.count
            XCTAssertLessThan(size, 2 * Self.findings * 2_000 + 10_000, "\(format) diff")
        }
    }

    func testJSONAndSARIFKeepNamesWhole() {
        // Every finding's layer path holds the root's whole name.
        for format in [ReportFormat.json, .sarif] {
            XCTAssertGreaterThan(format.reporter().render(Self.report).bytes.count, Self.findings * Self.megabyte, "\(format)")
        }
    }
}
