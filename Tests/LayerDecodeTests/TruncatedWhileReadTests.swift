import Foundation
@testable import LayerDecode
@testable import LayerImport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A dump that another process truncates while LayerLint has it mapped: reading past the
/// new end would raise SIGBUS and kill the process; the guard turns it into an error for
/// that file (docs/reliability.md). Deterministic: the file is mapped, then truncated,
/// then read, as the reader would meet it.
@Suite("A file truncated while it is read")
struct TruncatedWhileReadTests {
    private func file(_ text: String, _ ext: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("truncated-\(UUID().uuidString).\(ext)").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// A JSON dump of a few hundred kilobytes: many pages past the cut.
    private let json = "{\"root\": {\"sublayers\": [" + Array(repeating: "{\"name\": \"cell\", \"frame\": [0, 0, 100, 44]}", count: 5_000)
        .joined(separator: ", ") + "]}}"

    private let description = "<UIView; frame = (0 0; 390 844); layer = <CALayer>>\n"
        + String(repeating: "   | <UIView; frame = (0 0; 390 44); layer = <CALayer>>\n", count: 5_000)

    @Test("mapped, truncated, then read: an error for the file, not SIGBUS", arguments: [DumpSyntax.json, .recursiveDescription, .yaml])
    func truncatedAfterMapping(syntax: DumpSyntax) throws {
        let text = syntax == .recursiveDescription ? description : json
        let path = try file(text, syntax == .json ? "json" : syntax == .yaml ? "yml" : "txt")
        defer { unlink(path) }
        let mapped = try MappedFile(path: path)
        #expect(truncate(path, 4096) == 0)
        let decoded = try DumpReader().read(mapped: mapped, path: path, syntax: syntax)
        #expect(decoded.snapshots.isEmpty)
        #expect(decoded.error?.message == "the file changed while it was read (it was \(text.utf8.count) bytes when reading began and is 4096 now); another process is writing it: lint it when it is written")
    }

    @Test("the pages past the new end read as zeros, and only the file's own region is guarded")
    func zerosPastTheEnd() throws {
        let path = try file(json, "json")
        defer { unlink(path) }
        let mapped = try MappedFile(path: path)
        #expect(mapped.changeSinceMapped() == nil)
        #expect(truncate(path, 100) == 0)
        let last = mapped.bytes[mapped.bytes.count - 1]
        #expect(last == 0)
        #expect(mapped.bytes[50] == json.utf8[json.utf8.index(json.utf8.startIndex, offsetBy: 50)])
        #expect(mapped.changeSinceMapped() != nil)
    }

    @Test("a file that does not change reads as before")
    func unchanged() throws {
        let path = try file(json, "json")
        defer { unlink(path) }
        let decoded = DumpReader().read(contentsOf: path, syntax: .json)
        #expect(decoded.error == nil)
        #expect(decoded.snapshots.first?.layers.count == 5_001)
    }
}
