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
        FileHandle.standardOutput.write(Data(RuleExplanation(r).text.utf8))
    }
}
