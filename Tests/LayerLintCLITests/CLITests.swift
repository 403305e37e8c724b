import Foundation
import XCTest

/// Runs the built `layerlint` binary as a user would.
final class CLITests: XCTestCase {
    func testFixturesGiveCompilerStyleFindingsAndExitOne() throws {
        let r = try run(["lint", "fixtures/feed-cell.yml"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.out.contains("fixtures/feed-cell.yml:17:11: warning: "), r.out)
        XCTAssertTrue(r.out.contains("[shadow-without-path]"))
        XCTAssertTrue(r.out.contains("layer.shadowPath = UIBezierPath(roundedRect:"))
        XCTAssertTrue(r.out.contains("offscreen passes per frame: 9 now, 0 after fixes"), r.out)
    }

    func testCleanDumpExitsZero() throws {
        let r = try run(["lint", "fixtures/recipe-cell-clean.yml"])
        XCTAssertEqual(r.status, 0, r.out)
        XCTAssertTrue(r.out.contains("no findings"))
    }

    func testFailOnNeverAndInfo() throws {
        XCTAssertEqual(try run(["lint", "--fail-on", "never", "fixtures/feed-cell.yml"]).status, 0)
        XCTAssertEqual(try run(["lint", "--fail-on", "error", "fixtures/feed-cell.yml"]).status, 0)
        XCTAssertEqual(try run(["lint", "--fail-on", "info", "fixtures/recipe-cell-clean.yml"]).status, 0)
    }

    func testBrokenFileDoesNotHideTheOthers() throws {
        let dir = try temporaryFolder([
            "a-broken.yaml": "root:\n  sublayers:\n    - frame: [0, 0, 10]\n",
            "b-good.yaml": "root:\n  name: card\n  frame: [0, 0, 100, 40]\n  backgroundColor: \"#FFFFFF\"\n  shadowOpacity: 0.3\n",
            "c-bad.json": "{\"root\": {\"opacity\": \"1\"}}",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try run(["lint", dir.path])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.out.contains("a-broken.yaml:3:14: error: `frame` needs 4 numbers [x, y, width, height], found 3"), r.out)
        XCTAssertTrue(r.out.contains("c-bad.json:1:22: error: `opacity` must be a number from 0 to 1, found the string '1'"), r.out)
        XCTAssertTrue(r.out.contains("b-good.yaml:2:3: warning: card draws a shadow"), r.out)
        XCTAssertTrue(r.out.contains("2 files could not be read"), r.out)
    }

    func testJSONOutputHasTheDocumentedShape() throws {
        let r = try run(["lint", "--format", "json", "fixtures/feed-cell.yml", "fixtures/recipe-cell-clean.yml"])
        XCTAssertEqual(r.status, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let summary = try XCTUnwrap(object["summary"] as? [String: Any])
        XCTAssertEqual(summary["files"] as? Int, 2)
        XCTAssertEqual(summary["findings"] as? Int, 3)
        XCTAssertEqual(summary["passes"] as? Int, 9)
        XCTAssertEqual(summary["passesAfterFixes"] as? Int, 0)
        XCTAssertEqual(summary["errors"] as? Int, 0)
        let files = try XCTUnwrap(object["files"] as? [[String: Any]])
        let snapshot = try XCTUnwrap((files[0]["snapshots"] as? [[String: Any]])?.first)
        XCTAssertEqual(snapshot["screen"] as? String, "FeedCell")
        let finding = try XCTUnwrap((snapshot["findings"] as? [[String: Any]])?.first)
        for key in ["rule", "severity", "line", "column", "layerPath", "layerName", "passes", "message", "fix"] {
            XCTAssertNotNil(finding[key], key)
        }
        XCTAssertTrue(files[1]["error"] is NSNull)
    }

    func testStandardInputYAMLAndJSON() throws {
        let yaml = try run(["lint", "-"], stdin: "root:\n  frame: [0, 0, 10, 10]\n  backgroundColor: \"#FFFFFF\"\n  shadowOpacity: 0.3\n")
        XCTAssertEqual(yaml.status, 1)
        XCTAssertTrue(yaml.out.contains("<stdin>:2:3: warning:"), yaml.out)
        let json = try run(["lint", "-"], stdin: "{\"root\": {\"frame\": [0, 0, 10, 10], \"backgroundColor\": \"#FFFFFF\", \"shadowOpacity\": 0.3}}")
        XCTAssertEqual(json.status, 1)
        XCTAssertTrue(json.out.contains("<stdin>:1:10: warning:"), json.out)
    }

    func testMissingPathAndBadOptionsAreUsageErrors() throws {
        let missing = try run(["lint", "no/such/file.yaml"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.out.contains("no/such/file.yaml:0:0: error: no such file or folder"), missing.out)
        XCTAssertEqual(try run(["lint", "--format", "xml", "fixtures"]).status, 2)
        XCTAssertEqual(try run(["lint", "--jobs", "0", "fixtures"]).status, 2)
    }

    func testRulesAndExplain() throws {
        let rules = try run(["rules"])
        XCTAssertEqual(rules.status, 0)
        for id in ["shadow-without-path", "plain-layer-mask", "simple-shape-mask", "unneeded-clip"] {
            XCTAssertTrue(rules.out.contains(id), id)
        }
        let explain = try run(["explain", "simple-shape-mask"])
        XCTAssertEqual(explain.status, 0)
        XCTAssertTrue(explain.out.contains("cornerCurve"))
        XCTAssertTrue(explain.out.contains("tech-talks/10857"))
        XCTAssertNil(explain.out.range(of: #"\{[A-Za-z]+\}"#, options: .regularExpression), "explain shows rendered fixes, not templates:\n\(explain.out)")
        XCTAssertTrue(explain.out.contains("layer.cornerRadius = 20"), explain.out)
        let unknown = try run(["explain", "no-such-rule"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.err.contains("shadow-without-path"))
    }

    func testParallelJobsGiveTheSameOutputAsOne() throws {
        let one = try run(["lint", "--jobs", "1", "fixtures"])
        let many = try run(["lint", "--jobs", "4", "fixtures"])
        XCTAssertEqual(one.out, many.out)
        XCTAssertEqual(one.status, many.status)
    }
}

final class ConvertCLITests: XCTestCase {
    func testConvertWritesYAMLToStandardOutputAndJSONToAFile() throws {
        let yaml = try run(["convert", "fixtures/tab-bar.json", "--to", "yaml"])
        XCTAssertEqual(yaml.status, 0, yaml.err)
        XCTAssertTrue(yaml.out.hasPrefix("layerlint: 1\nrefreshRate: 120\nscreen: MainTabBar\nroot:\n"), yaml.out)

        let dir = try temporaryFolder(["in.yml": yaml.out])
        let written = try run(["convert", "in.yml", "--to", "json", "--output", "out.json"], in: dir)
        XCTAssertEqual(written.status, 0, written.err)
        XCTAssertEqual(written.out, "")
        let json = try String(contentsOf: dir.appendingPathComponent("out.json"), encoding: .utf8)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(json.utf8)))
        // Back to YAML: the same bytes as the first conversion.
        XCTAssertEqual(try run(["convert", "out.json", "--to", "yaml"], in: dir).out, yaml.out)
        // Standard input, with the syntax named.
        XCTAssertEqual(try run(["convert", "-", "--input-format", "json", "--to", "yaml"], stdin: json).out, yaml.out)
    }

    func testAReadErrorIsPreciseExitsTwoAndWritesNothing() throws {
        let dir = try temporaryFolder(["bad.yml": "layerlint: 1\nroot:\n  opacity: 1.5\n"])
        let r = try run(["convert", "bad.yml", "--to", "json", "--output", "out.json"], in: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.err.contains("bad.yml:3:12: error: `opacity` must be from 0 to 1"), r.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.json").path))
        XCTAssertEqual(try run(["convert", "missing.yml", "--to", "yaml"], in: dir).status, 2)
    }

    func testSeveralSnapshotsConvertToYAMLButNotToJSON() throws {
        let json = try run(["convert", "fixtures/feed-cell.yml", "--to", "json"])
        XCTAssertEqual(json.status, 2)
        XCTAssertTrue(json.err.contains("holds 2 snapshots and a JSON dump holds exactly one"), json.err)
        let yaml = try run(["convert", "fixtures/feed-cell.yml", "--to", "yaml"])
        XCTAssertEqual(yaml.out.components(separatedBy: "\n---\n").count, 2)
        XCTAssertEqual(try run(["convert", "fixtures/feed-cell.yml", "--to", "xml"]).status, 2)
    }
}
