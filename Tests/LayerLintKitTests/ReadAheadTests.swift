import DumpGenerator
import Foundation
import LayerLintKit
import XCTest

/// With a core to spare, libyaml reads a YAML file on its own thread, batches ahead of
/// the decoder. What comes out must not depend on it: the same snapshots, warnings and
/// errors, at the same places, and no thread left behind when decoding stops early.
final class ReadAheadTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("read-ahead-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ text: String, _ name: String = "dump.yml") throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func read(_ path: String, ahead: Bool) -> DecodedDump {
        var reader = DumpReader(readsAhead: ahead)
        reader.readAheadMinimumBytes = 0
        return reader.read(contentsOf: path, syntax: .yaml)
    }

    /// Everything a reader could make differ: the snapshots as v1 text, every layer's
    /// source position, the warnings and the error.
    private func assertSame(_ path: String, file: StaticString = #filePath, line: UInt = #line) {
        let direct = read(path, ahead: false)
        let ahead = read(path, ahead: true)
        XCTAssertEqual(LayerTreeExport.yaml(ahead.snapshots.map(LayerSnapshot.init(tree:))),
                       LayerTreeExport.yaml(direct.snapshots.map(LayerSnapshot.init(tree:))), file: file, line: line)
        XCTAssertEqual(ahead.snapshots.map { $0.layers.map(\.location) }, direct.snapshots.map { $0.layers.map(\.location) },
                       file: file, line: line)
        XCTAssertEqual(ahead.warnings, direct.warnings, file: file, line: line)
        XCTAssertEqual(ahead.error, direct.error, file: file, line: line)
    }

    /// A generated screen of `layers` layers, many batches long.
    private func screen(_ layers: Int) -> String {
        String(decoding: DumpGenerator(GeneratorOptions(layers: layers, seed: 7)).bytes(.yaml).bytes, as: UTF8.self)
    }

    func testEveryFixtureReadsTheSame() throws {
        let fixtures = repositoryRoot.appendingPathComponent("fixtures")
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { $0.hasSuffix(".yml") }
        XCTAssertFalse(names.isEmpty)
        for name in names { assertSame(fixtures.appendingPathComponent(name).path) }
    }

    func testALargeScreenReadsTheSame() throws {
        let path = try write(screen(5_000))
        assertSame(path)
        XCTAssertEqual(read(path, ahead: true).snapshots.first?.layers.count, 5_000)
    }

    func testSeveralDocumentsReadTheSame() throws {
        assertSame(try write(screen(300) + "\n---\n" + screen(400)))
    }

    func testASyntaxErrorFarIntoTheFileIsThrownWhereItIs() throws {
        let path = try write(screen(3_000) + "\n  bad: [unclosed\n")
        assertSame(path)
        let error = try XCTUnwrap(read(path, ahead: true).error)
        XCTAssertGreaterThan(error.location.line, 1_000)
    }

    func testADecodeErrorEarlyStopsTheReader() throws {
        // The error is in the first layers; libyaml is batches ahead by then. Reading must
        // return (the reader thread stopped), many times over, with the same error.
        let text = screen(3_000).replacingOccurrences(of: "\nroot:\n", with: "\nroot:\n  opacity: 7\n")
        let path = try write(text)
        for _ in 0..<20 { assertSame(path) }
        XCTAssertTrue(read(path, ahead: true).error?.message.contains("opacity") ?? false)
    }

    func testAliasesAndEmptyFilesReadTheSame() throws {
        assertSame(try write("layerlint: 1\nroot: &a\n  name: x\nother: *a\n", "alias.yml"))
        assertSame(try write("", "empty.yml"))
        assertSame(try write("# only a comment\n", "comment.yml"))
    }
}
