import LayerLintKit
import LayerImport

/// The part of every command's `--help` that is the same everywhere: what LayerLint
/// reads, what it writes, and what its exit status means. Built from the cases of
/// `DumpSyntax` and `ReportFormat`, so a new format cannot be missing here;
/// `HelpMatchesDocsTests` compares it with README and docs/ so neither drifts.
enum HelpReference {
    /// One line per input format, with the names it is found by in folders.
    static var inputs: String {
        let lines = DumpSyntax.allCases.map { syntax -> String in
            switch syntax {
            case .yaml: "v1 YAML dump (.yaml, .yml): docs/dump-format.md"
            case .json: "v1 JSON dump (.json): docs/dump-format.md"
            case .recursiveDescription: "UIKit recursiveDescription text (.txt): docs/importers.md"
            case .xcodeViewHierarchy: "Xcode view hierarchy export (a .viewhierarchy folder): docs/importers.md"
            }
        }
        return "Input formats (detected per file; --input-format \(DumpSyntax.allCases.map(\.rawValue).joined(separator: "|")) reads all with one):\n"
            + lines.map { "  " + $0 }.joined(separator: "\n")
    }

    /// One line per reporter of `--reporter FORMAT[:PATH]`.
    static var reporters: String {
        let width = ReportFormat.allCases.map(\.rawValue.count).max() ?? 0
        return "Reporters (lint and diff: --reporter FORMAT[:PATH], repeatable): \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))\n"
            + ReportFormat.allCases.map { "  " + $0.rawValue.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.summary }
            .joined(separator: "\n")
    }

    /// A command's discussion: what is particular to it, two or more examples, then the
    /// formats and the exit-code contract every command shares.
    static func discussion(_ particular: String, examples: [String]) -> String {
        precondition(examples.count >= 2, "every command's help shows two examples")
        return (particular.isEmpty ? "" : particular + "\n\n")
            + "Examples:\n" + examples.map { "  " + $0 }.joined(separator: "\n")
            + "\n\n" + inputs + "\n\n" + reporters + "\n\n" + ExitStatus.contract
    }
}
