import ArgumentParser
import Foundation
import LayerLintKit

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules with their severity and cost.",
        discussion: HelpReference.discussion("Exit status: 0; 2 when the command line is wrong.", examples: [
            "layerlint rules",
            "layerlint explain shadow-without-path",
        ]))

    func run() throws {
        var out = ""
        for rule in RuleCatalog.embedded.rules {
            out += "\(rule.id)  [\(rule.severity.rawValue), \(rule.category)]\n    \(rule.title)\n    passes: \(rule.passes)\n"
        }
        out += "\nRun `layerlint explain RULE` for what a rule checks, why, and how to fix it.\n"
        FileHandle.standardOutput.write(Data(out.utf8))
    }
}

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain a rule: what it checks, why it costs, how to fix it, with examples.",
        discussion: HelpReference.discussion(
            "Exit status: 0 when the rule was explained; 2 when there is no such rule or the command line is wrong.",
            examples: ["layerlint explain shadow-without-path", "layerlint explain unneeded-clip"]))

    @Argument(help: "A rule id, as `layerlint rules` lists them.")
    var rule: String

    func run() throws {
        guard let r = RuleCatalog.embedded[rule] else {
            let ids = RuleCatalog.embedded.rules.map(\.id).joined(separator: ", ")
            throw ValidationError("no rule '\(rule)'; the rules are: \(ids)")
        }
        var out = "\(r.id): \(r.title)\n\nseverity: \(r.severity.rawValue) · category: \(r.category) · passes: \(r.passes)\n\n"
        out += r.summary.trimmingCharacters(in: .whitespacesAndNewlines) + "\n\n"
        out += "Why\n" + r.rationale.trimmingCharacters(in: .whitespacesAndNewlines) + "\n\n"
        out += "When the dump does not know\n" + r.unknowns.trimmingCharacters(in: .whitespacesAndNewlines) + "\n\n"
        // The fix is shown on the rule's first example, rendered as a real finding.
        if let ex = r.triggering.first {
            out += "Example: \(ex.description)\n" + indent(ex.dump) + "\n"
            let finding = Linter().lint(text: ex.dump, path: "example.yaml").snapshots.flatMap(\.findings).first { $0.rule == r.id }
            if let finding {
                out += "reports:\n    \(finding.message)\n\nfix: \(finding.fix.summary)\n\n" + indent(finding.fix.swift) + "\n\n"
                out += "in Objective-C:\n" + indent(finding.fix.objc) + "\n\n"
            }
        }
        if let ex = r.nonTriggering.first {
            out += "Does not trigger on \(ex.description):\n" + indent(ex.dump) + "\n"
        }
        out += "References\n" + r.references.map { "  \($0.id): \($0.title) — \($0.url)" }.joined(separator: "\n") + "\n"
        FileHandle.standardOutput.write(Data(out.utf8))
    }
}

/// Indents every line of `text` by four spaces, as examples and code are shown.
private func indent(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
}
