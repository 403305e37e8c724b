import Foundation
import XCTest

/// Hostile inputs that crashed or ran away, beside a good dump in one run: each is one
/// precise error, the good file keeps its finding, the exit status is 2
/// (docs/reliability.md, "Bounds of the importers and the other readers").
final class BoundedInputCLITests: XCTestCase {
    private let good = "layerlint: 1\nroot:\n  name: card\n  frame: [0, 0, 100, 40]\n  backgroundColor: \"#FFFFFF\"\n  shadowOpacity: 0.3\n"

    func testHostileFilesBesideAGoodOne() throws {
        let dir = try temporaryFolder([
            "a-brackets.yml": "layerlint: 1\nroot:\n  myData: " + String(repeating: "[", count: 400_000),
            "b-tagged.yml": "layerlint: 1\nroot:\n  name: !!python/object/apply:os.system [\"id\"]\n",
            "c-good.yml": good,
            "Overflow.viewhierarchy/RequestResponses/Response_1": "{\"topLevelGroups\": {}}",
            "Overflow.viewhierarchy/RequestResponses/Response_9223372036854775807": "{\"topLevelGroups\": {}}",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try run(["lint", "--no-fixes", "--no-config", dir.path])
        XCTAssertEqual(r.status, 2, r.out + r.err)
        let lines = r.out.split(separator: "\n").map { String($0).replacingOccurrences(of: dir.path + "/", with: "") }
        XCTAssertEqual(lines.filter { $0.contains(": error: ") }, [
            "Overflow.viewhierarchy:0:0: error: RequestResponses/Response_9223372036854775807: reply numbers go up to 99999; the view debugger numbers its replies from 0, so this is not one of its exports",
            "a-brackets.yml:3:1011: error: flow collections ([…] and {…}) nested deeper than 1000 levels; the limit limits.flowNestingDepth is 1000; if the dump is genuine, raise it in .layerlint.yml under `limits:`",
            "b-tagged.yml:3:9: error: the tag '!!python/object/apply:os.system' is not allowed: LayerLint's YAML files define no tags; write the value without it (quote it to make it text)",
        ], r.out)
        XCTAssertTrue(lines.contains { $0.hasPrefix("c-good.yml:3:3: warning: card draws a shadow") }, r.out)
    }

    func testHostileConfigurationAndBaseline() throws {
        let dir = try temporaryFolder([
            "good.yml": good,
            "deep.yml": "rules: " + String(repeating: "[", count: 100_000),
            "base.yml": "version: 1\nfindings: " + String(repeating: "[", count: 100_000),
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = try run(["lint", "--config", dir.appendingPathComponent("deep.yml").path, dir.appendingPathComponent("good.yml").path])
        XCTAssertEqual(config.status, 2)
        XCTAssertTrue((config.out + config.err).contains("deep.yml:1:71: error: mappings and lists nested deeper than 64 levels"), config.out + config.err)
        let baseline = try run(["lint", "--no-config", "--baseline", dir.appendingPathComponent("base.yml").path, dir.appendingPathComponent("good.yml").path])
        XCTAssertEqual(baseline.status, 2)
        XCTAssertTrue((baseline.out + baseline.err).contains("base.yml:2:74: error: mappings and lists nested deeper than 64 levels"), baseline.out + baseline.err)
    }
}
