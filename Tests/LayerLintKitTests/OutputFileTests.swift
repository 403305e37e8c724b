import Foundation
@testable import LayerLintKit
import Testing

/// The temporary file a report is written through: created exclusively, never through a
/// link planted at its name (docs/reliability.md, "Outputs and the exit-code contract").
@Suite("Output files: the temporary file")
struct OutputFileTests {
    let folder: String
    init() throws {
        folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("layerlint-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func contents(_ name: String) throws -> String {
        try String(contentsOfFile: (folder as NSString).appendingPathComponent(name), encoding: .utf8)
    }

    func plantLink(_ name: String, to victim: String) throws {
        try FileManager.default.createSymbolicLink(atPath: (folder as NSString).appendingPathComponent(name),
                                                   withDestinationPath: (folder as NSString).appendingPathComponent(victim))
    }

    @Test("a link planted at the name the old writer used (.NAME.PID.tmp) is not followed")
    func oldPredictableNameIsNotUsed() throws {
        try Data("victim".utf8).write(to: URL(fileURLWithPath: (folder as NSString).appendingPathComponent("victim")))
        try plantLink(".report.json.\(getpid()).tmp", to: "victim")
        try OutputFile.write(Array("{}\n".utf8), to: (folder as NSString).appendingPathComponent("report.json"))
        #expect(try contents("victim") == "victim")
        #expect(try contents("report.json") == "{}\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(left == [".report.json.\(getpid()).tmp", "report.json", "victim"])
    }

    @Test("a taken temporary name, a link included, is passed over for the next")
    func takenNamesArePassedOver() throws {
        try Data("victim".utf8).write(to: URL(fileURLWithPath: (folder as NSString).appendingPathComponent("victim")))
        try plantLink(".report.json.guessed.tmp", to: "victim")
        try plantLink(".report.json.dangling.tmp", to: "nothing-yet")
        let names = ["guessed", "dangling", "fresh"].makeIterator()
        try OutputFile.write(Array("{}\n".utf8), to: (folder as NSString).appendingPathComponent("report.json"), temporaryNames: names)
        #expect(try contents("victim") == "victim")
        #expect(!FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("nothing-yet")))
        #expect(try contents("report.json") == "{}\n")
        #expect(!FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(".report.json.fresh.tmp")))
    }

    @Test("names are random: two writes never try the same first name")
    func namesAreRandom() {
        var a = RandomTemporaryNames(), b = RandomTemporaryNames()
        let first = a.next()!, second = b.next()!
        #expect(first != second)
        #expect(first.count == "layerlint-".count + 16)
    }

    @Test("a new file gets 0644 less the umask, not the 0600 of a temporary file")
    func newFileMode() throws {
        // The umask as the kernel reports it, read without changing it (tests run in parallel).
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
        let mask = try #require(Int(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8))
        let path = (folder as NSString).appendingPathComponent("new.json")
        try OutputFile.write(Array("{}".utf8), to: path)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o644 & ~mask)
    }
}
