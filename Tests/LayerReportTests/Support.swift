import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LayerLintKit
import LayerImport
import XCTest

/// The repository root, found from this file's place in it.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func fixtureText(_ name: String) throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent("fixtures/\(name)"), encoding: .utf8)
}

/// A fixture linted as the command line would, under its relative path.
func lintFixture(_ name: String) throws -> FileReport {
    let syntax: DumpSyntax = name.hasSuffix(".json") ? .json : .yaml
    return Linter().lint(text: try fixtureText(name), path: "fixtures/\(name)", syntax: syntax)
}

/// A layer whose name holds every character some format must escape. It has a blurred
/// shadow and no shadowPath, so it is reported, and its name is in the message.
let awkwardName = "a|b<c>&\\\"d',e:f%g`h*_[x]\\n100%"
let awkwardDump = """
    layerlint: 1
    screen: "Odd|Screen: 1, 2"
    root:
      name: root
      frame: [0, 0, 200, 200]
      sublayers:
        - name: "\(awkwardName)"
          frame: [10, 10, 100, 60]
          backgroundColor: "#FFFFFF"
          cornerRadius: 8
          shadowOpacity: 0.2
          shadowRadius: 6

    """

func awkwardFile(path: String = "dumps/odd, name: 100%.yml") -> FileReport {
    Linter().lint(text: awkwardDump, path: path, syntax: .yaml)
}

/// A report with everything the model can hold: findings, an info finding is not needed
/// here, budgets, an unreadable file with awkward text, suppressed and baselined counts,
/// and a baseline outcome.
func fullReport() throws -> LintReport {
    var feed = try lintFixture("feed-cell.yml")
    feed.budgetViolations = [
        BudgetViolation(scope: .snapshot, screen: "FeedCell", line: 9, passes: 7, budget: 4),
        BudgetViolation(scope: .file, screen: nil, line: 1, passes: 9, budget: 8),
    ]
    feed.suppressedCount = 2
    feed.baselinedCount = 1
    let clean = try lintFixture("recipe-cell-clean.yml")
    let broken = FileReport(path: "broken <&>.yml", error: InputMessage(
        severity: "error", message: "expected ':' at \"x\", got '<' & more,\r\nthen 100%", line: 3, column: 7))
    let gone = FindingKey(file: "fixtures/old.yml", screen: "Old|Screen", rule: "unneeded-clip", layerPath: "Old/`view`")
    return LintReport(files: [feed, clean, awkwardFile(), broken], baseline: BaselineOutcome(matched: 1, gone: [(gone, 2)]))
}

/// A diff built from real findings: feed-cell's first snapshot's findings are new, the
/// awkward layer's was fixed, one snapshot got cheaper, and one old file failed to read.
func sampleDiff() throws -> DiffReport {
    let feed = try lintFixture("feed-cell.yml")
    let awkward = awkwardFile(path: "old/odd.yml")
    return DiffReport(files: [
        FileDiff(path: "feed-cell.yml", oldPath: "old/feed-cell.yml", newPath: "new/feed-cell.yml",
                 added: feed.snapshots[0].findings, removed: [],
                 snapshots: [SnapshotChange(screen: "FeedCell", passesBefore: 2, passesAfter: 7, line: 9),
                             SnapshotChange(screen: "FeedCell", passesBefore: 2, passesAfter: 2, line: 80)]),
        FileDiff(path: "odd.yml", oldPath: "old/odd.yml", newPath: "new/odd.yml",
                 added: [], removed: awkward.snapshots.flatMap(\.findings),
                 snapshots: [SnapshotChange(screen: "Odd|Screen", passesBefore: 5, passesAfter: 0, line: 2)]),
        FileDiff(path: "gone.yml", oldPath: "old/gone.yml", newPath: nil, added: [], removed: [], snapshots: [],
                 oldError: InputMessage(severity: "error", message: "bad, file: 50%", line: 2, column: 1)),
    ])
}

func jsonObject(_ bytes: ByteText, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(bytes.bytes))
    return try XCTUnwrap(value as? [String: Any], file: file, line: line)
}

/// A parsed XML element, enough to check the report formats.
final class XMLElement {
    let name: String
    let attributes: [String: String]
    var children: [XMLElement] = []
    var text = ""
    init(name: String, attributes: [String: String]) { self.name = name; self.attributes = attributes }

    func all(_ name: String) -> [XMLElement] {
        children.flatMap { ($0.name == name ? [$0] : []) + $0.all(name) }
    }
}

/// Parses with Foundation's XMLParser, which fails on anything not well-formed.
func parseXML(_ bytes: ByteText, file: StaticString = #filePath, line: UInt = #line) throws -> XMLElement {
    final class Builder: NSObject, XMLParserDelegate {
        var stack: [XMLElement] = [XMLElement(name: "#document", attributes: [:])]
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String]) {
            let e = XMLElement(name: name, attributes: attributes)
            stack.last!.children.append(e)
            stack.append(e)
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { stack.last!.text += string }
    }
    let parser = XMLParser(data: Data(bytes.bytes))
    let builder = Builder()
    parser.delegate = builder
    XCTAssertTrue(parser.parse(), "not well-formed: \(parser.parserError.map { "\($0)" } ?? "?")\n\(bytes.string)", file: file, line: line)
    return try XCTUnwrap(builder.stack.first?.children.first, file: file, line: line)
}
