import Foundation
import XCTest

/// Colour in the text report (`--color`, `NO_COLOR`) and the progress line on standard
/// error: LayerLint's own escape sequences only, on a terminal only.
final class TerminalOutputCLITests: XCTestCase {
    private let esc = "\u{1B}"

    /// One finding, whose fix is one line of code.
    private let card = """
        layerlint: 1
        root:
          frame: [0, 0, 390, 200]
          sublayers:
            - name: card
              frame: [16, 8, 358, 180]
              backgroundColor: "#FFFFFF"
              shadowOpacity: 0.2
              shadowRadius: 8

        """

    func testColorAlwaysPaintsTheTextReport() throws {
        let dir = try temporaryFolder(["card.yml": card])
        let plain = try run(["lint", "card.yml"], in: dir)
        let coloured = try run(["lint", "card.yml", "--color", "always"], in: dir)
        XCTAssertEqual(coloured.status, plain.status)
        let lines = plain.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let head = "card.yml:5:7: warning: "
        XCTAssertTrue(lines[0].hasPrefix(head) && lines[0].hasSuffix(" [shadow-without-path]"))
        let message = lines[0].dropFirst(head.count).dropLast(" [shadow-without-path]".count)
        let expected = "\(esc)[1mcard.yml:5:7:\(esc)[0m \(esc)[1;33mwarning:\(esc)[0m \(message) \(esc)[2m[shadow-without-path]\(esc)[0m\n"
            + "\(esc)[2m    layer:\(esc)[0m\(lines[1].dropFirst(10))\n"
            + "\(esc)[32m    fix:\(esc)[0m\(lines[2].dropFirst(8))\n"
            + "\(esc)[2m\(lines[3])\(esc)[0m\n"
            + "\(esc)[1m\(lines[4])\(esc)[0m\n"
            // The frame-rate rules could not look: the dump has no frame-rate keys.
            + "\(esc)[1m\(lines[5])\(esc)[0m\n"
        XCTAssertTrue(lines[5].hasPrefix("not checked: uncapped-animation"))
        XCTAssertEqual(lines.count, 7)
        XCTAssertEqual(Array(coloured.out.utf8), Array(expected.utf8))
    }

    func testNoColourInAPipeOrWithNever() throws {
        for args in [["lint", "fixtures/feed-cell.yml"], ["lint", "fixtures/feed-cell.yml", "--color", "never"],
                     ["lint", "fixtures/feed-cell.yml", "--color", "auto"]] {
            let r = try run(args)
            XCTAssertFalse(r.out.contains(esc), "\(args)")
            XCTAssertFalse(r.out.isEmpty)
        }
        // A report file never carries colour, whatever --color says.
        let dir = try temporaryFolder([:])
        _ = try run(["lint", repositoryRoot.appendingPathComponent("fixtures/feed-cell.yml").path, "--color", "always",
                     "--reporter", "text:" + dir.appendingPathComponent("r.txt").path], in: dir)
        XCTAssertFalse(try String(contentsOf: dir.appendingPathComponent("r.txt"), encoding: .utf8).contains(esc))
    }

    func testANameCannotAddEscapeSequencesToColouredOutput() throws {
        let dump = """
            layerlint: 1
            screen: "s"
            root:
              name: "\\e[2J\\e]0;pwned\\a"
              frame: [0, 0, 200, 200]
              sublayers:
                - name: "x\\e[31mred\\e[0m"
                  frame: [10, 10, 100, 60]
                  backgroundColor: "#FFFFFF"
                  cornerRadius: 8
                  shadowOpacity: 0.2
                  shadowRadius: 6

            """
        let dir = try temporaryFolder(["\u{1B}[1mdump.yml": dump])
        let r = try run(["lint", ".", "--color", "always"], in: dir)
        XCTAssertTrue(r.out.contains("\\u{1B}[31mred"), r.out)
        // Every ESC in the output starts one of LayerLint's own SGR sequences.
        let ours = ["[0m", "[1m", "[2m", "[32m", "[1;31m", "[1;33m", "[1;36m"]
        for piece in r.out.components(separatedBy: esc).dropFirst() {
            XCTAssertTrue(ours.contains { piece.hasPrefix($0) }, "a foreign sequence: \(piece.prefix(12).debugDescription)")
        }
    }

    /// `script` (util-linux) gives the run a terminal; standard output and error both go
    /// to it.
    private func runOnTerminal(_ command: String, environment: [String: String]) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return nil }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        p.arguments = ["-qec", command, "/dev/null"]
        p.currentDirectoryURL = repositoryRoot
        // `swift test` itself sets NO_COLOR: only the test's own environment decides.
        var inherited = ProcessInfo.processInfo.environment
        inherited["NO_COLOR"] = nil
        p.environment = inherited.merging(environment) { $1 }
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func testAutoColoursATerminalUnlessNoColor() throws {
        let command = "'\(binary.path)' lint fixtures/checkout-summary.yml"
        guard let onTerminal = try runOnTerminal(command, environment: ["TERM": "xterm"]) else { throw XCTSkip("no script(1)") }
        XCTAssertTrue(onTerminal.contains("\(esc)[1;33mwarning:"), onTerminal)
        let noColor = try XCTUnwrap(try runOnTerminal(command, environment: ["TERM": "xterm", "NO_COLOR": "1"]))
        XCTAssertFalse(noColor.contains(esc), noColor)
        let dumb = try XCTUnwrap(try runOnTerminal(command, environment: ["TERM": "dumb"]))
        XCTAssertFalse(dumb.contains(esc), dumb)
    }

    func testProgressOnATerminalOnlyAndErasedAtTheEnd() throws {
        // The delay is 0 here so the test need not run for a second.
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("layerlint-progress-\(UUID().uuidString).json").path
        let command = "'\(binary.path)' lint fixtures --reporter json:'\(json)'"
        guard let onTerminal = try runOnTerminal(command, environment: ["TERM": "xterm", "LAYERLINT_PROGRESS_AFTER_MS": "0"]) else {
            throw XCTSkip("no script(1)")
        }
        XCTAssertNotNil(onTerminal.range(of: #"\r\#u{1B}\[Klayerlint: \d+/\d+ files"#, options: .regularExpression), onTerminal.debugDescription)
        XCTAssertTrue(onTerminal.hasSuffix("\r\(esc)[K"), onTerminal.debugDescription)
        // A pipe (a CI log) never gets it.
        let p = Process()
        p.executableURL = binary
        p.arguments = ["lint", "fixtures", "--reporter", "json:" + json]
        p.currentDirectoryURL = repositoryRoot
        p.environment = ProcessInfo.processInfo.environment.merging(["LAYERLINT_PROGRESS_AFTER_MS": "0", "TERM": "xterm"]) { $1 }
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let e = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertFalse(e.contains("files"), e)
        XCTAssertFalse(e.contains(esc), e)
    }
}
