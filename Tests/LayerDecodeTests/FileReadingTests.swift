import Foundation
import LayerDecode
import LayerImport
import LayerModel
import XCTest

/// Reading from a file (streamed YAML, mapped JSON) gives what reading the bytes gives.
final class FileReadingTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("layerlint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func summary(_ d: DecodedDump) -> [String] {
        d.snapshots.flatMap { t in t.layers.indices.map { "\(t.label(of: $0)) \(t.layers[$0].bounds) \(t.layers[$0].location)" } }
            + [d.error.map { "\($0.message) \($0.location)" } ?? "no error"]
            + d.warnings.map(\.message)
    }

    func testFilesReadLikeBytes() throws {
        let yaml = "root:\n  name: a\n  frame: [0, 0, 10, 10]\n  sublayers:\n    - {name: b, frame: [1, 1, 2, 2]}\n  backgroundColr: \"#FFFFFF\"\n"
        let json = #"{"root": {"name": "a", "sublayers": [{"name": "b", "frame": [1, 1, 2, 2]}]}}"#
        let broken = "root:\n  frame: [0, 0, -1, 1]\n"
        for (name, text, syntax) in [("a.yml", yaml, DumpSyntax.yaml), ("a.json", json, .json), ("b.yml", broken, .yaml), ("b.json", "{\"root\": [", .json)] {
            let path = try write(name, text)
            XCTAssertEqual(summary(DumpReader().read(contentsOf: path, syntax: syntax)),
                           summary(DumpReader().read(text, syntax: syntax)), name)
        }
    }

    func testUnreadablePathsAreErrors() throws {
        let missing = DumpReader().read(contentsOf: folder.appendingPathComponent("nope.yml").path, syntax: .yaml)
        XCTAssertEqual(missing.error?.message, "cannot read the file: No such file or directory")
        let folderItself = DumpReader().read(contentsOf: folder.path, syntax: .json)
        XCTAssertEqual(folderItself.error?.message, "cannot read the file: not a regular file")
        let empty = try write("empty.json", "")
        XCTAssertEqual(DumpReader().read(contentsOf: empty, syntax: .json).error?.message,
                       DumpReader().read("", syntax: .json).error?.message)
    }

    /// The mapped reader gives pages back every 8 MB; a file well past that decodes the
    /// same, and an error near its end still has its true line.
    func testLargeJSONReadsAcrossReleasedPages() throws {
        let padding = String(repeating: "x", count: 1000)
        var text = "{\"root\": {\"sublayers\": [\n"
        let count = 12_000
        for k in 0..<count { text += "{\"name\": \"\(padding)\", \"frame\": [\(k), 0, 1, 1]},\n" }
        text += "{\"name\": \"last\", \"frame\": [0, 0, -1, 1]}\n]}}\n"
        XCTAssertGreaterThan(text.utf8.count, 10 << 20)
        let path = try write("big.json", text)
        let d = DumpReader().read(contentsOf: path, syntax: .json)
        XCTAssertEqual(d.error?.location.line, Int32(count + 2))
        XCTAssertTrue(d.error?.message.contains("negative size") ?? false)

        let good = try write("big-good.json", text.replacingOccurrences(of: "[0, 0, -1, 1]", with: "[0, 0, 1, 1]"))
        let tree = try XCTUnwrap(DumpReader().read(contentsOf: good, syntax: .json).snapshots.first)
        XCTAssertEqual(tree.count, count + 2)
        XCTAssertEqual(tree.layers[count].position.x, Double(count - 1) + 0.5)
    }
}
