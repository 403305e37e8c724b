import LayerLintKit
import MCP

/// How findings, errors and blind rules look in tool results: the names of the json
/// report (docs/json-output.md) where they mean the same, every string from a dump escaped.
enum FindingValues {
    static func finding(_ f: Finding, file: String) -> Value {
        let fix = f.fix
        return [
            "rule": .string(f.rule),
            "severity": .string(f.severity.rawValue),
            "file": .string(Escaping.text(file, limit: 1_000)),
            "line": .int(Int(f.location.line)),
            "column": .int(Int(f.location.column)),
            "layerPath": .string(Escaping.text(f.layerPath, limit: 1_000)),
            "message": .string(Escaping.text(f.message)),
            "fix": ["summary": .string(Escaping.text(fix.summary)), "swift": .string(Escaping.code(fix.swift)),
                    "objc": .string(Escaping.code(fix.objc))],
            "passes": .int(f.passes),
            "passesAfterFix": .int(f.passesAfterFix),
        ]
    }

    static func inputError(_ e: InputMessage, file: String) -> Value {
        ["file": .string(Escaping.text(file, limit: 1_000)), "line": .int(e.line), "column": .int(e.column),
         "message": .string(Escaping.text(e.message))]
    }

    /// `file:line:column: error: message`, as the command line's text report writes it.
    static func located(_ e: InputMessage, file: String) -> String {
        "\(Escaping.text(file, limit: 1_000)):\(e.line):\(e.column): \(e.severity): \(Escaping.text(e.message))"
    }

    /// The rules that could not judge some snapshot, each with the properties it lacked.
    static func rulesNotRun(_ files: [FileReport]) -> Value {
        var missing: [String: UnknownProperties] = [:]
        var order: [String] = []
        for s in files.flatMap(\.snapshots) {
            for b in s.rulesNotRun {
                if missing[b.rule] == nil { order.append(b.rule) }
                missing[b.rule, default: []].formUnion(b.missing)
            }
        }
        return .array(order.map { rule in
            let names = UnknownProperties.named.filter { missing[rule]!.contains($0.property) }.map(\.name)
            return ["rule": .string(rule), "missing": .array(names.map(Value.string)),
                    "why": .string("the dump does not carry \(names.joined(separator: ", ")), which this rule needs; its silence means nothing")]
        })
    }

    /// Most severe first, then the costliest; the report's order among equals.
    static func ranked(_ findings: [(Finding, String)]) -> [(Finding, String)] {
        findings.enumerated().sorted { a, b in
            if a.element.0.severity != b.element.0.severity { return a.element.0.severity > b.element.0.severity }
            if a.element.0.passes != b.element.0.passes { return a.element.0.passes > b.element.0.passes }
            return a.offset < b.offset
        }.map(\.element)
    }
}
