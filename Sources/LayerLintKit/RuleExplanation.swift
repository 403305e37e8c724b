import Foundation
import LayerRules

/// A rule explained from its catalog entry, for `layerlint explain` and the MCP server's
/// `explain` tool: the fix is shown on the rule's first example, linted as a real dump.
public struct RuleExplanation: Sendable {
    public var rule: RuleDescription
    /// The finding the rule's first triggering example gives, when it gives one.
    public var exampleFinding: Finding?

    public init(_ rule: RuleDescription) {
        self.rule = rule
        exampleFinding = rule.triggering.first.flatMap { ex in
            Linter().lint(text: ex.dump, path: "example.yaml").snapshots.flatMap(\.findings).first { $0.rule == rule.id }
        }
    }

    /// The text `layerlint explain` prints.
    public var text: String {
        let r = rule
        var out = "\(r.id): \(r.title)\n\nseverity: \(r.severity.rawValue) · category: \(r.category) · passes: \(r.passes)\n\n"
        out += r.summary.trimmed + "\n\n"
        out += "Why\n" + r.rationale.trimmed + "\n\n"
        out += "When the dump does not know\n" + r.unknowns.trimmed + "\n\n"
        if let ex = r.triggering.first {
            out += "Example: \(ex.description)\n" + Self.indent(ex.dump) + "\n"
            if let finding = exampleFinding {
                out += "reports:\n    \(finding.message)\n\nfix: \(finding.fix.summary)\n\n" + Self.indent(finding.fix.swift) + "\n\n"
                out += "in Objective-C:\n" + Self.indent(finding.fix.objc) + "\n\n"
            }
        }
        if let ex = r.nonTriggering.first {
            out += "Does not trigger on \(ex.description):\n" + Self.indent(ex.dump) + "\n"
        }
        out += "References\n" + r.references.map { "  \($0.id): \($0.title) — \($0.url)" }.joined(separator: "\n") + "\n"
        return out
    }

    /// The catalog id closest to `id` by edit distance (ties: catalog order), for the
    /// message that refuses an unknown one.
    public static func nearestID(to id: String, in catalog: RuleCatalog = .embedded) -> String? {
        let wanted = Array(id.lowercased().unicodeScalars.prefix(200))
        return catalog.rules.map(\.id).min { editDistance(wanted, Array($0.unicodeScalars)) < editDistance(wanted, Array($1.unicodeScalars)) }
    }

    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let kept = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = kept
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }

    static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
}

private extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
