import Foundation
import XCTest

/// Reports, baselines and converted dumps never destroy a file by accident
/// (docs/reliability.md, "Outputs and the exit-code contract").
final class OutputSafetyCLITests: XCTestCase {
    private let dump = "layerlint: 1\nroot:\n  name: card\n  frame: [0, 0, 100, 40]\n  backgroundColor: \"#FFFFFF\"\n  shadowOpacity: 0.3\n"

    private func mode(_ url: URL) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    private func fileType(_ url: URL) throws -> FileAttributeType? {
        try FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType
    }

    /// Every spelling of an input as an output is refused before anything is read: exit 2,
    /// both paths named, the dump untouched, no report on standard output.
    func testAnOutputThatIsAnInputIsRefusedBeforeAnythingIsRead() throws {
        let dir = try temporaryFolder(["snaps/a.yml": dump, "b.yml": dump, "base.yml": "version: 1\nfindings: []\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("link.json").path, withDestinationPath: "snaps/a.yml")
        try fm.linkItem(atPath: dir.appendingPathComponent("snaps/a.yml").path, toPath: dir.appendingPathComponent("hard.yml").path)
        let cases: [(args: [String], output: String, input: String)] = [
            (["lint", "snaps/a.yml", "--reporter", "text", "--reporter", "json:snaps/a.yml"], "snaps/a.yml", "snaps/a.yml"),
            (["lint", "snaps/a.yml", "--reporter", "text", "--reporter", "json:./snaps/../snaps/a.yml"], "./snaps/../snaps/a.yml", "snaps/a.yml"),
            (["lint", "snaps/a.yml", "--reporter", "text", "--reporter", "sarif:link.json"], "link.json", "snaps/a.yml"),
            (["lint", "snaps/a.yml", "--reporter", "text", "--reporter", "json:hard.yml"], "hard.yml", "snaps/a.yml"),
            // A file found in a folder given on the command line is an input too.
            (["lint", "snaps", "--reporter", "text", "--reporter", "json:snaps/a.yml"], "snaps/a.yml", "snaps/a.yml"),
            (["lint", "snaps", "--write-baseline", "hard.yml"], "hard.yml", "snaps/a.yml"),
            (["lint", "b.yml", "--baseline", "base.yml", "--reporter", "text", "--reporter", "json:./base.yml"], "./base.yml", "base.yml"),
            (["diff", "snaps/a.yml", "b.yml", "--reporter", "text", "--reporter", "markdown:link.json"], "link.json", "snaps/a.yml"),
            (["convert", "snaps/a.yml", "--to", "json", "--output", "./hard.yml"], "./hard.yml", "snaps/a.yml"),
        ]
        for c in cases {
            let r = try run(c.args, in: dir)
            XCTAssertEqual(r.status, 2, "\(c.args): \(r.err)")
            XCTAssertTrue(r.err.contains(" \(c.output) is the same file as the input \(c.input)")
                          || r.err.contains(" \(c.output) is the same file as the baseline \(c.input)"), "\(c.args): \(r.err)")
            XCTAssertEqual(r.out, "", "nothing was read: \(c.args)")
            XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("snaps/a.yml"), encoding: .utf8), dump, "\(c.args)")
            XCTAssertEqual(try fileType(dir.appendingPathComponent("link.json")), .typeSymbolicLink)
        }
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("base.yml"), encoding: .utf8), "version: 1\nfindings: []\n")
        // Two reports that are one file, spelled two ways.
        let twice = try run(["lint", "b.yml", "--reporter", "json:r.json", "--reporter", "sarif:./r.json"], in: dir)
        XCTAssertEqual(twice.status, 2)
        XCTAssertTrue(twice.err.contains("the report r.json and the report ./r.json are the same file"), twice.err)
        XCTAssertFalse(fm.fileExists(atPath: dir.appendingPathComponent("r.json").path))
        // An Xcode export is a folder read as one input: an output inside it is refused.
        try fm.createDirectory(at: dir.appendingPathComponent("Feed.viewhierarchy/RequestResponses"), withIntermediateDirectories: true)
        let inside = try run(["lint", "Feed.viewhierarchy", "--reporter", "json:Feed.viewhierarchy/RequestResponses/Response_2"], in: dir)
        XCTAssertEqual(inside.status, 2)
        XCTAssertTrue(inside.err.contains("the report Feed.viewhierarchy/RequestResponses/Response_2 is inside the input Feed.viewhierarchy"), inside.err)
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: dir.appendingPathComponent("Feed.viewhierarchy/RequestResponses").path), [])
    }

    /// A symbolic link to a device and a FIFO stay what they are; the report goes into them.
    func testDevicesAndFIFOsAreWrittenInPlace() throws {
        let dir = try temporaryFolder(["a.yml": dump])
        defer { try? FileManager.default.removeItem(at: dir) }
        let null = dir.appendingPathComponent("null.json")
        try FileManager.default.createSymbolicLink(atPath: null.path, withDestinationPath: "/dev/null")
        let r = try run(["lint", "a.yml", "--reporter", "json:null.json"], in: dir)
        XCTAssertEqual(r.status, 1, r.err)
        XCTAssertEqual(try fileType(null), .typeSymbolicLink)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: null.path), "/dev/null")
        XCTAssertEqual(try fileType(null.resolvingSymlinksInPath()), .typeCharacterSpecial)

        let fifo = dir.appendingPathComponent("report.fifo")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        // A reader is open before the run, so the run's open for writing does not wait.
        let reader = open(fifo.path, O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        defer { close(reader) }
        let f = try run(["lint", "a.yml", "--reporter", "json:report.fifo"], in: dir)
        XCTAssertEqual(f.status, 1, f.err)
        var s = stat()
        XCTAssertEqual(lstat(fifo.path, &s), 0)
        XCTAssertEqual(s.st_mode & S_IFMT, S_IFIFO, "still a FIFO")
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let n = read(reader, &buffer, buffer.count)
        XCTAssertGreaterThan(n, 0)
        let json = try JSONSerialization.jsonObject(with: Data(buffer.prefix(max(n, 0)))) as? [String: Any]
        XCTAssertEqual(json?["kind"] as? String, "lint")
    }

    /// A replaced report keeps its permissions; a link to a report is written through.
    func testPermissionsAreKeptAndLinksWrittenThrough() throws {
        let dir = try temporaryFolder(["a.yml": dump, "out/old.json": "{}", "out/shared.json": "{}"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = dir.appendingPathComponent("out/old.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: old.path)
        XCTAssertEqual(try run(["lint", "a.yml", "--reporter", "json:out/old.json"], in: dir).status, 1)
        XCTAssertEqual(try mode(old), 0o600)
        XCTAssertTrue(try String(contentsOf: old, encoding: .utf8).contains("\"kind\""))

        let link = dir.appendingPathComponent("latest.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "out/shared.json")
        XCTAssertEqual(try run(["lint", "a.yml", "--reporter", "json:latest.json"], in: dir).status, 1)
        XCTAssertEqual(try fileType(link), .typeSymbolicLink)
        XCTAssertTrue(try String(contentsOf: dir.appendingPathComponent("out/shared.json"), encoding: .utf8).contains("\"kind\""))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path).sorted(),
                       ["old.json", "shared.json"], "no temporary file is left behind")

        // A link to nothing is an error, not a file created somewhere else.
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("dangling.json").path, withDestinationPath: "nowhere/x.json")
        let dangling = try run(["lint", "a.yml", "--reporter", "json:dangling.json"], in: dir)
        XCTAssertEqual(dangling.status, 2)
        XCTAssertTrue(dangling.err.contains("cannot write dangling.json: it is a symbolic link to a file that does not exist"), dangling.err)
    }

    /// Reports written into the linted folder are not read back as dumps on the next run;
    /// other LayerLint reports there are skipped with one note.
    func testReportsInsideTheLintedFolderAreNotReadBack() throws {
        let dir = try temporaryFolder(["snaps/a.yml": dump, ".layerlint.yml": "rules:\n  unneeded-clip: warning\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let args = ["lint", ".", "--reporter", "json:snaps/report.json", "--reporter", "text"]
        let first = try run(args, in: dir)
        XCTAssertEqual(first.status, 1, first.out + first.err)
        let second = try run(args, in: dir)
        XCTAssertEqual(second.status, 1, second.out + second.err)
        XCTAssertEqual(second.out, first.out, "the report of the first run is not linted")
        XCTAssertEqual(second.err, "", "this run's own report is left out without a note")
        XCTAssertTrue(second.out.hasPrefix("./snaps/a.yml:") && second.out.contains("1 file,"), second.out)

        // Reports of other runs (SARIF, JUnit, a baseline) are skipped, with one note.
        XCTAssertEqual(try run(["lint", ".", "--reporter", "sarif:snaps/x.sarif.json", "--reporter", "junit:snaps/junit.yml"], in: dir).status, 1)
        XCTAssertEqual(try run(["lint", ".", "--write-baseline", "snaps/baseline.yml", "--fail-on", "never"], in: dir).status, 0)
        let third = try run(["lint", "."], in: dir)
        XCTAssertEqual(third.status, 1, third.out + third.err)
        XCTAssertTrue(third.out.contains("1 file,"), third.out)
        let notes = third.err.split(separator: "\n")
        XCTAssertEqual(notes.count, 1, third.err)
        XCTAssertTrue(third.err.hasPrefix("layerlint: note: skipped 4 files that are LayerLint output, not a dump"), third.err)
        for name in ["baseline.yml", "junit.yml", "report.json"] { XCTAssertTrue(third.err.contains("snaps/\(name)"), third.err) }
        // The baseline the run reads is no report to note.
        let baselined = try run(["lint", ".", "--baseline", "snaps/baseline.yml"], in: dir)
        XCTAssertEqual(baselined.status, 0, baselined.out + baselined.err)
        XCTAssertTrue(baselined.err.contains("skipped 3 files") && !baselined.err.contains("baseline.yml"), baselined.err)

        // A folder holding only reports holds no dumps.
        let only = try run(["lint", "snaps/reports"], in: try temporaryFolder(["snaps/reports/r.json": "{\"version\": 1, \"kind\": \"lint\", \"files\": []}"]))
        XCTAssertEqual(only.status, 2)
        XCTAssertTrue(only.out.contains("the folder holds no dumps, only LayerLint reports"), only.out)
    }
}
