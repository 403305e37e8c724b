import Foundation
import LayerDecode
import LayerModel
import XCTest

/// Real UIKit output, kept outside the repository in `../shared/real-dumps` (each folder's
/// SOURCE.txt names where it came from and states "N views, max depth D"). Every file must
/// import, with the counts its SOURCE.txt states. Skipped where the folder is absent.
final class RealDumpsTests: XCTestCase {
    private typealias S = RecursiveDescriptionSupport

    /// `<repository>/../shared/real-dumps`; this file is `<repository>/Tests/LayerDecodeTests/…`.
    private static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/real-dumps")

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
                return file.hasPrefix(word) && l.range(of: #"\d+ (views|entries)"#, options: .regularExpression) != nil
            }
        }
        guard let line else { return StatedCounts() }
        func number(_ pattern: String) -> Int? {
            guard let r = line.range(of: pattern, options: .regularExpression) else { return nil }
            return Int(line[r].filter(\.isNumber))
        }
        return StatedCounts(views: number(#"\d+ views"#), entries: number(#"\d+ entries"#), maxDepth: number(#"max depth \d+"#))
    }

    func testEveryRealDumpImportsWithItsStatedCounts() throws {
        let fm = FileManager.default
        guard fm.fileExists(atPath: Self.folder.path) else {
            throw XCTSkip("no real dumps at \(Self.folder.path)")
        }
        var checked = 0
        for sub in try fm.contentsOfDirectory(atPath: Self.folder.path).sorted() {
            let dir = Self.folder.appendingPathComponent(sub)
            guard let names = try? fm.contentsOfDirectory(atPath: dir.path) else { continue }
            let dumps = names.filter { $0.hasSuffix(".txt") && $0 != "SOURCE.txt" }.sorted()
            let source = try String(contentsOf: dir.appendingPathComponent("SOURCE.txt"), encoding: .utf8)
            for name in dumps {
                let path = dir.appendingPathComponent(name).path
                let dump = DumpReader().read(contentsOf: path, syntax: .recursiveDescription)
                if let e = dump.error { XCTFail("\(sub)/\(name): \(e.message) at \(e.location.line):\(e.location.column)"); continue }
                let tree = try XCTUnwrap(dump.snapshots.first)
                let stated = try Self.statedCounts(in: source, for: name, only: dumps.count == 1)
                XCTAssertTrue(stated.views != nil || stated.entries != nil, "\(sub)/\(name): SOURCE.txt states no count")
                if let views = stated.views { XCTAssertEqual(S.viewCount(tree), views, "\(sub)/\(name) views") }
                if let entries = stated.entries { XCTAssertEqual(tree.count, entries, "\(sub)/\(name) entries") }
                if stated.entries == nil, let views = stated.views {
                    XCTAssertEqual(tree.count, views, "\(sub)/\(name): no `(layer)` lines stated, so one layer a view")
                }
                if let depth = stated.maxDepth { XCTAssertEqual(S.maxDepth(tree), depth, "\(sub)/\(name) max depth") }
                // Every line is one layer, at its own line.
                let lineCount = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count
                XCTAssertEqual(tree.count, lineCount, "\(sub)/\(name)")
                XCTAssertEqual(tree.layers.map { Int($0.location.line) }, Array(1...lineCount), "\(sub)/\(name)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 0, "the folder holds no dumps")
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
    }
}
