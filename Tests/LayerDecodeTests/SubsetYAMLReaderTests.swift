@testable import DumpGenerator
import Foundation
@testable import LayerDecode
@testable import LayerImport
import LayerLintKit
import LayerRules
import LayerTreeExport
import XCTest

/// `SubsetYAMLReader` must read every text it accepts exactly as libyaml does: the same
/// events, scalar bytes and positions. Whatever it does not accept is read by libyaml, so
/// the one way it could be wrong is accepting a text and reading it differently; these
/// tests compare the two readers event by event on every YAML dump the project has, on
/// thousands of mutations of them, and on the constructs it must leave to libyaml.
final class SubsetYAMLReaderTests: XCTestCase {
    struct Event: Equatable, CustomStringConvertible {
        var kind: TreeEventKind
        var bytes: [UInt8]
        var position: SourcePosition
        var description: String {
            "\(kind) '\(String(decoding: bytes, as: UTF8.self))' at \(position.line):\(position.column)"
        }
    }

    /// The events up to the stream's end, or nil at the first error.
    static func events<S: TreeEventSource>(_ source: S) -> [Event]? {
        var source = source
        var out: [Event] = []
        while true {
            guard let kind = try? source.next() else { return nil }
            out.append(Event(kind: kind, bytes: Array(source.scalarBytes), position: source.position))
            if kind == .streamEnd { return out }
        }
    }

    /// Compares the readers on `bytes`; true when the subset reader read it all.
    @discardableResult
    static func compare(_ bytes: [UInt8], _ label: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        bytes.withUnsafeBytes { raw in
            guard let subset = events(SubsetYAMLReader(bytes: raw)) else { return false }
            guard let reference = events(YAMLTreeEventSource(bytes: raw)) else {
                XCTFail("\(label): the subset reader read a text libyaml rejects", file: file, line: line)
                return true
            }
            if subset != reference {
                let at = (0..<min(subset.count, reference.count)).first { subset[$0] != reference[$0] } ?? min(subset.count, reference.count)
                let got = at < subset.count ? subset[at].description : "nothing"
                let want = at < reference.count ? reference[at].description : "nothing"
                XCTFail("\(label): event \(at) is \(got), libyaml gives \(want) in \(String(decoding: bytes, as: UTF8.self).debugDescription)", file: file, line: line)
            }
            return true
        }
    }

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every YAML dump the project writes or keeps: the fixtures, the rules' examples,
    /// generated screens of each shape, and the exporter's YAML of the JSON fixtures and
    /// the bundled real dumps.
    static func dumps() throws -> [(label: String, bytes: [UInt8])] {
        var out: [(String, [UInt8])] = []
        let fixtures = repository.appendingPathComponent("fixtures")
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).sorted()
        for name in names {
            let url = fixtures.appendingPathComponent(name)
            if name.hasSuffix(".yml") {
                out.append((name, Array(try Data(contentsOf: url))))
            } else if name.hasSuffix(".json") {
                let decoded = DumpReader().read(contentsOf: url.path, syntax: .json)
                out.append((name + " as YAML", Array(LayerTreeExport.yaml(decoded.snapshots.map(LayerSnapshot.init(tree:))).utf8)))
            }
        }
        let realDumps = repository.appendingPathComponent("Tests/RealDumps")
        for folder in try FileManager.default.contentsOfDirectory(atPath: realDumps.path).sorted() {
            let dir = realDumps.appendingPathComponent(folder)
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { continue }
            for file in files.sorted() where file.hasSuffix(".txt") && file != "SOURCE.txt" {
                let decoded = DumpReader().read(contentsOf: dir.appendingPathComponent(file).path, syntax: .recursiveDescription)
                guard decoded.error == nil else { continue }
                out.append(("\(folder)/\(file) as YAML", Array(LayerTreeExport.yaml(decoded.snapshots.map(LayerSnapshot.init(tree:))).utf8)))
            }
        }
        for rule in RuleCatalog.embedded.rules {
            for (k, example) in (rule.triggering + rule.nonTriggering).enumerated() {
                out.append(("\(rule.id) example \(k)", Array(example.dump.utf8)))
            }
        }
        for shape in DumpShape.allCases {
            for seed: UInt64 in [1, 7] {
                let generated = DumpGenerator(GeneratorOptions(layers: 1_500, seed: seed, shape: shape)).bytes(.yaml)
                out.append(("generated \(shape) \(seed)", generated.bytes))
            }
        }
        return out
    }

    func testReadsEveryDumpOfTheProjectAsLibyamlDoes() throws {
        var read = 0
        let dumps = try Self.dumps()
        for dump in dumps where Self.compare(dump.bytes, dump.label) { read += 1 }
        // Everything the project writes in block style is in the subset: the fixtures,
        // the generated screens and the exports. The generated chain, flow collections
        // nested thousands deep over many lines, is left to libyaml.
        let generated = dumps.filter { $0.label.hasPrefix("generated") && !$0.label.contains("chain") }
        XCTAssertTrue(generated.allSatisfy { Self.compare($0.bytes, $0.label) }, "a generated dump left the subset")
        let fixtures = dumps.filter { $0.label.hasSuffix(".yml") }
        XCTAssertFalse(fixtures.isEmpty)
        for fixture in fixtures {
            XCTAssertTrue(Self.compare(fixture.bytes, fixture.label), "\(fixture.label) left the subset")
        }
        XCTAssertGreaterThan(read, dumps.count * 3 / 4, "\(read) of \(dumps.count) read by the subset reader")
    }

    /// Random edits of real dumps with the characters YAML gives meaning to: whatever the
    /// subset reader still accepts, libyaml must read to the same events.
    func testMutatedDumpsReadAsLibyamlReadsThem() throws {
        let alphabet: [[UInt8]] = [" ", "\n", "-", ":", "#", "\"", "'", "[", "]", "{", "}", ",", "\\", "\t", "a", "1",
                                   "é", "?", "&", "*", "!", "|", ">", "%", "@", "`", ".", "~", "\r", "\\u00", "- ", ": ",
                                   " #", "\u{85}", "\u{2028}", "\u{FEFF}", "---\n", "  "].map { Array($0.utf8) }
        var bases = try Self.dumps().filter { $0.bytes.count < 6_000 }.map(\.bytes)
        bases.append(Array("a: 1\nb:\n  - c: [1, 2]\n    d: \"x\\\"y\"\n  - 'q''r'\n".utf8))
        // The generator's own seeded random numbers, so a failure repeats.
        var random = SplitMix64(seed: 0x5eed)
        func nextRandom(_ bound: Int) -> Int { random.below(bound) }
        var accepted = 0, tried = 0
        for base in bases {
            for _ in 0..<(Int(ProcessInfo.processInfo.environment["SUBSET_MUTATIONS"] ?? "") ?? 120) {
                var text = base
                for _ in 0..<(1 + nextRandom(3)) {
                    let at = nextRandom(text.count + 1)
                    switch nextRandom(3) {
                    case 0: text.insert(contentsOf: alphabet[nextRandom(alphabet.count)], at: at)
                    case 1: if at < text.count { text.remove(at: at) }
                    default: if at < text.count { text.replaceSubrange(at...at, with: alphabet[nextRandom(alphabet.count)]) }
                    }
                }
                tried += 1
                if Self.compare(text, "mutation \(tried) of a \(base.count)-byte dump") { accepted += 1 }
            }
        }
        // The property means something only if many mutations stay in the subset.
        print("subset reader: \(accepted) of \(tried) mutations read")
        XCTAssertGreaterThan(accepted, tried / 10, "\(accepted) of \(tried) mutations read by the subset reader")
    }

    /// YAML that means something else than it seems, or that libyaml rejects: all of it
    /// is left to libyaml.
    func testLeavesToLibyamlWhatItDoesNotReadItself() {
        let outside = [
            "a: b\n  c\n",                      // a plain scalar continued on the next line
            "a: b: c\n",                        // a mapping value where none is allowed
            "a:\n\tb: 1\n",                     // a tab
            "---\n---\na: 1\n",                 // an empty document
            "--- a: 1\n",                      // a document on its marker's line
            "a: 1\n...\n",                     // a document end marker
            "a: &x 1\nb: *x\n",                 // an anchor and an alias
            "a: !!str 1\n",                     // a tag
            "a: |\n  text\n",                   // a block scalar
            "a:\nb: 1\n",                       // an empty value (null)
            "a: [1, 2,]\n",                     // a trailing comma
            "a: [1, [2]]\n",                    // a nested flow collection
            "a: [1,\n  2]\n",                   // a flow list over two lines
            "a: \"x\ny\"\n",                    // a quoted scalar over two lines
            "a: \"x\"#c\n",                     // a comment without a space before it
            "a: x\u{85}y\n",                    // NEL, a line break to libyaml
            "\u{FEFF}a: 1\n",                   // a byte order mark
            "a: 1\r\nb: 2\r\n",                 // CRLF line ends
            "  a: 1\n",                         // an indented top mapping
            "- a\n",                            // a top-level list
            "a:\n  - b\n   c: 1\n",             // an indent that fits no block
            "\"a\": 1\n",                       // a quoted key
            "a: \"\\x41\"\n",                   // an escape the subset does not decode
            "a: \"\\u00\"\n",                   // a \u escape cut short by the quote
            "a: \"\\ud800\"\n",                 // a surrogate
            "a: ? b\n",                         // a complex key indicator
        ]
        for text in outside {
            Array(text.utf8).withUnsafeBytes { raw in
                XCTAssertNil(Self.events(SubsetYAMLReader(bytes: raw)), "read \(text.debugDescription)")
            }
        }
    }

    /// What it reads: block mappings and lists, compact mappings in lists, one-line flow
    /// lists and mappings, quoted scalars with escapes, comments, UTF-8, and a last line
    /// without a line feed; each compared with libyaml.
    func testReadsTheSubsetAsLibyamlDoes() {
        let inside = [
            "a: 1\n",
            "a: 1",
            "a: 1\n\n\n",
            "a: 1\n   ",
            "# top\na: x y  # trailing\nb:   'it''s'\nc: \"q\\\"\\\\\\n\\t\\u00e9\\u0007\"\n",
            "root:\n  sublayers:\n  - name: a\n    frame: [0, 0, 10, 10]\n  - name: b\n    mask:\n      path: \"M0 0\"\nscale: 2\n",
            "root:\n  sublayers:\n    -   name: a\n        contents: { width: 1, height: 2, scale: 3 }\n    - x\n    - [ ]\n    - {}\n",
            "a: [-1, +2, .5, 1e3, ~, null, 'x', \"y\"]\nb: -3\nc: http://x.y/z\nd: émoji 🙂\n",
            "a:\n  b:\n    c: 1\n  d: 2\ne: 3\n",
            "a: 1 # c\n# c\n  # indented comment\nb: 2\n",
        ]
        for text in inside {
            XCTAssertTrue(Self.compare(Array(text.utf8), text.debugDescription), "left \(text.debugDescription) to libyaml")
        }
        // One long line: the columns of events far along it, past characters of one to four
        // bytes (the reader counts from a point it moves along the line).
        let pairs = (0..<3_000).map { "k\($0): \($0 % 3 == 0 ? "\"é🙂\"" : "\($0)")" }
        let long = "a: {" + pairs.joined(separator: ", ") + "}\nb: [" + (0..<3_000).map(String.init).joined(separator: ", ") + "]\n"
        XCTAssertTrue(Self.compare(Array(long.utf8), "a 3,000-key flow mapping on one line"))
    }

    /// The reader a file is read with decides only speed: a file outside the subset, and a
    /// file with an error, read as libyaml reads them.
    func testDumpReaderFallsBackToLibyaml() {
        let anchored = "layerlint: 1\nroot: &r\n  name: root\n  frame: [0, 0, 10, 10]\n"
        XCTAssertNil(DumpReader().read(anchored, syntax: .yaml).error)
        let bad = "layerlint: 1\nroot:\n  name: root\n  frame: [0, 0, 10]\n"
        let error = DumpReader().read(bad, syntax: .yaml).error
        XCTAssertEqual(error?.location, SourceLocation(line: 4, column: 10))
    }
}
