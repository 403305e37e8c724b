import Foundation
import XCTest

/// The exit-code contract of every command: 0 clean, 1 findings or budgets, 2 when the
/// run could not do what was asked (docs/reliability.md, "Outputs and the exit-code contract").
final class ExitStatusCLITests: XCTestCase {
    private let dump = "layerlint: 1\nroot:\n  name: card\n  frame: [0, 0, 100, 40]\n  backgroundColor: \"#FFFFFF\"\n  shadowOpacity: 0.3\n"

    func testEveryUsageErrorExitsTwoWithTheParsersMessage() throws {
        let cases: [(args: [String], message: String)] = [
            (["lint", "--no-such-option", "fixtures"], "Unknown option '--no-such-option'"),
            (["lint", "--fail-on", "sometimes", "fixtures"], "The value 'sometimes' is invalid for '--fail-on <fail-on>'"),
            (["lint", "--jobs", "many", "fixtures"], "The value 'many' is invalid for '--jobs <jobs>'"),
            (["lint", "--jobs", "0", "fixtures"], "--jobs must be at least 1"),
            (["lint"], "Missing expected argument '<path> ...'"),
            (["lint", "fixtures", "--reporter"], "Missing value for '--reporter <format[:path]>'"),
            (["lint", "fixtures", "--reporter", "xml"], "unknown report format 'xml'"),
            (["lint", "fixtures", "--strict-baseline"], "--strict-baseline needs --baseline PATH"),
            (["lint", "fixtures", "--config", "a.yml", "--no-config"], "--config and --no-config cannot be used together"),
            (["diff", "fixtures"], "Missing expected argument '<new>'"),
            (["diff", "fixtures", "fixtures/feed-cell.yml"], "OLD and NEW must both be files or both be folders"),
            (["convert", "fixtures/feed-cell.yml"], "Missing expected argument '--to <format>'"),
            (["convert", "fixtures/feed-cell.yml", "--to", "xml"], "--to takes yaml or json, found 'xml'"),
            (["config"], "say what to do: --print"),
            (["explain"], "Missing expected argument '<rule>'"),
            (["explain", "no-such-rule"], "no rule 'no-such-rule'"),
            (["rules", "extra"], "Unexpected argument 'extra'"),
            (["no-such-command"], "Unexpected argument 'no-such-command'"),
        ]
        for c in cases {
            let r = try run(c.args)
            XCTAssertEqual(r.status, 2, "\(c.args): \(r.err)")
            XCTAssertTrue(r.err.contains("Error: ") && r.err.contains(c.message), "\(c.args): \(r.err)")
            XCTAssertEqual(r.out, "", "\(c.args)")
        }
    }

    func testHelpAndVersionExitZeroAndHelpStatesTheContract() throws {
        let version = try run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.out, "0.1.0\n")
        for command in [[], ["lint"], ["diff"], ["convert"], ["config"], ["rules"], ["explain"]] {
            let help = try run(command + ["--help"])
            XCTAssertEqual(help.status, 0, "\(command)")
            let text = help.out.replacingOccurrences(of: "\n", with: " ")
            XCTAssertTrue(text.contains("Exit status"), "\(command): \(help.out)")
            XCTAssertTrue(text.contains("2 when"), "\(command): \(help.out)")
        }
        XCTAssertEqual(try run(["help", "lint"]).status, 0)
    }

    func testEveryRunThatCannotDoWhatWasAskedExitsTwo() throws {
        let dir = try temporaryFolder(["a.yml": dump, "broken/.layerlint.yml": "rules: [\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        // An input that cannot be read.
        let missing = try run(["lint", "no-such.yml"], in: dir)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.out.contains("no-such.yml:0:0: error: no such file or folder"), missing.out)
        XCTAssertEqual(try run(["diff", "a.yml", "no-such.yml"], in: dir).status, 2)
        XCTAssertEqual(try run(["convert", "no-such.yml", "--to", "yaml"], in: dir).status, 2)
        // A report that cannot be written.
        let unwritable = try run(["lint", "a.yml", "--reporter", "json:no/such/folder/r.json"], in: dir)
        XCTAssertEqual(unwritable.status, 2)
        XCTAssertTrue(unwritable.err.contains("cannot write no/such/folder/r.json: the folder no/such/folder does not exist"), unwritable.err)
        XCTAssertEqual(try run(["convert", "a.yml", "--to", "json", "--output", "no/such/r.json"], in: dir).status, 2)
        // An output that is an input.
        XCTAssertEqual(try run(["lint", "a.yml", "--reporter", "json:./a.yml"], in: dir).status, 2)
        // A configuration or a baseline that cannot be read.
        let config = try run(["lint", "../a.yml"], in: dir.appendingPathComponent("broken"))
        XCTAssertEqual(config.status, 2)
        XCTAssertTrue(config.err.contains(".layerlint.yml:"), config.err)
        XCTAssertEqual(try run(["config", "--print"], in: dir.appendingPathComponent("broken")).status, 2)
        XCTAssertEqual(try run(["lint", "a.yml", "--baseline", "no-such-baseline.yml"], in: dir).status, 2)
    }

    func testAConfigurationThatLeavesNothingToLintIsAnError() throws {
        let dir = try temporaryFolder(["Snapshots/a.yml": dump, "Snapshots/b.json": "{\"root\": {}}"])
        defer { try? FileManager.default.removeItem(at: dir) }
        try "include: [\"Snapshot/**\"]\n".write(to: dir.appendingPathComponent(".layerlint.yml"), atomically: true, encoding: .utf8)
        let include = try run(["lint", "Snapshots"], in: dir)
        XCTAssertEqual(include.status, 2, include.out + include.err)
        XCTAssertTrue(include.err.contains("nothing to lint: `include: [Snapshot/**]` in ") && include.err.contains("matches none of all 2 dumps found in folders"), include.err)
        XCTAssertEqual(try run(["diff", "Snapshots", "Snapshots"], in: dir).status, 2)

        try "exclude: [\"**/*.yml\", \"**/*.json\"]\n".write(to: dir.appendingPathComponent(".layerlint.yml"), atomically: true, encoding: .utf8)
        let exclude = try run(["lint", "Snapshots"], in: dir)
        XCTAssertEqual(exclude.status, 2, exclude.out + exclude.err)
        XCTAssertTrue(exclude.err.contains("nothing to lint: `exclude: [**/*.yml, **/*.json]` in ") && exclude.err.contains("leaves out all 2 dumps"), exclude.err)
        // A file named explicitly is still linted; so is a run where some dump is left.
        XCTAssertEqual(try run(["lint", "Snapshots/a.yml"], in: dir).status, 1)
        try "exclude: [\"**/*.json\"]\n".write(to: dir.appendingPathComponent(".layerlint.yml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try run(["lint", "Snapshots"], in: dir).status, 1)
    }

    func testTwoFilesGivenToDiffAreAPairWhateverTheirNames() throws {
        let clean = "layerlint: 1\nroot:\n  name: card\n  frame: [0, 0, 100, 40]\n"
        let dir = try temporaryFolder(["before.yaml": clean, "after.yaml": dump])
        defer { try? FileManager.default.removeItem(at: dir) }
        let grown = try run(["diff", "before.yaml", "after.yaml", "--reporter", "json"], in: dir)
        XCTAssertEqual(grown.status, 1, grown.out + grown.err)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(grown.out.utf8)) as? [String: Any])
        let files = try XCTUnwrap(json["files"] as? [[String: Any]])
        XCTAssertEqual(files.count, 1, grown.out)
        XCTAssertEqual(files.first?["oldPath"] as? String, "before.yaml")
        XCTAssertEqual(files.first?["newPath"] as? String, "after.yaml")
        XCTAssertEqual((files.first?["added"] as? [Any])?.count, 1, grown.out)
        let shrunk = try run(["diff", "after.yaml", "before.yaml"], in: dir)
        XCTAssertEqual(shrunk.status, 0, shrunk.out)
        XCTAssertTrue(shrunk.out.contains("removed") || shrunk.out.contains("-"), shrunk.out)
    }
}
