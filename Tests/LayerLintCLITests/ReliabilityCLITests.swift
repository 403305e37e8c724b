import Foundation
import XCTest

/// One bad file among many: each gets its own precise error, the others their findings,
/// and the exit status says an input failed (docs/reliability.md).
final class ReliabilityCLITests: XCTestCase {
    private let good = "layerlint: 1\nroot:\n  name: card\n  frame: [0, 0, 100, 40]\n  backgroundColor: \"#FFFFFF\"\n  shadowOpacity: 0.3\n"

    /// A truncated YAML file, an empty JSON file, a binary file named .yml, and a good one.
    private func mixedFolder() throws -> URL {
        let dir = try temporaryFolder([
            "a-truncated.yml": "layerlint: 1\nroot:\n  sublayers:\n    - name: b\n      frame: [0, 0",
            "b-empty.json": "",
            "d-good.yml": good,
        ])
        // The start of a zip archive.
        try Data([0x50, 0x4B, 0x03, 0x04, 0x0A, 0x00, 0xFF, 0x10, 0x80]).write(to: dir.appendingPathComponent("c-binary.yml"))
        return dir
    }

    func testMixedFolderInText() throws {
        let dir = try mixedFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for jobs in ["1", "3"] {
            let r = try run(["lint", "--jobs", jobs, "--no-fixes", dir.path])
            XCTAssertEqual(r.status, 2, r.out)
            let lines = r.out.split(separator: "\n").map { String($0).replacingOccurrences(of: dir.path + "/", with: "") }
            XCTAssertEqual(lines.filter { $0.contains(": error: ") }, [
                "a-truncated.yml:6:1: error: while parsing a flow sequence, did not find expected ',' or ']'",
                "b-empty.json:1:1: error: unexpected end of file, expected a value",
                "c-binary.yml:1:3: error: control characters are not allowed (byte 0x03); a dump is UTF-8 text without control characters",
            ], r.out)
            XCTAssertTrue(lines.contains { $0.hasPrefix("d-good.yml:3:3: warning: card draws a shadow") }, r.out)
            XCTAssertTrue(r.out.contains("4 files, 1 snapshot"), r.out)
            XCTAssertTrue(r.out.contains("3 files could not be read"), r.out)
        }
    }

    func testMixedFolderInJSON() throws {
        let dir = try mixedFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try run(["lint", "--reporter", "json", "--jobs", "2", dir.path])
        XCTAssertEqual(r.status, 2)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        XCTAssertEqual((object["summary"] as? [String: Any])?["errors"] as? Int, 3)
        let files = try XCTUnwrap(object["files"] as? [[String: Any]])
        XCTAssertEqual(files.count, 4)
        let places = files.map { file -> String in
            guard let error = file["error"] as? [String: Any] else {
                return "findings \((file["snapshots"] as? [[String: Any]])?.first?["findings"].map { ($0 as? [Any])?.count ?? -1 } ?? -1)"
            }
            return "\(error["line"] ?? "?"):\(error["column"] ?? "?")"
        }
        XCTAssertEqual(places, ["6:1", "1:1", "1:3", "findings 1"])
    }

    func testReportFilesAreWholeOrNotWritten() throws {
        let dir = try mixedFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        // The destination is a folder with a file in it: the rename over it must fail.
        try FileManager.default.createDirectory(at: out.appendingPathComponent("report.sarif"), withIntermediateDirectories: true)
        try Data("kept".utf8).write(to: out.appendingPathComponent("report.sarif/inside"))
        let r = try run(["lint", "--jobs", "2", "--reporter", "json:out/report.json", "--reporter", "sarif:out/report.sarif", "."], in: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.err.contains("cannot write out/report.sarif"), r.err)
        // The JSON report of the same run is whole, bad files included.
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json"))) as? [String: Any])
        XCTAssertEqual((json["files"] as? [Any])?.count, 4)
        XCTAssertEqual(try String(contentsOf: out.appendingPathComponent("report.sarif/inside"), encoding: .utf8), "kept")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted(), ["report.json", "report.sarif"],
                       "no temporary file is left behind")
    }

    func testLimitsFromTheConfigurationNameTheFileTheLineAndTheLimit() throws {
        let dir = try temporaryFolder([
            ".layerlint.yml": "limits:\n  layers: 2\n  pathBytes: 8\n",
            "a-many.yml": "layerlint: 1\nroot:\n  sublayers:\n    - {}\n    - {}\n",
            "b-path.yml": "layerlint: 1\nroot:\n  shadowPath: \"M0 0 L10 10 Z\"\n",
            "c-good.yml": good,
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try run(["lint", "--no-fixes", "."], in: dir)
        XCTAssertEqual(r.status, 2)
        let advice = "if the dump is genuine, raise it in .layerlint.yml under `limits:`"
        XCTAssertTrue(r.out.contains("a-many.yml:5:7: error: more than 2 layers in this file; the limit limits.layers is 2; \(advice)"), r.out)
        XCTAssertTrue(r.out.contains("b-path.yml:3:15: error: `shadowPath` holds 13 bytes of path data, more than the limit; the limit limits.pathBytes is 8; \(advice)"), r.out)
        XCTAssertTrue(r.out.contains("c-good.yml:3:3: warning: card draws a shadow"), r.out)
        let printed = try run(["config", "--print"], in: dir)
        XCTAssertTrue(printed.out.contains("limits:\n  nestingDepth: 1000000\n  layers: 2\n"), printed.out)
    }

    func testStandardInputIsReadOnlyUpToTheLimit() throws {
        let dir = try temporaryFolder([".layerlint.yml": "limits:\n  fileBytes: 64\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = good + String(repeating: "# padding\n", count: 100_000)
        let r = try runFeedingStandardInput(["lint", "-"], stdin: big, in: dir)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.out.contains("<stdin>:1:1: error: standard input holds more than 64 bytes; the limit limits.fileBytes is 64"), r.out)
        let small = try run(["lint", "--fail-on", "never", "-"], stdin: "layerlint: 1\nroot: {}\n", in: dir)
        XCTAssertEqual(small.status, 0, small.out)
    }

    /// Like `run`, but feeds standard input from another thread and ignores a reader that
    /// stops early (the point of the test): the write then fails instead of killing us.
    private func runFeedingStandardInput(_ args: [String], stdin: String, in directory: URL) throws -> (status: Int32, out: String) {
        signal(SIGPIPE, SIG_IGN)
        let p = Process()
        p.executableURL = binary
        p.arguments = args
        p.currentDirectoryURL = directory
        let out = Pipe(), input = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        p.standardInput = input
        try p.run()
        let writer = input.fileHandleForWriting
        let bytes = Data(stdin.utf8)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? writer.write(contentsOf: bytes)
            try? writer.close()
            done.signal()
        }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        done.wait()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self))
    }
}
