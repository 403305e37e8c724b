import Foundation
import LayerLintKit
import YAML

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
/// One JSON text per YAML document.
func jsonEquivalent(ofYAML text: String) throws -> [String] {
    try YAMLNode.documents(in: text).map { render($0) }
}

private func render(_ node: YAMLNode) -> String {
    switch node.content {
    case .scalar(let s, let quoted, _):
        if quoted { return JSONText.quoted(s) }
        if ["null", "~", ""].contains(s) { return "null" }
        if ["true", "false"].contains(s) { return s }
        // Swift reads "infinity" and "nan" as numbers; in a dump they are words (a repeat count).
        if let v = Double(s), v.isFinite, s.first != "." { return s }
        return JSONText.quoted(s)
    case .sequence(let items, _):
        let values: [String] = items.map(render)
        return "[" + values.joined(separator: ", ") + "]"
    case .mapping(let pairs, _):
        let members: [String] = pairs.map { pair in JSONText.quoted(pair.key) + ": " + render(pair.value) }
        return "{\n" + members.joined(separator: ",\n") + "\n}"
    }
}
