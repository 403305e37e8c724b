@testable import LayerReport
import XCTest

final class MarkdownTextTests: XCTestCase {
    func testMentionsAndIssueReferencesAreBroken() {
        XCTAssertEqual(MarkdownText.cell("ping @team and #123"), "ping @\u{200D}team and #\u{200D}123")
        XCTAssertEqual(MarkdownText.cell("@org/team"), "@\u{200D}org/team")
        XCTAssertEqual(MarkdownText.cell("#FFFFFF a@ #"), "#FFFFFF a@ #", "colours and lone signs are kept")
        XCTAssertEqual(MarkdownText.code("@team"), "`@\u{200D}team`")
        XCTAssertEqual(MarkdownText.inert("see @octocat, #42"), "see @\u{200D}octocat, #\u{200D}42")
    }

    func testHTMLAndTableSyntaxAreText() {
        XCTAssertEqual(MarkdownText.cell("</td><script>|x"), "&lt;/td&gt;&lt;script&gt;\\|x")
        XCTAssertEqual(MarkdownText.cell("~~gone~~ *b* [l](u)"), "\\~\\~gone\\~\\~ \\*b\\* \\[l\\](u)")
    }

    func testControlsAreShownAndLineBreaksAreSpaces() {
        XCTAssertEqual(MarkdownText.cell("a\u{1B}[2J\nb\u{202E}"), "a\\u{1B}\\[2J b\\u{202E}")
        XCTAssertEqual(MarkdownText.code("a\u{0}\r\nb"), "`a\\u{0}  b`")
    }

    func testCodeSpansAreFencedLongerThanAnyRunInside() {
        XCTAssertEqual(MarkdownText.code("a```b"), "````a```b````")
        XCTAssertEqual(MarkdownText.code("`"), "`` ` ``")
    }

    func testNamesAndPathsAreShortened() {
        let long = String(repeating: "m", count: 1_000_000)
        XCTAssertEqual(MarkdownText.name(long), String(repeating: "m", count: 120) + "…")
        XCTAssertEqual(MarkdownText.layerPath("root/" + long), "`root/" + String(repeating: "m", count: 120) + "…`")
    }
}
