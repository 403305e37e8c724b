import Foundation
@testable import LayerReport
import LayerLintKit
import XCTest

/// The line formats: GitHub workflow commands and reviewdog's rdjsonl.
final class AnnotationReporterTests: XCTestCase {
    func testGitHubEscapesExactlyAsActionsCoreDoes() {
        XCTAssertEqual(WorkflowCommandText.data("50% a:b,c\r\nd\ne"), "50%25 a:b,c%0D%0Ad%0Ae")
        XCTAssertEqual(WorkflowCommandText.property("50% a:b,c\r\nd\ne"), "50%25 a%3Ab%2Cc%0D%0Ad%0Ae")
        XCTAssertEqual(WorkflowCommandText.data("%25"), "%2525", "an escape in the text stays text")
        XCTAssertEqual(WorkflowCommandText.property("%\u{301}:\u{301}"), "%25\u{301}%3A\u{301}", "a combining mark does not hide a character")
    }

    func testGitHubCommandsOnePerResult() throws {
        let lines = GitHubActionsReporter().render(try fullReport()).string.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.last, "")
        let commands = lines.dropLast()
        XCTAssertEqual(commands.count, 7, "4 findings, 2 budget violations, 1 read error")
        XCTAssertTrue(commands.allSatisfy { $0.hasPrefix("::") && !$0.contains("\r") })
        // Input messages first, then the results costliest first (passes, then severity).
        XCTAssertEqual(commands[0], "::error file=broken <&>.yml,line=3,col=7,title=LayerLint%3A unreadable dump::expected ':' at \"x\", got '<' & more,\\u{D}\\u{A}then 100%25",
                       "the name's and the message's line breaks are shown, not annotation lines")
        XCTAssertTrue(commands[1].hasPrefix("::error file=fixtures/feed-cell.yml,line=1,col=1,title=LayerLint passes-budget::the file's snapshots cost 9"), String(commands[1]))
        XCTAssertTrue(commands[2].hasPrefix("::error file=fixtures/feed-cell.yml,line=9,col=1,title=LayerLint passes-budget::snapshot 'FeedCell'"), String(commands[2]))
        let card = try XCTUnwrap(commands.first { $0.hasPrefix(
            "::warning file=fixtures/feed-cell.yml,line=17,col=11,title=LayerLint shadow-without-path::card draws a shadow") })
        XCTAssertTrue(card.contains("%0ALayer: FeedCell/contentView/card; 5 offscreen passes per frame now, 0 after the fix%0AFix: Set shadowPath"))
        XCTAssertTrue(commands.contains { $0.hasPrefix("::warning file=dumps/odd%2C name%3A 100%25.yml,line=7,col=7,title=LayerLint shadow-without-path::a|b<c>&\"d',e:f%25g`h*_[x]\\u{A}100%25 draws") })
        let passes = commands.dropFirst(3).compactMap { line -> Int? in
            guard let r = line.range(of: "; ") else { return nil }
            return Int(line[r.upperBound...].prefix { $0.isNumber })
        }
        XCTAssertEqual(passes, passes.sorted(by: >), "costliest first")
    }

    func testGitHubDiffAnnotatesNewFindingsAndNotesFixedOnes() throws {
        let commands = GitHubActionsReporter().render(try sampleDiff()).string.split(separator: "\n")
        XCTAssertEqual(commands.count, 4)
        XCTAssertEqual(commands[0], "::error file=old/gone.yml,line=2,col=1,title=LayerLint%3A unreadable dump::bad, file: 50%25")
        XCTAssertTrue(commands.contains { $0.hasPrefix("::warning file=new/feed-cell.yml,line=17,col=11,") })
        let fixed = try XCTUnwrap(commands.first { $0.hasPrefix("::notice ") })
        XCTAssertTrue(fixed.hasPrefix("::notice file=new/odd.yml,title=LayerLint shadow-without-path fixed::Fixed: "), String(fixed))
        XCTAssertFalse(fixed.contains("line="))
    }

    private func diagnostics(_ bytes: ByteText) throws -> [[String: Any]] {
        let text = bytes.string
        XCTAssertTrue(text.hasSuffix("\n"))
        return try text.split(separator: "\n").map { line in
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
        }
    }

    func testRdjsonlIsOneDiagnosticObjectPerLine() throws {
        let all = try diagnostics(ReviewdogReporter().render(try fullReport()))
        XCTAssertEqual(all.count, 7)
        for d in all {
            XCTAssertFalse((d["message"] as? String ?? "").isEmpty)
            XCTAssertTrue(["ERROR", "WARNING", "INFO"].contains(d["severity"] as? String ?? ""))
            XCTAssertEqual(d["source"] as? [String: String], ["name": "layerlint", "url": "https://github.com/layerlint/layerlint"])
            XCTAssertNotNil((d["code"] as? [String: String])?["value"])
            let location = try XCTUnwrap(d["location"] as? [String: Any])
            XCTAssertNotNil(location["path"] as? String)
            let start = try XCTUnwrap((location["range"] as? [String: Any])?["start"] as? [String: Int])
            XCTAssertGreaterThanOrEqual(start["line"] ?? 0, 1)
            XCTAssertGreaterThanOrEqual(start["column"] ?? 0, 1)
        }
        XCTAssertEqual(all[0]["code"] as? [String: String], ["value": "shadow-without-path",
                                                              "url": "https://developer.apple.com/videos/play/tech-talks/10857"])
        XCTAssertEqual(((all[0]["location"] as? [String: Any])?["range"] as? [String: [String: Int]])?["start"], ["line": 17, "column": 11])
        XCTAssertEqual(all[3]["severity"] as? String, "ERROR")
        XCTAssertEqual((all[3]["code"] as? [String: String])?["value"], "passes-budget")
        XCTAssertEqual((all[5]["location"] as? [String: Any])?["path"] as? String, "dumps/odd, name: 100%.yml")
        XCTAssertTrue((all[5]["message"] as? String ?? "").hasPrefix("a|b<c>&\"d',e:f%g`h*_[x]\\u{A}100% draws"),
                      "a name's line break is shown, not a line of its own")
        XCTAssertEqual((all[6]["code"] as? [String: String])?["value"], "read-error")
    }

    func testRdjsonlDiffHasNewFindingsOnly() throws {
        let all = try diagnostics(ReviewdogReporter().render(try sampleDiff()))
        XCTAssertEqual(all.compactMap { ($0["location"] as? [String: Any])?["path"] as? String },
                       ["new/feed-cell.yml", "new/feed-cell.yml", "old/gone.yml"])
    }
}
