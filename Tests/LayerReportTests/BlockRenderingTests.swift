import Foundation
import LayerLintKit
@testable import LayerReport
import LayerRules
import XCTest

/// Long lists of findings are written in blocks on several threads and joined in order;
/// the report must read byte for byte as one pass over the list writes it.
final class BlockRenderingTests: XCTestCase {
    private final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var ranges: [Range<Int>] = []
        func add(_ r: Range<Int>) { lock.lock(); ranges.append(r); lock.unlock() }
        var all: [Range<Int>] { lock.lock(); defer { lock.unlock() }; return ranges }
    }

    func testBlocksJoinInOrderAndCoverEveryPieceOnce() {
        let size = BlockRendering.blockSize
        for count in [0, 1, size * 2, size * 2 + 1, size * BlockRendering.batchSize + 3, size * 21 + 17] {
            let calls = Calls()
            var out = ByteText()
            out.append("head\n")
            BlockRendering.render(count: count, into: &out) { range, text in
                calls.add(range)
                if count > size * 2 { XCTAssertTrue(text.bytes.isEmpty, "each block starts with an empty text") }
                for k in range { text.append(k); text.append(byte: 0x0A) }
            }
            let expected = "head\n" + (0..<count).map { "\($0)\n" }.joined()
            XCTAssertEqual(out.string, expected, "count \(count)")
            let ranges = calls.all.sorted { $0.lowerBound < $1.lowerBound }
            XCTAssertEqual(ranges.reduce(0) { $0 + $1.count }, count)
            XCTAssertEqual(ranges.count, count > size * 2 ? (count + size - 1) / size : 1, "count \(count)")
            for (a, b) in zip(ranges, ranges.dropFirst()) { XCTAssertEqual(a.upperBound, b.lowerBound) }
        }
    }

    /// A text that streams to a file gets the blocks written straight to it while the next
    /// ones render; the file holds what the text buffered before, every block in order,
    /// and what came after, and the text counts every byte.
    func testBlocksStreamToAFileInOrder() throws {
        let size = BlockRendering.blockSize
        // A file of the text's own also has its bytes started for the disk every few blocks.
        for (count, ownFile) in [(size * 2 + 1, false), (size * BlockRendering.batchSize + 3, true), (size * 21 + 17, false),
                                 (size * 21 + 17, true)] {
            let path = NSTemporaryDirectory() + "layerlint-blocks-\(UUID().uuidString)"
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            XCTAssertGreaterThanOrEqual(fd, 0)
            defer { unlink(path) }
            var out = ByteText(flushingTo: fd, restartable: ownFile)
            out.append("head\n")
            BlockRendering.$cores.withValue(3) {
                BlockRendering.render(count: count, into: &out) { range, text in
                    for k in range { text.append(k); text.append(byte: 0x0A) }
                }
            }
            out.append("tail\n")
            XCTAssertTrue(out.finish())
            close(fd)
            let expected = "head\n" + (0..<count).map { "\($0)\n" }.joined() + "tail\n"
            let written = try String(contentsOfFile: path, encoding: .utf8)
            XCTAssertTrue(written == expected, "count \(count): \(written.utf8.count) bytes against \(expected.utf8.count)")
            XCTAssertEqual(out.count, expected.utf8.count)
        }
    }

    /// Sharing no items (a report without findings) runs nothing and returns.
    func testSharingNothingReturns() {
        let calls = Calls()
        BlockRendering.$cores.withValue(4) { BlockRendering.share(0) { k in calls.add(k..<k + 1) } }
        XCTAssertTrue(calls.all.isEmpty)
    }

    /// With one core allowed (`--jobs 1`), every block is written on the calling thread.
    func testOneCoreWritesEveryBlockOnTheCallingThread() {
        final class Threads: @unchecked Sendable {
            private let lock = NSLock()
            private var seen: Set<UInt> = []
            func add() { lock.lock(); seen.insert(UInt(bitPattern: Int(bitPattern: pthread_self()))); lock.unlock() }
            var all: Set<UInt> { lock.lock(); defer { lock.unlock() }; return seen }
        }
        let threads = Threads()
        let caller = UInt(bitPattern: Int(bitPattern: pthread_self()))
        var out = ByteText()
        BlockRendering.$cores.withValue(1) {
            BlockRendering.render(count: BlockRendering.blockSize * 20, into: &out) { range, text in
                threads.add()
                for k in range { text.append(k) }
            }
        }
        XCTAssertEqual(threads.all, [caller])
        XCTAssertFalse(out.bytes.isEmpty)
    }

    /// The same findings as one long snapshot (written in blocks) and as short snapshots
    /// of the same screen (each written in one pass) give the same report.
    func testALongListReadsAsShortOnes() throws {
        let dump = """
            layerlint: 1
            screen: Feed
            root:
              frame: [0, 0, 400, 800]
              sublayers:
                - { name: twin, frame: [10, 10, 300, 80], backgroundColor: "#FFFFFF", cornerRadius: 12, shadowOpacity: 0.2, shadowRadius: 8 }
                - { name: twin, frame: [10, 110, 300, 80], backgroundColor: "#FFFFFF", cornerRadius: 12, shadowOpacity: 0.2, shadowRadius: 8 }
                - { name: "odd & <new>", frame: [10, 210, 301.257, 77.5], backgroundColor: "#FFFFFF", cornerRadius: 11.3, shadowOpacity: 0.25, shadowRadius: 7.5 }
                - { name: clipped, frame: [10, 310, 287.123, 91.5], backgroundColor: "#FFFFFF", cornerRadius: 9.75, masksToBounds: true, shadowOpacity: 0.3, shadowRadius: 4 }
            """
        let linted = Linter().lint(text: dump, path: "feed.yml")
        XCTAssertNil(linted.error)
        let snapshot = try XCTUnwrap(linted.snapshots.first)
        XCTAssertGreaterThanOrEqual(snapshot.findings.count, 4)
        let parts = 5, perPart = BlockRendering.blockSize * 2  // each part just short of splitting
        let findings = (0..<(parts * perPart)).map { snapshot.findings[$0 % snapshot.findings.count] }
        let estimated = snapshot.estimate.layers
        XCTAssertFalse(estimated.isEmpty)
        let offscreen = (0..<(parts * perPart)).map { estimated[$0 % estimated.count] }
        var long = linted, short = linted
        long.snapshots = [snapshot]
        long.snapshots[0].findings = findings
        long.snapshots[0].estimate.layers = offscreen
        short.snapshots = (0..<parts).map { k in
            var s = snapshot
            s.findings = Array(findings[(k * perPart)..<((k + 1) * perPart)])
            s.estimate.layers = Array(offscreen[(k * perPart)..<((k + 1) * perPart)])
            return s
        }
        let reporters: [(String, any Reporter)] = [
            ("text", TextReporter(showFixes: true, showSummary: false)), ("rdjsonl", ReviewdogReporter()),
            ("checkstyle", CheckstyleReporter()), ("github", GitHubActionsReporter()), ("junit", JUnitReporter()), ("sarif", SARIFReporter()),
        ]
        for (name, reporter) in reporters {
            let a = reporter.render(LintReport(files: [long])).string
            let b = reporter.render(LintReport(files: [short])).string
            XCTAssertEqual(a.utf8.count, b.utf8.count, name)
            XCTAssertTrue(a == b, "\(name): the long list reads as the short ones")
            XCTAssertTrue(a.contains("odd"), name)
        }
        // SARIF: each fingerprint is rule, screen and layer path hashed with the count of
        // equal ones before it, counted over the whole list although blocks hash it.
        let sarif = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(SARIFReporter().render(LintReport(files: [long])).string.utf8)) as? [String: Any])
        let results = try XCTUnwrap((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        var seen: [String: Int] = [:]
        let expected = findings.map { f -> String in
            let key = f.rule + "\u{0}" + f.layerPath
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            var hash = StableHash()
            hash.combine(f.rule); hash.combine(snapshot.screen ?? ""); hash.combine(f.layerPath); hash.combine(decimal: occurrence)
            return hash.hex
        }
        XCTAssertGreaterThan(seen.values.max() ?? 0, BlockRendering.blockSize, "identities repeat across blocks")
        XCTAssertEqual(results.map { ($0["partialFingerprints"] as? [String: String])?["layerlint/v1"] }, expected)
        // JSON: the long snapshot's findings and offscreen layers are the short ones'
        // joined, indented alike.
        let a = JSONReporter().render(LintReport(files: [long])).string
        let b = JSONReporter().render(LintReport(files: [short])).string
        /// What lies between the brackets of each array under `key`.
        func arrays(_ key: String, in json: String) -> [String] {
            let lines = json.split(separator: "\n", omittingEmptySubsequences: false)
            var arrays: [String] = [], current: [Substring]?, closing = ""
            for line in lines {
                if current != nil, line.hasPrefix(closing) {
                    arrays.append(current!.joined(separator: "\n")); current = nil
                } else if current != nil {
                    current!.append(line)
                } else if line.hasSuffix("\"\(key)\": [") {
                    current = []; closing = String(line.prefix { $0 == " " }) + "]"
                }
            }
            return arrays
        }
        for key in ["findings", "offscreenLayers"] {
            let longArrays = arrays(key, in: a), shortArrays = arrays(key, in: b)
            XCTAssertEqual(longArrays.count, 1, key)
            XCTAssertEqual(shortArrays.count, parts, key)
            XCTAssertTrue(longArrays.first == shortArrays.joined(separator: ",\n"), "\(key): the blocks join as one array")
        }
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(a.utf8)) as? [String: Any])
        let files = try XCTUnwrap(object["files"] as? [[String: Any]])
        let written = try XCTUnwrap((files.first?["snapshots"] as? [[String: Any]])?.first?["findings"] as? [[String: Any]])
        XCTAssertEqual(written.count, findings.count)
        XCTAssertEqual(written.map { $0["layerPath"] as? String }, findings.map(\.layerPath))
    }
}
