import Foundation
@testable import LayerReport
import LayerLintKit
import XCTest

/// The reports posted to GitHub and GitLab, at those platforms' limits (issue 27).
final class PlatformLimitsTests: XCTestCase {
    /// A report of `count` results: budget violations, cheap to make in any number, whose
    /// passes are 1, 2, 3, … in input order, so the cheapest is the first.
    private func report(results count: Int) -> LintReport {
        var file = FileReport(path: "Snapshots/feed.yml")
        file.budgetViolations = (0..<count).map {
            BudgetViolation(scope: .snapshot, screen: "Feed", line: $0 + 1, passes: $0 + 1, budget: 0)
        }
        return LintReport(files: [file])
    }

    private func sarif(_ report: LintReport, _ limits: SARIFLimits = .gitHub) throws -> (bytes: ByteText, run: [String: Any], notices: [String]) {
        var out = ByteText(), notices: [String] = []
        SARIFReporter(limits: limits).render(report, into: &out, notices: &notices)
        let runs = try XCTUnwrap(try jsonObject(out)["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.count, 1, "one run per file, never split")
        return (out, runs[0], notices)
    }

    private func leftOutNotes(_ run: [String: Any]) -> [[String: Any]] {
        let invocation = (run["invocations"] as? [[String: Any]])?.first ?? [:]
        return (invocation["toolExecutionNotifications"] as? [[String: Any]] ?? [])
            .filter { ($0["descriptor"] as? [String: Any])?["id"] as? String == "results-left-out" }
    }

    func testExactly25000ResultsAreAllKeptWithNoNotice() throws {
        let (_, run, notices) = try sarif(report(results: 25_000))
        XCTAssertEqual((run["results"] as? [Any])?.count, 25_000)
        XCTAssertTrue(leftOutNotes(run).isEmpty)
        XCTAssertTrue(notices.isEmpty)
    }

    func test25001ResultsKeepTheCostliest25000AndSaySo() throws {
        let (_, run, notices) = try sarif(report(results: 25_001))
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 25_000)
        // The cheapest (1 pass, line 1) is the one left out.
        let passes = results.compactMap { ($0["properties"] as? [String: Any])?["passes"] as? Int }
        XCTAssertEqual(passes.min(), 2)
        let note = try XCTUnwrap(leftOutNotes(run).first)
        XCTAssertEqual((note["properties"] as? [String: Int])?["resultsLeftOut"], 1)
        XCTAssertEqual((note["properties"] as? [String: Int])?["resultsTotal"], 25_001)
        let text = try XCTUnwrap((note["message"] as? [String: Any])?["text"] as? String)
        XCTAssertTrue(text.contains("left 1 of 25,001 results"), text)
        XCTAssertTrue(text.contains("json report"), text)
        XCTAssertEqual(notices, [text], "standard error says the same")
        // The schema is checked on the smaller file below, which carries the same notice:
        // python's jsonschema takes minutes over 25,000 results under the sanitizers.
    }

    func testFingerprintsOfKeptResultsDoNotDependOnWhatWasLeftOut() throws {
        let all = try sarif(report(results: 30), SARIFLimits(resultsPerRun: 30, gzipBytes: .max)).run
        let some = try sarif(report(results: 30), SARIFLimits(resultsPerRun: 10, gzipBytes: .max)).run
        func prints(_ run: [String: Any]) -> [Int: String] {
            var out: [Int: String] = [:]
            for r in run["results"] as? [[String: Any]] ?? [] {
                let passes = (r["properties"] as? [String: Any])?["passes"] as? Int ?? -1
                out[passes] = (r["partialFingerprints"] as? [String: String])?["layerlint/v1"]
            }
            return out
        }
        let kept = prints(some)
        XCTAssertEqual(kept.keys.sorted(), Array(21...30))
        let every = prints(all)
        XCTAssertEqual(every.count, 30)
        for (passes, print) in kept { XCTAssertEqual(every[passes], print, "passes \(passes)") }
    }

    func testOneByteOverTheCompressedLimitLeavesResultsOutAndFits() throws {
        let report = report(results: 400)
        let whole = try sarif(report, SARIFLimits(resultsPerRun: 25_000, gzipBytes: .max)).bytes
        let size = GzipSize.of(whole.bytes)
        // The reporter's cheap check: the fast level never says a file fits that the
        // default level (the upload's) finds too large.
        XCTAssertGreaterThanOrEqual(GzipSize.of(whole.bytes, level: GzipSize.fastLevel), size)
        // At the limit: every result, no notice.
        let at = try sarif(report, SARIFLimits(resultsPerRun: 25_000, gzipBytes: size))
        XCTAssertEqual(at.bytes.bytes, whole.bytes)
        XCTAssertTrue(at.notices.isEmpty)
        // One byte under what the whole file takes: results go, the file fits, and says so.
        let over = try sarif(report, SARIFLimits(resultsPerRun: 25_000, gzipBytes: size - 1))
        let kept = try XCTUnwrap(over.run["results"] as? [[String: Any]])
        XCTAssertLessThan(kept.count, 400)
        XCTAssertGreaterThan(kept.count, 300, "only as many go as the size needs")
        XCTAssertLessThanOrEqual(GzipSize.of(over.bytes.bytes), size - 1)
        let note = try XCTUnwrap(leftOutNotes(over.run).first)
        XCTAssertEqual((note["properties"] as? [String: Int])?["resultsLeftOut"], 400 - kept.count)
        let passes = kept.compactMap { ($0["properties"] as? [String: Any])?["passes"] as? Int }
        XCTAssertEqual(passes.min(), 400 - kept.count + 1, "the costliest are kept")
        // The most that fit: one more would not.
        XCTAssertEqual(over.notices.count, 1)
        try validateSARIF(over.bytes)
    }

    /// `sarif` into a file that streams, as `--reporter sarif:PATH` writes its temporary
    /// file (`restartable`), or as standard output is written (not).
    private func streamedSARIF(_ report: LintReport, _ limits: SARIFLimits, restartable: Bool) throws -> (bytes: [UInt8], notices: [String]) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("layerlint-sarif-\(UUID().uuidString)").path
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd); unlink(path) }
        var out = ByteText(flushingTo: fd, restartable: restartable), notices: [String] = []
        SARIFReporter(limits: limits).render(report, into: &out, notices: &notices)
        XCTAssertTrue(out.finish())
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(bytes.count, out.count)
        return (bytes, notices)
    }

    /// A long document streams to its own file, measured block by block as it is written;
    /// over the compressed limit the file is emptied and the document made again in memory.
    /// Either way the file holds what the document made in memory holds, byte for byte.
    func testAStreamedDocumentIsTheDocumentMadeInMemory() throws {
        let report = report(results: 5_000)
        let whole = try sarif(report, SARIFLimits(resultsPerRun: 25_000, gzipBytes: .max))
        let size = GzipSize.of(whole.bytes.bytes)
        for limits in [SARIFLimits.gitHub, SARIFLimits(resultsPerRun: 25_000, gzipBytes: size),
                       SARIFLimits(resultsPerRun: 4_000, gzipBytes: .max), SARIFLimits(resultsPerRun: 25_000, gzipBytes: size / 2)] {
            let inMemory = try sarif(report, limits)
            for restartable in [true, false] {
                let streamed = try streamedSARIF(report, limits, restartable: restartable)
                XCTAssertTrue(streamed.bytes == inMemory.bytes.bytes, "\(limits), restartable \(restartable)")
                XCTAssertEqual(streamed.notices, inMemory.notices)
            }
        }
        // The last limits leave results out, which the streamed file says as well.
        let half = try streamedSARIF(report, SARIFLimits(resultsPerRun: 25_000, gzipBytes: size / 2), restartable: true)
        XCTAssertEqual(half.notices.count, 1)
        XCTAssertLessThanOrEqual(GzipSize.of(half.bytes), size / 2)
    }

    /// Every block of a long array written to a streaming text is measured, and the
    /// measure bounds what the upload's level makes of the file; a short array, written in
    /// one piece into the streaming text, leaves the measure unknown.
    func testMeasuredBlocksBoundTheStreamedFile() throws {
        for (count, measured) in [(5_000, true), (2 * BlockRendering.blockSize + 1, true), (2 * BlockRendering.blockSize, false)] {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("layerlint-blocks-\(UUID().uuidString)").path
            let fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
            defer { close(fd); unlink(path) }
            var out = ByteText(flushingTo: fd)
            let blocks = MeasuredBlocks(results: max(count, 2 * BlockRendering.blockSize + 1))
            JSONWriter.write(into: &out) { w in
                w.object {
                    w.key("results"); w.array(count: count) { range, w in
                        for k in range { w.object { w.key("line"); w.value(k * 7_919 % 10_007); w.key("text"); w.value("cell \(k % 97)") } }
                        blocks?.measure(range, w)
                    }
                }
            }
            XCTAssertTrue(out.finish())
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let ceiling = blocks?.gzipCeiling(ofDocument: bytes.count)
            XCTAssertEqual(ceiling != nil, measured, "\(count) elements")
            if let ceiling {
                XCTAssertGreaterThanOrEqual(ceiling, GzipSize.of(bytes))
                XCTAssertLessThan(ceiling, bytes.count / 2, "the blocks are compressed, not counted at their length")
            }
        }
    }

    func testGzipSizeIsWhatGzipMakes() throws {
        let text = Array(String(repeating: "layer shadow path ", count: 5_000).utf8)
        let size = GzipSize.of(text)
        XCTAssertGreaterThan(size, 18)
        XCTAssertLessThan(size, text.count / 10)
        XCTAssertLessThanOrEqual(size, GzipSize.ceiling(ofCount: text.count))
        // Python's gzip module reads it back: checked where python3 is (the CI has it).
        XCTAssertLessThanOrEqual(GzipSize.of([]), GzipSize.ceiling(ofCount: 0))
    }

    func testEveryResultHasOneLocationFarUnderTheLimit() throws {
        // LayerLint results have one location and no related ones: nothing a run finds can
        // reach GitHub's 1,000 locations in a result.
        let (_, run, _) = try sarif(try fullReport())
        for r in run["results"] as? [[String: Any]] ?? [] {
            XCTAssertEqual((r["locations"] as? [Any])?.count, 1)
            XCTAssertNil(r["relatedLocations"])
            XCTAssertNil(r["codeFlows"])
        }
        XCTAssertEqual(SARIFLimits.gitHub.locationsPerResult, 1_000)
        XCTAssertEqual(SARIFLimits.gitHub.resultsPerRun, 25_000)
        XCTAssertEqual(SARIFLimits.gitHub.gzipBytes, 10_000_000)
    }
}

/// Validates against the SARIF 2.1.0 schema with python's jsonschema, as the CI does;
/// skipped where python3 or jsonschema is missing.
func validateSARIF(_ bytes: ByteText, file: StaticString = #filePath, line: UInt = #line) throws {
    let schema = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/sarif/sarif-2.1.0.schema.json")
    try validate(bytes, schema: schema, file: file, line: line)
}

func validate(_ bytes: ByteText, schema: URL, file: StaticString = #filePath, line: UInt = #line) throws {
    guard FileManager.default.fileExists(atPath: schema.path) else { throw XCTSkip("no schema at \(schema.path)") }
    let document = FileManager.default.temporaryDirectory.appendingPathComponent("layerlint-\(UUID().uuidString).json")
    try Data(bytes.bytes).write(to: document)
    defer { try? FileManager.default.removeItem(at: document) }
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = ["python3", "-c", """
        import json, sys
        try:
            import jsonschema
        except ImportError:
            sys.exit(77)
        jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1])))
        """, schema.path, document.path]
    let errors = Pipe()
    python.standardError = errors
    try python.run()
    python.waitUntilExit()
    if python.terminationStatus == 77 { throw XCTSkip("python3 has no jsonschema") }
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    XCTAssertEqual(python.terminationStatus, 0, "not valid against \(schema.lastPathComponent):\n\(message.suffix(2_000))", file: file, line: line)
}
