import Foundation
@testable import LayerReport
import LayerLintKit
import XCTest

/// Every reporter, for a lint run and a diff, given a dump whose screen, layer names,
/// class name and a key hold `hostileText`, and a file whose read error quotes it: each
/// output parses as its format, and nothing in it acts on a terminal, a CI runner or
/// GitHub.
final class HostileOutputTests: XCTestCase {
    /// Scalars no output may carry raw: C0 controls but line breaks and tabs, DEL, C1,
    /// line separators, bidirectional overrides.
    private func assertNoDisguisingScalars(_ s: String, allowing allowed: Set<Unicode.Scalar> = ["\n"],
                                           _ format: String, file: StaticString = #filePath, line: UInt = #line) {
        let found = s.unicodeScalars.filter { $0.isDisguising && !allowed.contains($0) }
        XCTAssertTrue(found.isEmpty, "\(format) carries raw \(found.prefix(5).map { $0.visibleEscape })", file: file, line: line)
    }

    private func containsBytes(_ haystack: String, _ needle: String) -> Bool {
        let h = Array(haystack.utf8), n = Array(needle.utf8)
        guard h.count >= n.count else { return false }
        return (0...(h.count - n.count)).contains { h[$0..<($0 + n.count)].elementsEqual(n) }
    }

    /// No line is a workflow command but LayerLint's own (`ownCommands` lines of the
    /// GitHub format, which start each line).
    private func assertNoInjectedCommands(_ s: String, ownCommands: Bool, _ format: String,
                                          file: StaticString = #filePath, line: UInt = #line) {
        for l in s.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = l.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("::") else { continue }
            XCTAssertTrue(ownCommands && ["::warning file=", "::error file=", "::notice file="].contains { l.hasPrefix($0) },
                          "\(format) line starts a workflow command: \(l.prefix(80))", file: file, line: line)
        }
    }

    /// `md` without its code spans (a run of backticks up to the next run as long; a
    /// backslash escapes a backtick outside them).
    private func outsideCodeSpans(_ md: String) -> String {
        let s = Array(md.unicodeScalars)
        var out = String.UnicodeScalarView(), i = 0
        while i < s.count {
            if s[i] == "\\" && i + 1 < s.count { out.append(contentsOf: s[i...(i + 1)]); i += 2; continue }
            guard s[i] == "`" else { out.append(s[i]); i += 1; continue }
            var n = 0
            while i + n < s.count && s[i + n] == "`" { n += 1 }
            var j = i + n, close: Int?
            while j < s.count {
                var m = 0
                while j + m < s.count && s[j + m] == "`" { m += 1 }
                if m == n { close = j + m; break }
                j += max(m, 1)
            }
            guard let close else { out.append(contentsOf: s[i..<(i + n)]); i += n; continue }
            i = close
        }
        return String(out)
    }

    private func both(_ reporter: any Reporter) -> [(String, String)] {
        [("lint", reporter.render(hostileReport()).string), ("diff", reporter.render(hostileDiff()).string)]
    }

    func testTextShowsNoEscapeByteAndStartsNoCommand() {
        for (kind, out) in both(TextReporter()) {
            XCTAssertFalse(out.utf8.contains(0x1B), kind)
            assertNoDisguisingScalars(out, "text \(kind)")
            assertNoInjectedCommands(out, ownCommands: false, "text \(kind)")
            XCTAssertTrue(out.contains("::add-mask::"), "the text is shown, escaped, not dropped")
        }
    }

    func testGitHubAnnotationsAreOneLineEach() {
        let lint = GitHubActionsReporter().render(hostileReport()).string
        let diff = GitHubActionsReporter().render(hostileDiff()).string
        // Lint: a key warning, two findings, a read error. Diff: two new, two fixed, one error.
        for (kind, out, count) in [("lint", lint, 4), ("diff", diff, 5)] {
            XCTAssertEqual(out.split(separator: "\n").count, count, "\(kind):\n\(out)")
            assertNoInjectedCommands(out, ownCommands: true, "github \(kind)")
            assertNoDisguisingScalars(out, "github \(kind)")
            XCTAssertFalse(out.contains("\r"))
        }
    }

    func testMarkdownMentionsNobodyAndKeepsItsTables() {
        for (kind, md) in both(MarkdownReporter()) {
            XCTAssertFalse(containsBytes(md, "@team"), kind)
            XCTAssertFalse(containsBytes(md, "#123"), kind)
            // HTML is text in code spans; elsewhere it is escaped.
            let prose = outsideCodeSpans(md)
            XCTAssertFalse(containsBytes(prose, "</testcase>"), kind)
            XCTAssertFalse(containsBytes(prose, "<b>"), kind)
            if kind == "diff" { XCTAssertTrue(containsBytes(prose, "&lt;/testcase&gt;"), "messages are cells") }
            assertNoDisguisingScalars(md, "markdown \(kind)")
            var width: Int?
            for row in md.split(separator: "\n", omittingEmptySubsequences: false) {
                guard row.hasPrefix("|") else { width = nil; continue }
                var cells = 0, escaped = false
                for c in row.unicodeScalars {
                    if c == "|" && !escaped { cells += 1 }
                    escaped = c == "\\" && !escaped
                }
                if let width { XCTAssertEqual(cells, width, "\(kind): \(row)") } else { width = cells }
            }
        }
    }

    func testJSONParsesAndKeepsNamesWhole() throws {
        let lint = try jsonObject(JSONReporter().render(hostileReport()))
        let files = try XCTUnwrap(lint["files"] as? [[String: Any]])
        let snapshot = try XCTUnwrap((files[0]["snapshots"] as? [[String: Any]])?.first)
        XCTAssertEqual(snapshot["screen"] as? String, hostileText)
        let findings = try XCTUnwrap(snapshot["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.first?["layerName"] as? String, hostileText)
        XCTAssertEqual(findings.first?["layerPath"] as? String, hostileText + "/" + hostileText)
        _ = try jsonObject(JSONReporter().render(hostileDiff()))
        for (kind, out) in both(JSONReporter()) { assertNoDisguisingScalars(out, "json \(kind)") }
    }

    func testSARIFParsesAndKeepsPathsWhole() throws {
        let sarif = try jsonObject(SARIFReporter().render(hostileReport()))
        let run = try XCTUnwrap((sarif["runs"] as? [[String: Any]])?.first)
        let result = try XCTUnwrap((run["results"] as? [[String: Any]])?.first)
        let location = try XCTUnwrap((result["locations"] as? [[String: Any]])?.first)
        let logical = try XCTUnwrap((location["logicalLocations"] as? [[String: Any]])?.first)
        XCTAssertEqual(logical["fullyQualifiedName"] as? String, hostileText + "/" + hostileText)
        _ = try jsonObject(SARIFReporter().render(hostileDiff()))
        for (kind, out) in both(SARIFReporter()) { assertNoDisguisingScalars(out, "sarif \(kind)") }
    }

    func testReviewdogLinesParseAndMentionNobody() throws {
        for (kind, out) in both(ReviewdogReporter()) {
            let lines = out.split(separator: "\n")
            XCTAssertEqual(lines.count, kind == "lint" ? 4 : 3, out)
            for l in lines {
                let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(l.utf8)) as? [String: Any])
                let message = try XCTUnwrap(object["message"] as? String)
                XCTAssertFalse(containsBytes(message, "@team"), message)
                // reviewdog prints messages to CI logs too.
                assertNoInjectedCommands(message, ownCommands: false, "rdjsonl message")
                assertNoDisguisingScalars(message, "rdjsonl message")
            }
            assertNoDisguisingScalars(out, "rdjsonl \(kind)")
        }
    }

    func testXMLFormatsParse() throws {
        for reporter in [JUnitReporter(), CheckstyleReporter()] as [any Reporter] {
            for bytes in [reporter.render(hostileReport()), reporter.render(hostileDiff())] {
                let root = try parseXML(bytes)
                XCTAssertFalse(root.children.isEmpty)
                // CI pages and logs print the parsed text: it starts no command either.
                var elements = [root]
                while let e = elements.popLast() {
                    elements += e.children
                    for text in [e.text] + Array(e.attributes.values) {
                        assertNoInjectedCommands(text, ownCommands: false, "\(type(of: reporter)) <\(e.name)>")
                        assertNoDisguisingScalars(text, allowing: ["\n", "\t"], "\(type(of: reporter)) <\(e.name)> parsed")
                    }
                }
                assertNoDisguisingScalars(bytes.string, allowing: ["\n", "\t"], "\(type(of: reporter))")
                XCTAssertFalse(containsBytes(bytes.string, "</testcase>]]>"))
            }
        }
        let checkstyle = try parseXML(CheckstyleReporter().render(hostileReport()))
        let messages = checkstyle.all("error").compactMap { $0.attributes["message"] }
        XCTAssertTrue(messages.contains { $0.contains("</testcase>]]><b>") }, "markup reads back as text: \(messages)")
    }

    /// A fix quotes the layer's name in a `//` comment: a line break in the name must not
    /// end the comment and turn the rest of the name into suggested code.
    func testANameCannotEndTheCommentItIsQuotedIn() throws {
        let name = "photo\nfatalError()\r\u{2028}exit(1)"
        let dump = """
            root:
              frame: [0, 0, 200, 200]
              sublayers:
                - name: \(yamlQuoted(name))
                  frame: [0, 0, 100, 100]
                  contents: true
                  mask:
                    frame: [10, 10, 80, 80]
                    backgroundColor: "#FFFFFF"
                    cornerRadius: 8

            """
        let file = Linter().lint(text: dump, path: "mask.yml", syntax: .yaml)
        let finding = try XCTUnwrap(file.snapshots.first?.findings.first { $0.rule == "plain-layer-mask" })
        let fix = finding.fix
        for code in [fix.swift, fix.objc] {
            XCTAssertTrue(code.contains("holding photo\\u{A}fatalError()\\u{D}\\u{2028}exit(1)'s content"), code)
            XCTAssertFalse(code.split(whereSeparator: \.isNewline).contains { $0.hasPrefix("fatalError") || $0.hasPrefix("exit") }, code)
        }
    }
}
