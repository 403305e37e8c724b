import Foundation
import XCTest

/// A team adopting LayerLint on a suite with findings: baseline, regenerate, grow, diff.
final class AdoptionTests: XCTestCase {
    /// A screen of shadowed cards in the given order; `header` moves every line.
    private func cards(_ names: [String], header: String = "") -> String {
        var text = header + "screen: Cards\nroot:\n  view: CardsView\n  frame: [0, 0, 375, 812]\n  sublayers:\n"
        for (k, name) in names.enumerated() {
            text += "    - name: \(name)\n      frame: [16, \(20 + 100 * k), 343, 80]\n      backgroundColor: \"#FFFFFF\"\n"
            text += "      shadowOpacity: 0.2\n      shadowRadius: 8\n"
        }
        return text
    }

    func testBaselineAdoptionSurvivesRegeneratedDumps() throws {
        let feed = try String(contentsOf: repositoryRoot.appendingPathComponent("fixtures/feed-cell.yml"), encoding: .utf8)
        let dir = try temporaryFolder(["Snapshots/cards.yml": cards(["a", "b", "c"]), "Snapshots/feed/feed-cell.yml": feed])
        let before = try run(["lint", "Snapshots"], in: dir)
        XCTAssertEqual(before.status, 1)

        let write = try run(["lint", "Snapshots", "--write-baseline", "layerlint-baseline.yml"], in: dir)
        XCTAssertEqual(write.status, 0, write.out + write.err)
        XCTAssertTrue(write.err.contains("wrote 6 findings in 2 files"), write.err)
        let baseline = try String(contentsOf: dir.appendingPathComponent("layerlint-baseline.yml"), encoding: .utf8)
        XCTAssertTrue(baseline.contains(#"file: "Snapshots/feed/feed-cell.yml""#), baseline)
        XCTAssertNil(baseline.range(of: #"\n\s+(line|column):"#, options: .regularExpression), "a baseline never keys on lines")

        // The suite regenerated: cards in another order, every line moved.
        try cards(["c", "a", "b"], header: "# regenerated\nlayerlint: 1\n").write(to: dir.appendingPathComponent("Snapshots/cards.yml"), atomically: true, encoding: .utf8)
        let same = try run(["lint", "Snapshots", "--baseline", "layerlint-baseline.yml"], in: dir)
        XCTAssertEqual(same.status, 0, same.out)
        XCTAssertTrue(same.out.contains("no findings"), same.out)
        XCTAssertTrue(same.out.contains("6 baselined"), same.out)

        // From a subfolder, with the baseline named from there, the same files match.
        let nested = try run(["lint", ".", "--baseline", "../layerlint-baseline.yml"], in: dir.appendingPathComponent("Snapshots"))
        XCTAssertEqual(nested.status, 0, nested.out + nested.err)

        // A new card is the only finding, and fails the run.
        try cards(["c", "a", "new", "b"]).write(to: dir.appendingPathComponent("Snapshots/cards.yml"), atomically: true, encoding: .utf8)
        let grown = try run(["lint", "Snapshots", "--baseline", "layerlint-baseline.yml", "--no-fixes"], in: dir)
        XCTAssertEqual(grown.status, 1)
        let findings = grown.out.split(separator: "\n").filter { $0.contains(": warning: ") }
        XCTAssertEqual(findings.count, 1, grown.out)
        XCTAssertTrue(findings.first?.contains("Snapshots/cards.yml:") == true && grown.out.contains("CardsView/new"), grown.out)

        // A fixed card: fine, unless the baseline must be tightened.
        try cards(["a", "b"]).write(to: dir.appendingPathComponent("Snapshots/cards.yml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try run(["lint", "Snapshots", "--baseline", "layerlint-baseline.yml"], in: dir).status, 0)
        let strict = try run(["lint", "Snapshots", "--baseline", "layerlint-baseline.yml", "--strict-baseline"], in: dir)
        XCTAssertEqual(strict.status, 1, strict.out)
        XCTAssertTrue(strict.out.contains("1 baselined finding gone") || strict.out.contains("gone"), strict.out)
    }

    /// A baseline written to a folder deeper than the dumps': the run is compared with it
    /// by that folder's names, on one core and on several (where it is written beside the
    /// comparison); one that cannot be written compares nothing.
    func testWritingABaselineInAnotherFolder() throws {
        let dir = try temporaryFolder(["Snapshots/cards.yml": cards(["a", "b"]), "team/ci/.keep": ""])
        for jobs in ["1", "2"] {
            let r = try run(["lint", "Snapshots", "--write-baseline", "team/ci/base.yml", "--jobs", jobs], in: dir)
            XCTAssertEqual(r.status, 0, r.out + r.err)
            XCTAssertTrue(r.err.contains("wrote 2 findings in 1 files"), r.err)
            XCTAssertTrue(r.out.contains("no findings") && r.out.contains("2 baselined"), r.out)
            let written = try String(contentsOf: dir.appendingPathComponent("team/ci/base.yml"), encoding: .utf8)
            XCTAssertTrue(written.contains(#"file: "../../Snapshots/cards.yml""#), written)
            let failed = try run(["lint", "Snapshots", "--write-baseline", "missing/base.yml", "--jobs", jobs], in: dir)
            XCTAssertEqual(failed.status, 2, failed.err)
            XCTAssertTrue(failed.err.contains("missing/base.yml"), failed.err)
            XCTAssertEqual(failed.out.split(separator: "\n").filter { $0.contains(": warning: ") }.count, 2, failed.out)
        }
    }

    func testBrokenOrMissingBaselineIsAnErrorNotSilence() throws {
        let dir = try temporaryFolder(["a.yml": cards(["a"]), "base.yml": "version: 1\nfindings:\n  - file: a.yml\n    rule: x\n    layer: y\n    cnt: 1\n"])
        let broken = try run(["lint", "a.yml", "--baseline", "base.yml"], in: dir)
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.err.contains("base.yml:6:5: error: unknown key 'cnt'"), broken.err)
        let missing = try run(["lint", "a.yml", "--baseline", "nope.yml"], in: dir)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.err.contains("nope.yml"), missing.err)
        XCTAssertEqual(try run(["lint", "a.yml", "--strict-baseline"], in: dir).status, 2)
    }

    func testSeveralReportsFromOneRunAndWholeFiles() throws {
        let dir = try temporaryFolder(["a.yml": cards(["a", "b"])])
        let r = try run(["lint", "a.yml", "--reporter", "json:out/report.json", "--reporter", "text"], in: dir)
        XCTAssertEqual(r.status, 2, "the folder out/ does not exist")
        XCTAssertTrue(r.err.contains("cannot write out/report.json"), r.err)
        XCTAssertTrue(r.out.contains("a.yml:"), "the other report is still written")

        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
        let ok = try run(["lint", "a.yml", "--reporter", "json:out/report.json", "--reporter", "text"], in: dir)
        XCTAssertEqual(ok.status, 1)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("out/report.json"))) as? [String: Any]
        XCTAssertEqual((json?["summary"] as? [String: Any])?["findings"] as? Int, 2)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path)
        XCTAssertEqual(leftovers, ["report.json"], "no temporary file is left behind")

        let twice = try run(["lint", "a.yml", "--reporter", "text", "--reporter", "json"], in: dir)
        XCTAssertEqual(twice.status, 2)
        XCTAssertTrue(twice.err.contains("only one report can go to standard output"), twice.err)
    }

    func testReportsWrittenSideBySideEqualThoseWrittenOneByOne() throws {
        // Several reports are written at once on the cores the run may use: each must be
        // the one a run with one job writes, and failures keep the order they were asked in.
        let dir = try temporaryFolder(["a.yml": cards(["a", "b", "c"])])
        let formats = ["json", "sarif", "junit", "github", "gitlab", "checkstyle", "rdjsonl", "markdown"]
        for jobs in ["1", "4"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("j\(jobs)"), withIntermediateDirectories: true)
            let r = try run(["lint", "a.yml", "--jobs", jobs] + formats.flatMap { ["--reporter", "\($0):j\(jobs)/report.\($0)"] }, in: dir)
            XCTAssertEqual(r.status, 1, r.err)
        }
        for format in formats {
            let one = try Data(contentsOf: dir.appendingPathComponent("j1/report.\(format)"))
            let four = try Data(contentsOf: dir.appendingPathComponent("j4/report.\(format)"))
            XCTAssertFalse(one.isEmpty, format)
            XCTAssertEqual(one, four, format)
        }
        let failing = try run(["lint", "a.yml", "--jobs", "4", "--reporter", "json:none/a.json", "--reporter", "sarif:j4/again.sarif",
                               "--reporter", "junit:none/b.xml", "--reporter", "text"], in: dir)
        XCTAssertEqual(failing.status, 2)
        let first = try XCTUnwrap(failing.err.range(of: "none/a.json")), second = try XCTUnwrap(failing.err.range(of: "none/b.xml"))
        XCTAssertLessThan(first.lowerBound, second.lowerBound, failing.err)
        XCTAssertTrue(failing.out.contains("a.yml:"), "the text report is still written")
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("j4/again.sarif").path))
    }

    func testDiffOfTwoFoldersFailsOnNewFindingsOnly() throws {
        let dir = try temporaryFolder([
            "old/cards.yml": cards(["a", "b"]), "old/gone.yml": cards(["x"]),
            "new/cards.yml": cards(["b", "a", "c"], header: "# moved\n"), "new/fresh.yml": cards([]),
            "fewer/cards.yml": cards(["b"]),
        ])
        let grown = try run(["diff", "old", "new", "--no-fixes"], in: dir)
        XCTAssertEqual(grown.status, 1, grown.out + grown.err)
        XCTAssertTrue(grown.out.contains("new/cards.yml:"), grown.out)
        XCTAssertTrue(grown.out.contains("CardsView/c"), grown.out)
        XCTAssertFalse(grown.out.contains("CardsView/a ") || grown.out.contains("CardsView/b "), grown.out)
        XCTAssertTrue(grown.out.contains("CardsView/x"), "the removed file's finding is reported as removed:\n\(grown.out)")

        let shrunk = try run(["diff", "old/cards.yml", "fewer/cards.yml"], in: dir)
        XCTAssertEqual(shrunk.status, 0, shrunk.out)

        let mixed = try run(["diff", "old", "new/cards.yml"], in: dir)
        XCTAssertEqual(mixed.status, 2)
    }
}
