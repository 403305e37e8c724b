import Foundation
import XCTest

/// `.layerlint.yml` as the command line finds and applies it.
final class ConfigurationCLITests: XCTestCase {
    private func feedCell() throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent("fixtures/feed-cell.yml"), encoding: .utf8)
    }

    func testDiscoveredUpwardAndApplied() throws {
        let dir = try temporaryFolder([
            ".layerlint.yml": """
            rules:
              simple-shape-mask: off
            suppressions:
              - rule: shadow-without-path
                layerPath: "FeedCell/contentView/card"
                reason: the card's shadow is drawn once into a cached image
            exclude: ["Snapshots/Legacy/**"]
            """,
            "Snapshots/feed-cell.yml": try feedCell(),
            "Snapshots/Legacy/old.yml": "root: {frame: [0, 0, 10, 10], backgroundColor: \"#FFFFFF\", shadowOpacity: 0.5}\n",
        ])
        let r = try run(["lint", "."], in: dir.appendingPathComponent("Snapshots"))
        XCTAssertEqual(r.status, 0, r.out + r.err)
        XCTAssertTrue(r.out.hasPrefix("1 file,"), "Legacy/ is excluded:\n\(r.out)")
        XCTAssertTrue(r.out.contains("no findings") && r.out.contains("1 suppressed"), r.out)
        // Named explicitly, an excluded file is linted; --no-config ignores the file.
        XCTAssertEqual(try run(["lint", "Legacy/old.yml"], in: dir.appendingPathComponent("Snapshots")).status, 1)
        let plain = try run(["lint", ".", "--no-config"], in: dir.appendingPathComponent("Snapshots"))
        XCTAssertEqual(plain.status, 1)
        XCTAssertTrue(plain.out.contains("2 files"), plain.out)
    }

    func testBudgetsFailTheRun() throws {
        let dir = try temporaryFolder([
            "budget.yml": "budgets:\n  passesPerSnapshot: 5\n  passesPerFile: 8\n",
            "feed-cell.yml": try feedCell(),
        ])
        let r = try run(["lint", "feed-cell.yml", "--config", "budget.yml", "--fail-on", "never"], in: dir)
        XCTAssertEqual(r.status, 1, r.out)
        XCTAssertTrue(r.out.contains("feed-cell.yml:5:1: error: snapshot 'FeedCell' cost 7 offscreen passes per frame, over the budget of 5 [passes-budget]"), r.out)
        XCTAssertTrue(r.out.contains("the file's snapshots cost 9 offscreen passes per frame, over the budget of 8"), r.out)
    }

    func testBrokenConfigurationStopsTheRunWithItsPlace() throws {
        let dir = try temporaryFolder([".layerlint.yml": "rules:\n  shadow-without-path:\n    severty: error\n", "a.yml": try feedCell()])
        let r = try run(["lint", "a.yml"], in: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.err.contains(".layerlint.yml:3:5: error:") && r.err.contains("severty"), r.err)
        XCTAssertTrue(r.out.isEmpty, "nothing is linted with a broken configuration")
    }

    func testPrintedConfigurationReadsBackAndActsTheSame() throws {
        let dir = try temporaryFolder([
            "custom.yml": "rules:\n  unneeded-clip: info\ncost:\n  shadowWithoutPathBlurred: 3\n",
            "feed-cell.yml": try feedCell(),
        ])
        let printed = try run(["config", "--print", "--config", "custom.yml"], in: dir)
        XCTAssertEqual(printed.status, 0, printed.err)
        XCTAssertTrue(printed.out.contains("unneeded-clip: { enabled: true, severity: info }"), printed.out)
        XCTAssertTrue(printed.out.contains("shadowWithoutPathBlurred: 3"), printed.out)
        try printed.out.write(to: dir.appendingPathComponent(".layerlint.yml"), atomically: true, encoding: .utf8)
        let viaCustom = try run(["lint", "feed-cell.yml", "--config", "custom.yml"], in: dir)
        let viaPrinted = try run(["lint", "feed-cell.yml"], in: dir)
        XCTAssertEqual(viaCustom.out, viaPrinted.out)
        XCTAssertTrue(viaPrinted.out.contains("7 now"), "the cost table is applied:\n\(viaPrinted.out)")
    }
}
