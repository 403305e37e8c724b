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

    /// `inert` made from the bytes breaks exactly what a scalar-by-scalar pass breaks.
    func testInertFromBytesIsTheScalarPass() {
        func reference(_ s: String) -> String {
            var out = String.UnicodeScalarView()
            var previous: Unicode.Scalar = " "
            for scalar in s.unicodeScalars {
                if (previous == "@" && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
                    || (previous == "#" && ("0"..."9").contains(scalar)) { out.append(MarkdownText.joiner) }
                out.append(scalar); previous = scalar
            }
            return String(out)
        }
        for s in ["", "@", "#", "a@", "@@x", "##1", "#a @1 @é @日本 @\u{301}x #\u{663}", "cell@home/badge #1", "@\u{1F600}",
                  "e-mail a@b.c, issue #12 and @team/#3", "x@\u{10FFFF}", hostileText] {
            XCTAssertEqual(MarkdownText.inert(s), reference(s), s.debugDescription)
        }
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

    func testTextBeyondPlainASCIIKeepsEveryScalar() {
        // Plain ASCII is returned as it is; anything else is escaped scalar by scalar.
        XCTAssertEqual(MarkdownText.cell("plain name 12/cell"), "plain name 12/cell")
        XCTAssertEqual(MarkdownText.cell("plain/cell[3]"), "plain/cell\\[3\\]")
        XCTAssertEqual(MarkdownText.cell("café ☕ 👍🏽 e\u{301}"), "café ☕ 👍🏽 e\u{301}")
        XCTAssertEqual(MarkdownText.cell("ﬃ @é #١"), "ﬃ @\u{200D}é #١", "a mention of a letter beyond ASCII is broken too")
        XCTAssertEqual(MarkdownText.code("root é/card|x"), "`root é/card\\|x`")
        XCTAssertEqual(MarkdownText.code("plain/path"), "`plain/path`")
        XCTAssertEqual(MarkdownText.cell("c1\u{85}x\u{2028}y"), "c1\\u{85}x\\u{2028}y")
    }

    func testNamesAndPathsAreShortened() {
        let long = String(repeating: "m", count: 1_000_000)
        XCTAssertEqual(MarkdownText.name(long), String(repeating: "m", count: 120) + "…")
        XCTAssertEqual(MarkdownText.layerPath("root/" + long), "`root/" + String(repeating: "m", count: 120) + "…`")
    }
}
