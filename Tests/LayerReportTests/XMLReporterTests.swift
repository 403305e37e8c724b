import Foundation
import LayerLintKit
import XCTest

final class XMLReporterTests: XCTestCase {
    private let ruleCount = RuleCatalog.embedded.rules.count + 1  // and passes-budget

    func testJUnitHasOneTestPerFileAndRule() throws {
        let root = try parseXML(JUnitReporter().render(try fullReport()))
        XCTAssertEqual(root.name, "testsuites")
        XCTAssertEqual(root.attributes["name"], "LayerLint")
        // 3 readable files × every rule, and the unreadable file's one test.
        XCTAssertEqual(root.attributes["tests"], String(3 * ruleCount + 1))
        XCTAssertEqual(root.attributes["failures"], "4", "shadow and mask and budget in feed-cell, shadow in the awkward file")
        XCTAssertEqual(root.attributes["errors"], "1")
        let suites = root.all("testsuite")
        XCTAssertEqual(suites.map { $0.attributes["name"] }, ["fixtures/feed-cell.yml", "fixtures/recipe-cell-clean.yml",
                                                              "dumps/odd, name: 100%.yml", "broken <&>.yml"])
        XCTAssertEqual(root.all("testcase").count, 3 * ruleCount + 1)

        let feed = suites[0].all("testcase")
        XCTAssertEqual(feed.map { $0.attributes["name"] }, RuleCatalog.embedded.rules.map(\.id) + ["passes-budget"])
        XCTAssertTrue(feed.allSatisfy { $0.attributes["classname"] == "fixtures/feed-cell.yml" })
        let mask = try XCTUnwrap(feed.first { $0.attributes["name"] == "simple-shape-mask" }?.all("failure").first)
        XCTAssertEqual(mask.attributes["message"], "2 findings of simple-shape-mask")
        XCTAssertEqual(mask.attributes["type"], "warning")
        XCTAssertTrue(mask.text.contains("fixtures/feed-cell.yml:32:19: warning: FeedCell/contentView/card/header/avatar: "))
        XCTAssertTrue(mask.text.contains("fixtures/feed-cell.yml:133:19:"))
        let budget = try XCTUnwrap(feed.last?.all("failure").first)
        XCTAssertEqual(budget.attributes["type"], "error")
        XCTAssertTrue(budget.text.contains("snapshot 'FeedCell' cost 7"))
        XCTAssertTrue(suites[1].all("failure").isEmpty, "a clean file passes every rule")

        let awkward = try XCTUnwrap(suites[2].all("failure").first)
        XCTAssertTrue(awkward.text.contains("root/a|b<c>&\"d',e:f%g`h*_[x]\\u{A}100%"), awkward.text)

        let error = try XCTUnwrap(suites[3].all("error").first)
        XCTAssertEqual(error.attributes["message"], "expected ':' at \"x\", got '<' & more,\\u{D}\\u{A}then 100%")
        XCTAssertEqual(error.attributes["type"], "read-error")
    }

    func testJUnitDiffFailsOnlyOnNewFindings() throws {
        let root = try parseXML(JUnitReporter().render(try sampleDiff()))
        XCTAssertEqual(root.attributes["failures"], "2")
        XCTAssertEqual(root.attributes["errors"], "1")
        let suites = root.all("testsuite")
        XCTAssertEqual(suites[0].all("failure").count, 2)
        XCTAssertTrue(suites[1].all("failure").isEmpty, "a fixed finding does not fail")
        XCTAssertTrue(suites[1].all("system-out").first?.text.hasPrefix("fixed: old/odd.yml:7:7:") == true)
        XCTAssertEqual(suites[2].all("error").count, 1)
    }

    func testXMLShowsControlCharactersItCannotCarryAsEscapes() throws {
        var file = FileReport(path: "bell\u{7}.yml", error: InputMessage(severity: "error", message: "nul\u{0} and esc\u{1B} gone", line: 1, column: 1))
        file.warnings = []
        let root = try parseXML(CheckstyleReporter().render(LintReport(files: [file])))
        XCTAssertEqual(root.all("file").first?.attributes["name"], "bell\\u{7}.yml")
        XCTAssertEqual(root.all("error").first?.attributes["message"], "nul\\u{0} and esc\\u{1B} gone")
        _ = try parseXML(JUnitReporter().render(LintReport(files: [file])))
    }

    func testCheckstyleHasAFileForEveryInputAndAnErrorPerResult() throws {
        let root = try parseXML(CheckstyleReporter().render(try fullReport()))
        XCTAssertEqual(root.name, "checkstyle")
        XCTAssertEqual(root.attributes["version"], "4.3")
        let files = root.all("file")
        XCTAssertEqual(files.map { $0.attributes["name"] }, ["fixtures/feed-cell.yml", "fixtures/recipe-cell-clean.yml",
                                                             "dumps/odd, name: 100%.yml", "broken <&>.yml"])
        XCTAssertEqual(files.map { $0.all("error").count }, [5, 0, 1, 1])
        let first = try XCTUnwrap(files[0].all("error").first)
        XCTAssertEqual(first.attributes["line"], "17")
        XCTAssertEqual(first.attributes["column"], "11")
        XCTAssertEqual(first.attributes["severity"], "warning")
        XCTAssertEqual(first.attributes["source"], "layerlint.shadow-without-path")
        XCTAssertEqual(files[0].all("error").filter { $0.attributes["source"] == "layerlint.passes-budget" }.map { $0.attributes["severity"] },
                       ["error", "error"])
        let awkward = try XCTUnwrap(files[2].all("error").first?.attributes["message"])
        XCTAssertTrue(awkward.hasPrefix("a|b<c>&\"d',e:f%g`h*_[x]\\u{A}100% draws a shadow"), awkward)
        XCTAssertEqual(files[3].all("error").first?.attributes["message"], "expected ':' at \"x\", got '<' & more,\\u{D}\\u{A}then 100%",
                       "line breaks from a file are shown, never a line of their own")
    }

    func testCheckstyleDiffListsOnlyNewFindingsAndReadErrors() throws {
        let files = try parseXML(CheckstyleReporter().render(try sampleDiff())).all("file")
        XCTAssertEqual(files.map { $0.attributes["name"] }, ["new/feed-cell.yml", "old/gone.yml"])
        XCTAssertEqual(files.map { $0.all("error").count }, [2, 1])
    }
}
