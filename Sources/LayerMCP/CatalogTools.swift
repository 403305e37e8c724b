import Foundation
import LayerLintKit
import MCP

/// `explain` and `rules`: the rule catalog, which is built into the binary and holds no
/// text from a client.
enum ExplainTool {
    static let tool = Tool(
        name: "explain",
        description: """
        Explain one LayerLint rule: what it checks, why it costs GPU time, what it cannot know \
        from a dump, how to fix it (Swift and Objective-C), an example dump that triggers it and \
        one that does not, and references. `rule` is an id as the `rules` tool or a finding gives it.
        """,
        inputSchema: [
            "type": "object",
            "properties": ["rule": ["type": "string", "description": "A rule id, e.g. shadow-without-path."]],
            "required": ["rule"],
            "additionalProperties": false,
        ],
        annotations: .init(title: "Explain a rule", readOnlyHint: true, openWorldHint: false)
    )

    static func call(_ arguments: [String: Value]) throws(ToolFailure) -> CallTool.Result {
        try Arguments.refuseUnknown(arguments, known: ["rule"])
        let id = try Arguments.string(arguments["rule"], name: "rule")
        guard let rule = RuleCatalog.embedded[id] else {
            let nearest = RuleExplanation.nearestID(to: id).map { "; the nearest id is '\($0)'" } ?? ""
            throw ToolFailure("no rule \(Roots.quoted(id))\(nearest) (the `rules` tool lists them all)")
        }
        let explanation = RuleExplanation(rule)
        var structured: [String: Value] = [
            "id": .string(rule.id), "title": .string(rule.title), "severity": .string(rule.severity.rawValue),
            "category": .string(rule.category), "passes": .string(rule.passes),
            "checks": .string(rule.summary.trimmedLines), "why": .string(rule.rationale.trimmedLines),
            "unknowns": .string(rule.unknowns.trimmedLines),
            "references": .array(rule.references.map { ["id": .string($0.id), "title": .string($0.title), "url": .string($0.url)] }),
        ]
        if let ex = rule.triggering.first {
            var example: [String: Value] = ["description": .string(ex.description), "dump": .string(ex.dump)]
            if let f = explanation.exampleFinding {
                example["message"] = .string(f.message)
                example["fix"] = ["summary": .string(f.fix.summary), "swift": .string(f.fix.swift), "objc": .string(f.fix.objc)]
            }
            structured["example"] = .object(example)
        }
        if let ex = rule.nonTriggering.first {
            structured["doesNotTrigger"] = ["description": .string(ex.description), "dump": .string(ex.dump)]
        }
        return CallTool.Result(content: [.text(text: explanation.text, annotations: nil, _meta: nil)],
                               structuredContent: Value?.some(.object(structured)), isError: false)
    }
}

enum RulesTool {
    static let tool = Tool(
        name: "rules",
        description: """
        List every LayerLint rule with its id, title, default severity (error, warning, info), \
        category and cost (the offscreen passes a finding costs per frame). Use `explain` for one rule in full.
        """,
        inputSchema: ["type": "object", "properties": [:], "additionalProperties": false],
        annotations: .init(title: "List the rules", readOnlyHint: true, openWorldHint: false)
    )

    static func call(_ arguments: [String: Value], in workspace: Workspace) throws(ToolFailure) -> CallTool.Result {
        try Arguments.refuseUnknown(arguments, known: [])
        let rules = RuleCatalog.embedded.rules
        let listed: [Value] = rules.map { r in
            let settings = workspace.configuration.rules[r.id]
            return ["id": .string(r.id), "title": .string(r.title), "severity": .string(r.severity.rawValue),
                    "category": .string(r.category), "cost": .string(r.passes),
                    // What this project's .layerlint.yml makes of it, when it changes anything.
                    "enabled": .bool(settings?.enabled ?? true),
                    "configuredSeverity": .string((settings?.severity ?? r.severity).rawValue)]
        }
        let text = rules.map { "\($0.id) [\($0.severity.rawValue)]: \($0.title) — \($0.passes)" }.joined(separator: "\n")
        return CallTool.Result(content: [.text(text: text, annotations: nil, _meta: nil)],
                               structuredContent: Value?.some(["rules": .array(listed)]), isError: false)
    }
}

private extension String {
    var trimmedLines: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
