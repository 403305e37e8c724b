import Foundation
import LayerLintKit
import LayerReport
import Testing

/// Reports stream to where they go in chunks (`ByteText(flushingTo:)`,
/// `OutputFile.write(to:streaming:)`): the bytes must be exactly those of a report made
/// in memory, memory must stay at about one chunk, and a report file must still be
/// replaced whole or not at all.
@Suite("Streamed reports")
struct StreamedReportTests {
    let folder: String
    init() throws {
        folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("layerlint-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }

    /// A report large enough to cross several 1 MiB chunks in every format but markdown.
    static let report: LintReport = {
        let dump = try! String(contentsOf: repositoryRoot.appendingPathComponent("fixtures/feed-cell.yml"), encoding: .utf8)
        let file = Linter().lint(text: dump, path: "fixtures/feed-cell.yml", syntax: .yaml)
        return LintReport(files: (0..<1_500).map { k in var f = file; f.path = "fixtures/feed-cell-\(k).yml"; return f })
    }()

    @Test("a streamed report file holds the same bytes as the report made in memory", arguments: ReportFormat.allCases)
    func streamedEqualsInMemory(format: ReportFormat) throws {
        let reporter = format.reporter(showFixes: true, version: "0.0.0", root: "/work")
        let whole = reporter.render(Self.report).bytes
        try OutputFile.write(to: path("report")) { reporter.render(Self.report, into: &$0) }
        let written = try #require(FileManager.default.contents(atPath: path("report")))
        #expect(written.count == whole.count)
        #expect(Array(written) == whole)
    }

    @Test("the previous file stays whole while a report streams, and is replaced at the end")
    func previousFileStaysUntilTheEnd() throws {
        try Data("previous\n".utf8).write(to: URL(fileURLWithPath: path("report.txt")))
        var sawOldWhileStreaming = false
        let line = "a line of a large report, long enough to fill chunks\n"
        try OutputFile.write(to: path("report.txt")) { out in
            for _ in 0..<40_000 { out.append(line) }
            // Chunks have left for the temporary file by now; the report is unchanged.
            sawOldWhileStreaming = out.count > out.bytes.count
                && (try? String(contentsOfFile: path("report.txt"), encoding: .utf8)) == "previous\n"
        }
        #expect(sawOldWhileStreaming)
        let after = try String(contentsOfFile: path("report.txt"), encoding: .utf8)
        #expect(after.utf8.count == 40_000 * line.utf8.count)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["report.txt"])
    }

    /// A report's own new file gets its bytes started for the disk as chunks leave
    /// (`ByteText.writesBack`), so its final fsync waits for the last few only; a device
    /// written in place, or a text that streams to a descriptor it was merely given
    /// (standard output, a pipe), never does.
    @Test("a report file's bytes start for the disk as they are written; devices and pipes are left alone")
    func reportFilesWriteBack() throws {
        let line = "a line of a large report, long enough to fill chunks\n"
        var regular: Bool?
        try OutputFile.write(to: path("report.txt")) { out in
            regular = out.writesBack
            for _ in 0..<60_000 { out.append(line) }
        }
        #expect(regular == true)
        let written = try String(contentsOfFile: path("report.txt"), encoding: .utf8)
        #expect(written.utf8.count == 60_000 * line.utf8.count)
        var device: Bool?
        try OutputFile.write(to: "/dev/null") { out in device = out.writesBack }
        #expect(device == false)
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(!ByteText(flushingTo: ends[1]).writesBack)
    }

    @Test("a streaming text keeps about one chunk in memory, whatever it writes")
    func memoryStaysAtOneChunk() throws {
        let fd = open(path("big"), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(fd >= 0)
        defer { close(fd) }
        var out = ByteText(flushingTo: fd)
        var largest = 0
        for _ in 0..<200_000 {
            out.append("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\n")
            largest = max(largest, out.bytes.count)
        }
        let complete = out.finish()
        #expect(complete)
        #expect(largest <= (1 << 20) + 128)
        #expect(out.count == 200_000 * 65)
        let size = try FileManager.default.attributesOfItem(atPath: path("big"))[.size] as? Int
        #expect(size == 200_000 * 65)
    }

    @Test("a write that fails midway is an error, not a truncated report passed off as whole")
    func failedWriteIsAnError() throws {
        #expect(FileManager.default.fileExists(atPath: "/dev/full"))
        #expect(throws: OutputFile.WriteError.self) {
            try OutputFile.write(to: "/dev/full") { out in
                for _ in 0..<50_000 { out.append("a line that will not fit on /dev/full\n") }
            }
        }
    }
}
