import Foundation
import LayerLintKit

/// The repository root, found from this file's place in it.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func lintYAML(_ text: String) -> FileReport {
    Linter().lint(text: text, path: "example.yaml", syntax: .yaml)
}

extension FileReport {
    var allFindings: [Finding] { snapshots.flatMap(\.findings) }
}

/// Converts a YAML dump into the JSON that says the same thing, through the generic
/// composer (tests only): plain numbers, booleans and nulls become JSON literals.
func jsonEquivalent(ofYAML text: String) throws -> String {
    let docs = try YAMLNode.documents(in: text)
    return docs.map { render($0) }.joined(separator: "\n")
}

private func render(_ node: YAMLNode) -> String {
    switch node {
    case .scalar(let s, let quoted, _):
        if quoted { return JSONText.quoted(s) }
        if ["null", "~", ""].contains(s) { return "null" }
        if ["true", "false"].contains(s) { return s }
        if Double(s) != nil, s.first != "." { return s }
        return JSONText.quoted(s)
    case .sequence(let items, _):
        return "[" + items.map(render).joined(separator: ", ") + "]"
    case .mapping(let pairs, _):
        return "{\n" + pairs.map { JSONText.quoted($0.key) + ": " + render($0.value) }.joined(separator: ",\n") + "\n}"
    }
}
