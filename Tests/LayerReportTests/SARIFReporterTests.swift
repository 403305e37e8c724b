import Foundation
@testable import LayerReport
import LayerLintKit
import XCTest

final class SARIFReporterTests: XCTestCase {
    private func run(_ sarif: [String: Any]) throws -> [String: Any] {
        let runs = try XCTUnwrap(sarif["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.count, 1)
        return runs[0]
    }

    private func shadow(_ rules: [[String: Any]]) -> [String: Any] {
        rules.first { $0["id"] as? String == "shadow-without-path" } ?? [:]
    }

    private func results(_ sarif: [String: Any]) throws -> [[String: Any]] {
        try XCTUnwrap(try run(sarif)["results"] as? [[String: Any]])
    }

    func testHasEveryFieldCodeScanningReadsWithTheRightTypes() throws {
        let sarif = try jsonObject(SARIFReporter(version: "1.2.3").render(try fullReport()))
        XCTAssertEqual(sarif["$schema"] as? String, "https://json.schemastore.org/sarif-2.1.0.json")
        XCTAssertEqual(sarif["version"] as? String, "2.1.0")
        let driver = try XCTUnwrap((try run(sarif)["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "LayerLint")
        XCTAssertEqual(driver["semanticVersion"] as? String, "1.2.3")
        XCTAssertEqual(driver["informationUri"] as? String, "https://github.com/layerlint/layerlint")
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.compactMap { $0["id"] as? String }, RuleCatalog.embedded.rules.map(\.id) + ["passes-budget"])
        for rule in rules {
            let id = try XCTUnwrap(rule["id"] as? String)
            XCTAssertEqual(rule["name"] as? String, id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined())
            XCTAssertFalse(((rule["shortDescription"] as? [String: Any])?["text"] as? String ?? "").isEmpty, id)
            XCTAssertFalse(((rule["fullDescription"] as? [String: Any])?["text"] as? String ?? "").isEmpty, id)
            let help = try XCTUnwrap(rule["help"] as? [String: String], id)
            XCTAssertTrue(help["text"]?.contains("How to fix") == true, id)
            XCTAssertTrue(help["markdown"]?.contains("**How to fix:**") == true, id)
            // A Swift block is shown only when there is code in it (no empty block for a
            // rule whose code is all the finding's own).
            let markdown = help["markdown"] ?? ""
            if let block = markdown.range(of: "```swift\n") {
                let code = markdown[block.upperBound...].prefix { $0 != "`" }
                XCTAssertTrue(code.contains { !$0.isWhitespace && $0 != "…" }, "\(id): empty Swift block")
            }
            XCTAssertTrue((rule["helpUri"] as? String)?.hasPrefix("https://") == true, id)
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            XCTAssertTrue(["error", "warning", "note"].contains(level ?? ""), id)
        }
        // A fix told wholly in the finding's values still has words in the rule's help.
        let groupOpacity = try XCTUnwrap(rules.first { $0["id"] as? String == "group-opacity" })
        XCTAssertTrue(((groupOpacity["help"] as? [String: String])?["markdown"] ?? "").contains("**How to fix:** given with each finding"))
        let plainMask = try XCTUnwrap(rules.first { $0["id"] as? String == "plain-layer-mask" })
        XCTAssertFalse(((plainMask["help"] as? [String: String])?["markdown"] ?? "").contains("```swift"))
        XCTAssertTrue(((shadow(rules)["help"] as? [String: String])?["markdown"] ?? "").contains("```swift\nlayer.shadowPath"))
        // Catalog rules with references link them in their help.
        let shadow = try XCTUnwrap(rules.first { $0["id"] as? String == "shadow-without-path" })
        XCTAssertTrue(((shadow["help"] as? [String: String])?["markdown"] ?? "").contains("](https://developer.apple.com/"))

        let results = try results(sarif)
        XCTAssertEqual(results.count, 6, "4 findings and 2 budget violations")
        for r in results {
            let ruleID = try XCTUnwrap(r["ruleId"] as? String)
            let index = try XCTUnwrap(r["ruleIndex"] as? Int)
            XCTAssertTrue(rules.indices.contains(index))
            XCTAssertEqual(rules[index]["id"] as? String, ruleID)
            XCTAssertTrue(["error", "warning", "note"].contains(r["level"] as? String ?? ""))
            XCTAssertFalse(((r["message"] as? [String: Any])?["text"] as? String ?? "").isEmpty)
            XCTAssertNil(r["fixes"], "a fix is app code, not an edit of the dump")
            let location = try XCTUnwrap((r["locations"] as? [[String: Any]])?.first)
            let physical = try XCTUnwrap(location["physicalLocation"] as? [String: Any])
            let artifact = try XCTUnwrap(physical["artifactLocation"] as? [String: String])
            XCTAssertEqual(artifact["uriBaseId"], "%SRCROOT%")
            let region = try XCTUnwrap(physical["region"] as? [String: Int])
            XCTAssertGreaterThanOrEqual(region["startLine"] ?? 0, 1)
            XCTAssertEqual(region["endLine"], region["startLine"])
            XCTAssertEqual(region["endColumn"], (region["startColumn"] ?? 0) + 1)
            let fingerprint = try XCTUnwrap((r["partialFingerprints"] as? [String: String])?["layerlint/v1"])
            XCTAssertEqual(fingerprint.count, 16)
            XCTAssertTrue(fingerprint.allSatisfy(\.isHexDigit))
            let properties = try XCTUnwrap(r["properties"] as? [String: Any])
            XCTAssertNotNil(properties["passes"] as? Int)
            if ruleID == "passes-budget" {
                XCTAssertEqual(r["level"] as? String, "error")
                XCTAssertEqual(region["startColumn"], 1)
                XCTAssertNil(location["logicalLocations"])
            } else {
                let logical = try XCTUnwrap((location["logicalLocations"] as? [[String: String]])?.first)
                XCTAssertEqual(logical["kind"], "element")
                XCTAssertEqual(logical["fullyQualifiedName"], properties["layerPath"] as? String)
                XCTAssertEqual(logical["name"], logical["fullyQualifiedName"]?.split(separator: "/").last.map(String.init))
                XCTAssertNotNil(properties["passesAfterFix"] as? Int)
                XCTAssertFalse(((properties["fix"] as? [String: String])?["swift"] ?? "").isEmpty)
            }
        }
        let first = results[0]
        XCTAssertEqual(first["ruleId"] as? String, "shadow-without-path")
        XCTAssertEqual((((first["locations"] as? [[String: Any]])?[0]["physicalLocation"] as? [String: Any])?["region"] as? [String: Int])?["startLine"], 17)
        XCTAssertEqual(Set(results.compactMap { ($0["partialFingerprints"] as? [String: String])?["layerlint/v1"] }).count, 6,
                       "the avatar reported in both snapshots gets two fingerprints")
    }

    func testReadErrorsAreFailedInvocationNotifications() throws {
        let invocation = try XCTUnwrap((try run(try jsonObject(SARIFReporter().render(try fullReport())))["invocations"] as? [[String: Any]])?.first)
        XCTAssertEqual(invocation["executionSuccessful"] as? Bool, false)
        let notes = try XCTUnwrap(invocation["toolExecutionNotifications"] as? [[String: Any]])
        XCTAssertEqual(notes.count, 1)
        XCTAssertEqual(notes[0]["level"] as? String, "error")
        XCTAssertEqual((notes[0]["message"] as? [String: String])?["text"], "expected ':' at \"x\", got '<' & more,\r\nthen 100%")
        let physical = try XCTUnwrap(((notes[0]["locations"] as? [[String: Any]])?[0])?["physicalLocation"] as? [String: Any])
        XCTAssertEqual((physical["artifactLocation"] as? [String: String])?["uri"], "broken%20%3C%26%3E.yml")
        XCTAssertEqual((physical["region"] as? [String: Int])?["startLine"], 3)

        let clean = try jsonObject(SARIFReporter().render(LintReport(files: [try lintFixture("feed-cell.yml")])))
        XCTAssertEqual(((try run(clean)["invocations"] as? [[String: Any]])?.first)?["executionSuccessful"] as? Bool, true)
    }

    func testURIsAreRelativeEncodedOrFileURIs() throws {
        func uri(_ path: String, root: String? = "/work/app") -> (String?, String?) {
            let a = ArtifactURI(path: path, root: root)
            return (a.uri, a.isRelative ? "%SRCROOT%" : nil)
        }
        XCTAssertTrue(uri("./fixtures/feed-cell.yml") == ("fixtures/feed-cell.yml", "%SRCROOT%"))
        XCTAssertTrue(uri("././dumps/odd, name: 100%.yml") == ("dumps/odd%2C%20name%3A%20100%25.yml", "%SRCROOT%"))
        XCTAssertTrue(uri("/work/app/dumps/a b.yml") == ("dumps/a%20b.yml", "%SRCROOT%"))
        XCTAssertTrue(uri("/work/app/dumps/a.yml", root: "/work/app/") == ("dumps/a.yml", "%SRCROOT%"))
        XCTAssertTrue(uri("/work/application/a.yml") == ("file:///work/application/a.yml", nil))
        XCTAssertTrue(uri("/tmp/é.yml", root: nil) == ("file:///tmp/%C3%A9.yml", nil))

        var file = try lintFixture("feed-cell.yml")
        file.path = "/work/app/fixtures/feed-cell.yml"
        let run = try run(try jsonObject(SARIFReporter(root: "/work/app").render(LintReport(files: [file]))))
        let bases = try XCTUnwrap(run["originalUriBaseIds"] as? [String: [String: String]])
        XCTAssertEqual(bases["%SRCROOT%"]?["uri"], "file:///work/app/")
        let artifact = ((((run["results"] as? [[String: Any]])?[0]["locations"] as? [[String: Any]])?[0]["physicalLocation"]
            as? [String: Any])?["artifactLocation"] as? [String: String])
        XCTAssertEqual(artifact?["uri"], "fixtures/feed-cell.yml")
    }

    /// Reformatting a dump moves every line; the fingerprints must not move with them.
    func testFingerprintsIgnoreLines() throws {
        let text = try fixtureText("feed-cell.yml")
        let original = Linter().lint(text: text, path: "fixtures/feed-cell.yml", syntax: .yaml)
        let shifted = Linter().lint(text: "# reformatted\n\n# by a tool\n\n" + text, path: "fixtures/feed-cell.yml", syntax: .yaml)
        func fingerprintsAndLines(_ f: FileReport) throws -> [(String, Int)] {
            try results(try jsonObject(SARIFReporter().render(LintReport(files: [f])))).map { r in
                let fp = (r["partialFingerprints"] as? [String: String])?["layerlint/v1"] ?? ""
                let line = ((((r["locations"] as? [[String: Any]])?[0]["physicalLocation"] as? [String: Any])?["region"]
                    as? [String: Int])?["startLine"]) ?? 0
                return (fp, line)
            }
        }
        let a = try fingerprintsAndLines(original), b = try fingerprintsAndLines(shifted)
        XCTAssertEqual(a.count, 3)
        XCTAssertEqual(a.map(\.0), b.map(\.0))
        XCTAssertEqual(a.map { $0.1 + 4 }, b.map(\.1), "the lines did move")
    }

    /// Occurrences count among equal identities of one file: a diff's added and removed
    /// findings of the same file count together, another file counts on its own, and the
    /// fingerprint is the stable hash of rule, screen and layer path with that count.
    func testFingerprintOccurrencesCountPerFile() throws {
        let file = try lintFixture("feed-cell.yml")
        let findings = file.snapshots.flatMap(\.findings)
        XCTAssertFalse(findings.isEmpty)
        func fingerprints(_ diff: DiffReport) throws -> [String] {
            try results(try jsonObject(SARIFReporter().render(diff))).map { ($0["partialFingerprints"] as? [String: String])?["layerlint/v1"] ?? "" }
        }
        /// The fingerprints of `files`' findings, each file counting on its own.
        func expected(_ files: [[Finding]]) -> [String] {
            files.flatMap { findings in
                var seen: [String: Int] = [:]
                return findings.map { f in
                    let key = f.rule + "\u{0}" + f.layerPath
                    let occurrence = seen[key, default: 0]
                    seen[key] = occurrence + 1
                    var hash = StableHash()
                    hash.combine(f.rule); hash.combine(""); hash.combine(f.layerPath); hash.combine(decimal: occurrence)
                    return hash.hex
                }
            }
        }
        let same = DiffReport(files: [FileDiff(path: "a.yml", oldPath: "a.yml", newPath: "a.yml", added: findings, removed: findings, snapshots: [])])
        XCTAssertEqual(try fingerprints(same), expected([findings + findings]))
        let apart = DiffReport(files: [FileDiff(path: "a.yml", oldPath: "a.yml", newPath: "a.yml", added: findings, removed: [], snapshots: []),
                                       FileDiff(path: "b.yml", oldPath: "b.yml", newPath: "b.yml", added: findings, removed: [], snapshots: [])])
        XCTAssertEqual(try fingerprints(apart), expected([findings, findings]))
        XCTAssertNotEqual(expected([findings + findings]), expected([findings, findings]))
    }

    func testFNV1a64KnownValues() {
        var empty = StableHash()
        XCTAssertEqual(empty.hex, "cbf29ce484222325")
        empty.combine(byte: UInt8(ascii: "a"))
        XCTAssertEqual(empty.hex, "af63dc4c8601ec8c")
        var foobar = StableHash()
        for b in "foobar".utf8 { foobar.combine(byte: b) }
        XCTAssertEqual(foobar.hex, "85944171f73967e8")
    }

    func testDiffMarksNewAndAbsentResults() throws {
        let results = try results(try jsonObject(SARIFReporter().render(try sampleDiff())))
        XCTAssertEqual(results.map { $0["baselineState"] as? String }, ["new", "new", "absent"])
        let uris = results.map { ((($0["locations"] as? [[String: Any]])?[0]["physicalLocation"] as? [String: Any])?["artifactLocation"]
            as? [String: String])?["uri"] }
        XCTAssertEqual(uris, ["new/feed-cell.yml", "new/feed-cell.yml", "old/odd.yml"])
    }
}
