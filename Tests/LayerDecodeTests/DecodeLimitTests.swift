import Foundation
import LayerDecode
import LayerImport
import LayerModel
import Testing

/// Each limit stops a file with an error at the place it is passed, naming the limit, its
/// value and how to raise it; the same file with the limit raised reads.
@Suite("Decode limits")
struct DecodeLimitTests {
    private func read(_ text: String, _ syntax: DumpSyntax = .yaml, _ limits: DecodeLimits) -> DecodedDump {
        DumpReader(limits: limits).read(text, syntax: syntax)
    }

    /// `root` with a chain of `levels` sublayers below it, each alone in its list.
    private func chain(_ levels: Int, _ syntax: DumpSyntax) -> String {
        if syntax == .json {
            return "{\"layerlint\": 1, \"root\": " + String(repeating: "{\"sublayers\": [", count: levels) + "{}"
                + String(repeating: "]}", count: levels) + "}"
        }
        return "layerlint: 1\nroot: " + String(repeating: "{sublayers: [", count: levels) + "{}"
            + String(repeating: "]}", count: levels) + "\n"
    }

    @Test("nesting: the first collection past the limit, in YAML and JSON", arguments: [DumpSyntax.yaml, .json])
    func nestingDepth(syntax: DumpSyntax) throws {
        // Document 1, root 2, then a list and a layer per level: 3 levels reach depth 8.
        let text = chain(3, syntax)
        #expect(read(text, syntax, DecodeLimits(nestingDepth: 8)).error == nil)
        let error = try #require(read(text, syntax, DecodeLimits(nestingDepth: 7)).error)
        #expect(error.message == "nesting deeper than 7 levels of mappings and lists; the limit limits.nestingDepth is 7; if the dump is genuine, raise it in .layerlint.yml under `limits:`")
        // The innermost `{}` opens level 8.
        let column = text.utf8.count - 8
        #expect(error.location == LayerModel.SourceLocation(line: syntax == .json ? 1 : 2, column: syntax == .json ? column : column - 13))
    }

    @Test("names: a name, class, view class or screen longer than nameBytes, at its value, in YAML and JSON", arguments: [DumpSyntax.yaml, .json])
    func nameBytes(syntax: DumpSyntax) throws {
        for key in ["name", "class", "view"] {
            let long = String(repeating: "n", count: 65)
            let text = syntax == .json
                ? "{\"layerlint\": 1, \"root\": {\"\(key)\": \"\(long)\"}}"
                : "layerlint: 1\nroot:\n  \(key): \(long)\n"
            #expect(read(text, syntax, DecodeLimits(nameBytes: 65)).error == nil)
            let error = try #require(read(text, syntax, DecodeLimits(nameBytes: 64)).error)
            #expect(error.message == "`\(key)` is 65 bytes long, more than the limit; the limit limits.nameBytes is 64; if the dump is genuine, raise it in .layerlint.yml under `limits:`")
            let column = syntax == .json ? 31 + key.count : 5 + key.count
            #expect(error.location == LayerModel.SourceLocation(line: syntax == .json ? 1 : 3, column: column), "\(key)")
        }
        let screen = try #require(read("layerlint: 1\nscreen: \(String(repeating: "s", count: 5_000))\nroot: {}\n", .yaml, DecodeLimits()).error)
        #expect(screen.message.hasPrefix("`screen` is 5000 bytes long") && screen.location.line == 2)
    }

    @Test("nesting: a sublayers list past the limit is blamed on its bracket")
    func nestingAtList() throws {
        let error = try #require(read("layerlint: 1\nroot:\n  sublayers: [{}]\n", .yaml, DecodeLimits(nestingDepth: 2)).error)
        #expect(error.location == LayerModel.SourceLocation(line: 3, column: 14))
        #expect(error.message.hasPrefix("nesting deeper than 2 levels"))
    }

    @Test("nesting: an unknown key's value counts too, in a layer and in the header")
    func nestingInExtras() throws {
        let inLayer = "layerlint: 1\nroot:\n  extra: [[[1]]]\n"
        #expect(read(inLayer, .yaml, DecodeLimits(nestingDepth: 5)).error == nil)
        let error = try #require(read(inLayer, .yaml, DecodeLimits(nestingDepth: 4)).error)
        #expect(error.location == LayerModel.SourceLocation(line: 3, column: 12))
        #expect(error.message.contains("limits.nestingDepth is 4"))
        let inHeader = "layerlint: 1\nextra: [[1]]\nroot: {}\n"
        #expect(read(inHeader, .yaml, DecodeLimits(nestingDepth: 3)).error == nil)
        #expect(read(inHeader, .yaml, DecodeLimits(nestingDepth: 2)).error?.location == LayerModel.SourceLocation(line: 2, column: 9))
    }

    @Test("the default nesting allows the benchmark's 100,000-level chain")
    func defaultDepthAllowsDeepChains() {
        let d = DumpReader().read(chain(100_000, .json), syntax: .json)
        #expect(d.error == nil)
        #expect(d.snapshots.first?.layers.count == 100_001)
    }

    @Test("layers: counted over the whole file, masks included, blamed on the first layer too many")
    func layers() throws {
        let one = "layerlint: 1\nroot:\n  sublayers: [{}, {mask: {}}]\n"
        #expect(read(one, .yaml, DecodeLimits(layers: 4)).error == nil)
        let error = try #require(read(one, .yaml, DecodeLimits(layers: 3)).error)
        #expect(error.message == "more than 3 layers in this file; the limit limits.layers is 3; if the dump is genuine, raise it in .layerlint.yml under `limits:`")
        #expect(error.location == LayerModel.SourceLocation(line: 3, column: 26))
        let two = "---\nlayerlint: 1\nroot: {sublayers: [{}]}\n---\nlayerlint: 1\nroot: {sublayers: [{}]}\n"
        #expect(read(two, .yaml, DecodeLimits(layers: 4)).snapshots.count == 2)
        #expect(read(two, .yaml, DecodeLimits(layers: 3)).error?.location == LayerModel.SourceLocation(line: 6, column: 20))
    }

    @Test("path data: longer than the limit is an error at the value", arguments: [DumpSyntax.yaml, .json])
    func pathBytes(syntax: DumpSyntax) throws {
        let path = "M0 0 L10 0 L10 10 Z"  // 19 bytes
        let text = syntax == .json ? "{\"layerlint\": 1, \"root\": {\"shadowPath\": \"\(path)\"}}"
                                   : "layerlint: 1\nroot:\n  shadowPath: \"\(path)\"\n"
        #expect(read(text, syntax, DecodeLimits(pathBytes: 19)).error == nil)
        let error = try #require(read(text, syntax, DecodeLimits(pathBytes: 18)).error)
        #expect(error.message == "`shadowPath` holds 19 bytes of path data, more than the limit; the limit limits.pathBytes is 18; if the dump is genuine, raise it in .layerlint.yml under `limits:`")
        #expect(error.location == (syntax == .json ? LayerModel.SourceLocation(line: 1, column: 41) : LayerModel.SourceLocation(line: 3, column: 15)))
    }

    @Test("file size: bytes in memory and a file on disk, before anything is read")
    func fileBytes() throws {
        let text = "layerlint: 1\nroot: {}\n"  // 22 bytes
        #expect(read(text, .yaml, DecodeLimits(fileBytes: 22)).error == nil)
        let error = try #require(read(text, .json, DecodeLimits(fileBytes: 21)).error)
        #expect(error.message == "the file is 22 bytes, more than the limit; the limit limits.fileBytes is 21; if the dump is genuine, raise it in .layerlint.yml under `limits:`")
        #expect(error.location == LayerModel.SourceLocation(line: 1, column: 1))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString).yml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        for syntax in [DumpSyntax.yaml, .json] {
            #expect(DumpReader(limits: DecodeLimits(fileBytes: 21)).read(contentsOf: url.path, syntax: syntax).error == error)
        }
        #expect(DumpReader(limits: DecodeLimits(fileBytes: 22)).read(contentsOf: url.path, syntax: .yaml).error == nil)
    }
}
