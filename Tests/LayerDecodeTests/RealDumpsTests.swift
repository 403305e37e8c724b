import Foundation
import LayerDecode
import LayerImport
import LayerLintKit
import LayerModel
import XCTest

/// Real UIKit output in two places: `Tests/RealDumps` (third-party files kept in the
/// repository with their licences) and `../shared/real-dumps` (kept outside it; skipped
/// where absent). Each folder's SOURCE.txt names where its dumps came from and states
/// "N views, max depth D"; every dump must import with those counts. The bundled ones also
/// state `expected:`, the findings LayerLint reports on them.
final class RealDumpsTests: XCTestCase {
    private typealias S = RecursiveDescriptionSupport

    /// The repository root; this file is `<repository>/Tests/LayerDecodeTests/…`.
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let bundledFolder = repository.appendingPathComponent("Tests/RealDumps")
    static let sharedFolder = repository.deletingLastPathComponent().appendingPathComponent("shared/real-dumps")

    /// One dump of a real-dumps root, with what its folder's SOURCE.txt says.
    struct RealDump {
        var folder: String
        var name: String
        var path: String
        var source: String
        /// Whether it is its folder's only dump (then SOURCE.txt's `contents:` line is its own).
        var isOnlyDump: Bool
        var label: String { "\(folder)/\(name)" }
    }

    /// Every dump under `root`: the `.txt` files of each folder other than SOURCE.txt, in
    /// name order. A folder without a SOURCE.txt is an error, not a skip.
    static func dumps(in root: URL) throws -> [RealDump] {
        let fm = FileManager.default
        var found: [RealDump] = []
        for folder in try fm.contentsOfDirectory(atPath: root.path).sorted() {
            let dir = root.appendingPathComponent(folder)
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: dir.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            let names = try fm.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".txt") && $0 != "SOURCE.txt" }.sorted()
            let source = try String(contentsOf: dir.appendingPathComponent("SOURCE.txt"), encoding: .utf8)
            found += names.map {
                RealDump(folder: folder, name: $0, path: dir.appendingPathComponent($0).path, source: source, isOnlyDump: names.count == 1)
            }
        }
        return found
    }

    /// What a SOURCE.txt states about one of its files: views, entries (views and
    /// `(layer)` lines) and max depth, each when stated.
    struct StatedCounts {
        var views: Int?
        var entries: Int?
        var maxDepth: Int?
    }

    /// The counts stated for `file`: in the `contents:` line when the folder has one dump,
    /// else in the line that names the file's first word (`Details: 35 views, …` for
    /// `DetailsViewControllerSnapshotTests.test.2.txt`).
    static func statedCounts(in source: String, for file: String, only: Bool) throws -> StatedCounts {
        let lines = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let line: String?
        if only {
            line = lines.first { $0.hasPrefix("contents:") }
        } else {
            line = lines.first { l in
                guard let word = l.split(whereSeparator: { $0 == ":" || $0 == " " }).first, word.count >= 3 else { return false }
                return file.hasPrefix(word) && l.range(of: #"\d+ (views?|entries)\b"#, options: .regularExpression) != nil
            }
        }
        guard let line else { return StatedCounts() }
        func number(_ pattern: String) -> Int? {
            guard let r = line.range(of: pattern, options: .regularExpression) else { return nil }
            return Int(line[r].filter(\.isNumber))
        }
        return StatedCounts(views: number(#"\d+ views?\b"#), entries: number(#"\d+ entries"#), maxDepth: number(#"max depth \d+"#))
    }

    /// The findings SOURCE.txt's `expected:` line states, as counts by rule id: `none`, or
    /// `rule-id xN` items (a bare `rule-id` is one) separated by commas, up to the first `;`
    /// (the reason follows it). Nil when there is no such line. A line
    /// `expected <name>: …` states them for the files whose names start with `<name>`
    /// instead (a folder whose screens differ).
    static func expectedFindings(in source: String, for file: String = "") throws -> [String: Int]? {
        let lines = source.split(separator: "\n")
        let own = lines.first { l in
            guard l.hasPrefix("expected "), let colon = l.firstIndex(of: ":") else { return false }
            let name = l[l.index(l.startIndex, offsetBy: "expected ".count)..<colon]
            return !name.isEmpty && file.hasPrefix(name)
        }
        guard let line = own ?? lines.first(where: { $0.hasPrefix("expected:") }) else { return nil }
        let stated = line[line.index(after: line.firstIndex(of: ":")!)...].prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
        if stated == "none" { return [:] }
        var counts: [String: Int] = [:]
        for item in stated.split(separator: ",") {
            let words = item.split(separator: " ")
            guard let rule = words.first, words.count <= 2 else { throw ExpectedLineError(item: String(item)) }
            var count = 1
            if words.count == 2 {
                guard words[1].hasPrefix("x"), let n = Int(words[1].dropFirst()), n > 0 else { throw ExpectedLineError(item: String(item)) }
                count = n
            }
            counts[String(rule), default: 0] += count
        }
        return counts
    }

    struct ExpectedLineError: Error, CustomStringConvertible {
        var item: String
        var description: String { "`expected:` item \"\(item)\" is neither `none` nor `rule-id xN`" }
    }

    /// Imports every dump under `root` and checks it against its SOURCE.txt's counts;
    /// returns how many were checked.
    private func checkStatedCounts(under root: URL, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        var checked = 0
        for dump in try Self.dumps(in: root) {
            let decoded = DumpReader().read(contentsOf: dump.path, syntax: .recursiveDescription)
            if let e = decoded.error {
                XCTFail("\(dump.label): \(e.message) at \(e.location.line):\(e.location.column)", file: file, line: line)
                continue
            }
            let tree = try XCTUnwrap(decoded.snapshots.first, file: file, line: line)
            let stated = try Self.statedCounts(in: dump.source, for: dump.name, only: dump.isOnlyDump)
            XCTAssertTrue(stated.views != nil || stated.entries != nil, "\(dump.label): SOURCE.txt states no count", file: file, line: line)
            if let views = stated.views { XCTAssertEqual(S.viewCount(tree), views, "\(dump.label) views", file: file, line: line) }
            if let entries = stated.entries { XCTAssertEqual(tree.count, entries, "\(dump.label) entries", file: file, line: line) }
            if stated.entries == nil, let views = stated.views {
                XCTAssertEqual(tree.count, views, "\(dump.label): no `(layer)` lines stated, so one layer a view", file: file, line: line)
            }
            if let depth = stated.maxDepth { XCTAssertEqual(S.maxDepth(tree), depth, "\(dump.label) max depth", file: file, line: line) }
            // Every line is one layer, at its own line.
            let lineCount = try String(contentsOfFile: dump.path, encoding: .utf8).split(separator: "\n").count
            XCTAssertEqual(tree.count, lineCount, dump.label, file: file, line: line)
            XCTAssertEqual(tree.layers.map { Int($0.location.line) }, Array(1...lineCount), dump.label, file: file, line: line)
            checked += 1
        }
        return checked
    }

    func testEveryRealDumpImportsWithItsStatedCounts() throws {
        guard FileManager.default.fileExists(atPath: Self.sharedFolder.path) else {
            throw XCTSkip("no real dumps at \(Self.sharedFolder.path)")
        }
        XCTAssertGreaterThan(try checkStatedCounts(under: Self.sharedFolder), 0, "the folder holds no dumps")
    }

    func testEveryBundledRealDumpImportsWithItsStatedCounts() throws {
        // 28 files from eight projects (Tests/RealDumps/README.md); fewer means one was lost.
        XCTAssertGreaterThanOrEqual(try checkStatedCounts(under: Self.bundledFolder), 28)
    }

    /// The whole pipeline, as an embedder runs it, gives each bundled dump the findings its
    /// SOURCE.txt states: no more (a rule giving wrong advice on a real screen), no fewer.
    func testEveryBundledRealDumpHasItsExpectedFindings() throws {
        let dumps = try Self.dumps(in: Self.bundledFolder)
        XCTAssertFalse(dumps.isEmpty)
        for dump in dumps {
            guard let expected = try Self.expectedFindings(in: dump.source, for: dump.name) else {
                XCTFail("\(dump.label): SOURCE.txt has no `expected:` line"); continue
            }
            let report = Linter().lint(contentsOf: dump.path, syntax: .recursiveDescription)
            XCTAssertNil(report.error, dump.label)
            XCTAssertEqual(report.snapshots.count, 1, dump.label)
            var found: [String: Int] = [:]
            for snapshot in report.snapshots { for f in snapshot.findings { found[f.rule, default: 0] += 1 } }
            XCTAssertEqual(found, expected, "\(dump.label): findings by rule")
        }
    }

    /// A screen recorded in the dark and the light style differs only in colours, so it
    /// gives the same findings, on the same layers, and the same passes. Pairs are the
    /// bundled files named `<screen>-dark.…` and `<screen>-light.…`.
    func testDarkAndLightRecordingsOfAScreenAgree() throws {
        let dumps = try Self.dumps(in: Self.bundledFolder)
        var pairs = 0
        for dark in dumps {
            guard let r = dark.name.range(of: "-dark.") else { continue }
            let screen = dark.name[..<r.lowerBound]
            guard let light = dumps.first(where: { $0.folder == dark.folder && $0.name.hasPrefix(screen + "-light.") }) else { continue }
            func summary(_ d: RealDump) throws -> [String] {
                let snapshot = try XCTUnwrap(Linter().lint(contentsOf: d.path, syntax: .recursiveDescription).snapshots.first, d.label)
                return ["passes \(snapshot.estimate.passes) after \(snapshot.estimate.passesAfterFixes)", "layers \(snapshot.layerCount)"]
                    + snapshot.findings.map { "\($0.rule) \($0.layerPath) \($0.passes)" }
            }
            XCTAssertEqual(try summary(dark), try summary(light), "\(dark.label) and \(light.label)")
            pairs += 1
        }
        XCTAssertGreaterThanOrEqual(pairs, 2, "the bundled dumps hold dark/light pairs")
    }

    func testStatedCountsAreReadFromEachSourceShape() throws {
        let one = try Self.statedCounts(in: "tool: x\ncontents: 46 views, max depth 9; form UI", for: "a.txt", only: true)
        XCTAssertEqual([one.views, one.entries, one.maxDepth], [46, nil, 9])
        let entries = try Self.statedCounts(in: "contents: 42 entries = 41 views + 1 layer-only line (`<X> (layer)`), max depth 6.",
                                            for: "a.txt", only: true)
        XCTAssertEqual([entries.views, entries.entries, entries.maxDepth], [41, 42, 6])
        let many = "files:\n  Details.txt <- x\ncontents:\n  Details: 35 views, max depth 3. Static\n  Map (small, 20 entries, kept): MK"
        let details = try Self.statedCounts(in: many, for: "DetailsViewControllerSnapshotTests.test.2.txt", only: false)
        XCTAssertEqual([details.views, details.entries, details.maxDepth], [35, nil, 3])
        let map = try Self.statedCounts(in: many, for: "MapViewControllerSnapshotTests.testAnnotations.2.txt", only: false)
        XCTAssertEqual([map.views, map.entries, map.maxDepth], [nil, 20, nil])
        let single = try Self.statedCounts(in: "contents:\n  label: 1 view, max depth 0. A UILabel", for: "label.1.txt", only: false)
        XCTAssertEqual([single.views, single.entries, single.maxDepth], [1, nil, 0])
    }

    func testExpectedFindingsAreReadFromTheExpectedLine() throws {
        XCTAssertNil(try Self.expectedFindings(in: "repository: x\ncontents: 2 views"))
        XCTAssertEqual(try Self.expectedFindings(in: "expected: none; nothing clips"), [:])
        XCTAssertEqual(try Self.expectedFindings(in: "a: b\nexpected: unneeded-clip x2, shadow-without-path; why, and more"),
                       ["unneeded-clip": 2, "shadow-without-path": 1])
        XCTAssertThrowsError(try Self.expectedFindings(in: "expected: unneeded-clip twice"))
        XCTAssertThrowsError(try Self.expectedFindings(in: "expected: unneeded-clip x0"))
        let perFile = "expected: none; most\nexpected dark: visual-effect x2; the dark one blurs"
        XCTAssertEqual(try Self.expectedFindings(in: perFile, for: "dark.1.txt"), ["visual-effect": 2])
        XCTAssertEqual(try Self.expectedFindings(in: perFile, for: "light.1.txt"), [:])
    }
}
