import DumpGenerator
import Foundation
@testable import LayerDecode
import LayerLintKit
import LayerModel
import LayerTreeExport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A large JSON dump is read by several threads at once (`ListFragments`): whatever the
/// places the other threads start at, the result must be the one-pass reading's, layer for
/// layer, string id for string id, with the same warnings and the same first error.
final class ListFragmentsTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { unlink(path) }
        paths = []
    }

    private func mapped(_ text: String) throws -> MappedFile {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fragments-\(UUID().uuidString).json").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        paths.append(path)
        return try MappedFile(path: path)
    }

    /// What `V1DumpReader` does with a mapped JSON file, with fragments at `offsets`
    /// (none: one pass), and how many fragments were handed over.
    /// With `readers`, that many threads take the fragments from the last one back, and
    /// the main decoder is not held back: it reads itself those it reaches first.
    private func read(_ file: MappedFile, offsets: [Int], readers: Int? = nil,
                      limits: DecodeLimits = DecodeLimits()) -> (DecodedDump, Int) {
        let readerDepth = limits.nestingDepth == .max ? .max : limits.nestingDepth + 1
        let fragments = offsets.isEmpty ? nil : ListFragments.start(file, offsets: offsets, readers: readers, limits: limits,
                                                                   readerDepth: readerDepth)
        if readers == nil { fragments?.waitUntilEveryThreadStarted() }
        var reader = JSONEventReader(bytes: file.bytes)
        reader.maxDepth = readerDepth
        var decoder = DumpDecoder(source: MappedSource(file: file, reader: reader), limits: limits, expectedLayers: 64)
        decoder.fragments = fragments
        let dump: DecodedDump
        do {
            dump = DecodedDump(snapshots: try decoder.decodeStream(), warnings: decoder.warnings)
        } catch {
            dump = DecodedDump(warnings: decoder.warnings, error: error)
        }
        fragments?.finish()
        return (dump, fragments?.handedOver ?? 0)
    }

    /// Every `{` that begins a line: every place a fragment may start.
    private func lineStartBraces(_ text: String) -> [Int] {
        let bytes = Array(text.utf8)
        var out: [Int] = []
        var atLineStart = true
        for (i, b) in bytes.enumerated() {
            if b == 0x0A || b == 0x0D { atLineStart = true; continue }
            if b == 0x20 || b == 0x09 { continue }
            if b == 0x7B, atLineStart { out.append(i) }
            atLineStart = false
        }
        return out
    }

    private func assertSame(_ a: DecodedDump, _ b: DecodedDump, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.error, b.error, what, file: file, line: line)
        XCTAssertEqual(a.warnings, b.warnings, what, file: file, line: line)
        XCTAssertEqual(a.snapshots.count, b.snapshots.count, what, file: file, line: line)
        for (x, y) in zip(a.snapshots, b.snapshots) {
            XCTAssertEqual(x.strings, y.strings, what, file: file, line: line)
            XCTAssertEqual(x.layers.count, y.layers.count, what, file: file, line: line)
            for (p, q) in zip(x.layers, y.layers) {
                guard p.parent == q.parent, p.subtreeEnd == q.subtreeEnd, p.mask == q.mask, p.role == q.role,
                      p.location == q.location, p.classID == q.classID, p.nameID == q.nameID,
                      p.viewClassID == q.viewClassID, p.unknown == q.unknown, p.animations == q.animations else {
                    XCTFail("\(what): layer at \(p.location) differs from the one-pass reading's", file: file, line: line)
                    return
                }
            }
            XCTAssertEqual(x.frameRateUnknown, y.frameRateUnknown, what, file: file, line: line)
            XCTAssertEqual(LayerTreeExport.json(LayerSnapshot(tree: x)), LayerTreeExport.json(LayerSnapshot(tree: y)), what,
                           file: file, line: line)
        }
    }

    func testTheMixedShapeReadsTheSameInAnyNumberOfParts() throws {
        let text = String(decoding: DumpGenerator(GeneratorOptions(layers: 4_500, seed: 3, shape: .mixed)).bytes(.json).bytes,
                          as: UTF8.self)
        let file = try mapped(text)
        let (whole, _) = read(file, offsets: [])
        XCTAssertNil(whole.error)
        XCTAssertEqual(whole.snapshots.first?.layers.count, 4_500)
        // The reader a lint uses splits a file this large on its own.
        XCTAssertGreaterThanOrEqual(file.bytes.count, ListFragments.smallestFile)
        assertSame(whole, V1DumpReader(workers: 3).read(contentsOf: paths[0], syntax: .json), "V1DumpReader, 3 workers")
        for parts in [2, 3, 4, 7] {
            let offsets = ListFragments.startOffsets(in: file.bytes, parts: parts)
            XCTAssertEqual(offsets.count, parts - 1, "\(parts) parts")
            let (split, handedOver) = read(file, offsets: offsets)
            XCTAssertEqual(handedOver, parts - 1, "\(parts) parts: every start is a cell of the list")
            assertSame(whole, split, "\(parts) parts")
        }
        // As a lint reads it: a few readers for many pieces, racing the main decoder,
        // which takes over what they have read and reads the rest itself.
        for (parts, readers) in [(8, 1), (12, 2), (8, 1)] {
            let offsets = ListFragments.startOffsets(in: file.bytes, parts: parts)
            let (split, handedOver) = read(file, offsets: offsets, readers: readers)
            XCTAssertLessThanOrEqual(handedOver, parts - 1)
            assertSame(whole, split, "\(parts) parts, \(readers) readers")
        }
    }

    /// The lines before every fragment, counted in one pass, are the lines a reader
    /// starting at each one counts for itself, whatever the line ends.
    func testFragmentLinesCountedAtOnceAreEachReadersOwn() {
        for text in [sample, sample.replacingOccurrences(of: "\n", with: "\r\n"), sample.replacingOccurrences(of: "\n", with: "\r"),
                     "\u{FEFF}" + sample] {
            let starts = lineStartBraces(text).filter { $0 > 0 }
            let bytes = Array(text.utf8)
            bytes.withUnsafeBytes { raw in
                let own = starts.map { JSONEventReader(bytes: raw, listElementAt: $0).line }
                XCTAssertEqual(JSONEventReader.lines(ofListElementsAt: starts, in: raw), own)
                // Counted a few bytes at a time, so that steps end inside CR LF pairs.
                for step in [1, 2, 3, 7, 64] {
                    var ends: [Int] = []
                    XCTAssertEqual(JSONEventReader.lines(ofListElementsAt: starts, in: raw, step: step) { ends.append($0) }, own,
                                   "step \(step)")
                    XCTAssertEqual(ends, ends.sorted(), "step \(step)")
                    XCTAssertEqual(ends.last, starts.last.map { JSONEventReader(bytes: raw, listElementAt: $0).anchor })
                }
            }
        }
    }

    /// Every line-start `{` of a small dump as a start, alone and in pairs: sublayers at
    /// every depth, the first and last of a list, masks, display links, an unknown key's
    /// list of objects, an animation, with warnings and animations before and after (each
    /// keeps its line), CRLF line ends and tabs.
    private let sample = """
    {
      "layerlint": 1,
      "displayLinks": [
        {
          "target": "Ticker.step"
        },
        {
          "target": "Other.step", "preferredFramesPerSecond": 30
        }
      ],
      "root": {
        "view": "UIWindow", "frame": [0, 0, 390, 844],
        "sublayers": [
          {
            "name": "list", "cornerRadiuss": 3,
            "sublayers": [
              {
                "name": "cell", "view": "Cell", "frame": [0, 0, 390, 44], "shadowOpacity": 0.2,
                "animations": [{"keyPath": "opacity", "duration": 1.5, "repeatCount": 3}],
                "mask":
                {
                  "name": "cellMask", "path": "M0 0 H390 V44 H0 Z"
                },
                "sublayers": [
    \t\t\t\t{
                    "name": "label", "extra": [
                      {
                        "a": [1, [2, {"b": null}]]
                      }
                    ]
                  }
                ]
              },
              {
                "name": "cell", "view": "Cell", "frame": [0, 44, 390, 44], "cornerRadius": 8,
                "masksToBounds": true, "animations": []
              },
              {
                "name": "other", "view": "Cell2", "opacitty": 1,
                "backgroundColor": "#FF3B30", "shadowOpacity": 0.5, "shadowPath": "M0 0 H10 V10 Z",
                "animations": [
                  {
                    "keyPath": "transform.rotation.z", "duration": 1.1, "repeatCount": 5
                  }
                ]
              }
            ]
          },
          {
            "name": "footer", "frame": [0, 800, 390, 44]
          }
        ]
      }
    }
    """

    private func assertEveryStartReadsTheSame(_ text: String, limits: DecodeLimits = DecodeLimits(), _ what: String,
                                              file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let mappedFile = try mapped(text)
        let (whole, _) = read(mappedFile, offsets: [], limits: limits)
        let starts = lineStartBraces(text).filter { $0 > 0 }
        XCTAssertGreaterThan(starts.count, 5, what, file: file, line: line)
        var handedOver = 0
        for (i, a) in starts.enumerated() {
            let (split, n) = read(mappedFile, offsets: [a], limits: limits)
            handedOver += n
            assertSame(whole, split, "\(what), start at \(a)", file: file, line: line)
            for b in starts[(i + 1)...] {
                let (pair, n) = read(mappedFile, offsets: [a, b], limits: limits)
                handedOver += n
                assertSame(whole, pair, "\(what), starts at \(a) and \(b)", file: file, line: line)
            }
        }
        return handedOver
    }

    func testEveryStartReadsTheSame() throws {
        let (whole, _) = read(try mapped(sample), offsets: [])
        XCTAssertNil(whole.error)
        XCTAssertEqual(whole.warnings.count, 2, "\(whole.warnings)")
        XCTAssertGreaterThan(try assertEveryStartReadsTheSame(sample, "LF"), 10)
        XCTAssertGreaterThan(try assertEveryStartReadsTheSame(sample.replacingOccurrences(of: "\n", with: "\r\n"), "CRLF"), 10)
        XCTAssertGreaterThan(try assertEveryStartReadsTheSame(sample.replacingOccurrences(of: "\n", with: "\r"), "CR"), 10)
    }

    /// An error after a start is the one-pass reading's error, at its place: the syntax
    /// error and the model error a fragment meets, and an error before every start.
    func testErrorsAreTheOnePassReadingsErrors() throws {
        let broken = [
            sample.replacingOccurrences(of: "\"#FF3B30\"", with: "\"#FF3B3\""),
            sample.replacingOccurrences(of: "\"name\": \"footer\",", with: "\"name\": \"footer\",,"),
            sample.replacingOccurrences(of: "\"masksToBounds\": true", with: "\"masksToBounds\": tru"),
            sample.replacingOccurrences(of: "\"a\": [1, [2,", with: "\"a\": [1, [2,]"),
            sample.replacingOccurrences(of: "\"layerlint\": 1", with: "\"layerlint\": 2"),
            String(sample.dropLast(8)),
        ]
        for text in broken {
            XCTAssertNotEqual(text, sample)
            let (whole, _) = read(try mapped(text), offsets: [])
            XCTAssertNotNil(whole.error, text)
            _ = try assertEveryStartReadsTheSame(text, "broken")
        }
    }

    /// Limits count the whole file: a fragment that would cross one is read again by the
    /// main reader, which then reports it where one pass does.
    func testLimitsCountTheWholeFile() throws {
        for depth in 3...12 {
            _ = try assertEveryStartReadsTheSame(sample, limits: DecodeLimits(nestingDepth: depth), "nesting \(depth)")
        }
        for layers in 1...8 {
            _ = try assertEveryStartReadsTheSame(sample, limits: DecodeLimits(layers: layers), "\(layers) layers")
        }
    }

    /// A start that is no layer of a list (a display link, a mask, an unknown key's value)
    /// is never taken, and one that is, is.
    func testOnlyListElementsAreTakenOver() throws {
        let text = sample
        let file = try mapped(text)
        let bytes = Array(text.utf8)
        func start(after marker: String) -> Int {
            let at = text.range(of: marker)!.lowerBound.utf16Offset(in: text)
            return bytes[at...].firstIndex(of: 0x7B)!
        }
        XCTAssertEqual(read(file, offsets: [start(after: "\"displayLinks\"")]).1, 0)
        XCTAssertEqual(read(file, offsets: [start(after: "\"mask\"")]).1, 0)
        XCTAssertEqual(read(file, offsets: [start(after: "\"extra\"")]).1, 0)
        XCTAssertEqual(read(file, offsets: [start(after: "\"name\": \"list\"")]).1, 1)
        XCTAssertEqual(read(file, offsets: [start(after: "\"masksToBounds\"")]).1, 1)
    }

    func testLineBreaksAreCountedAsTheReaderCountsThem() {
        for text in ["", "a", "\n", "\r\n", "\r", "\r\r\n\n", "abc\ndefghij\r\nklmnopqrs\rtu\n\n", String(repeating: "x\r\n", count: 40),
                     // Past 255 rounds of sixteen bytes, every lane full, and a tail.
                     String(repeating: "\n", count: 16 * 255 * 2 + 7), String(repeating: "ab\ncd\r\n\r", count: 900)] {
            let expected = text.unicodeScalars.reduce(into: (n: 0, cr: false)) { s, c in
                if c == "\n" { s.n += s.cr ? 0 : 1 } else if s.cr { }
                if c == "\r" { s.n += 1 }
                s.cr = c == "\r"
            }.n
            let counted = Array(text.utf8).withUnsafeBytes { JSONEventReader.lineBreaks(in: $0) }
            XCTAssertEqual(counted, expected, text.debugDescription)
        }
    }
}
