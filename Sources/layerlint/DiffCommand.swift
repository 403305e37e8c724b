import ArgumentParser
import Foundation
import LayerLintKit

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare the findings and passes of two versions of snapshot dumps.",
        discussion: HelpReference.discussion("""
        OLD and NEW are two dump files, which are one pair whatever their names, or two \
        folders whose dumps pair by their path inside each folder. Findings match by snapshot, rule and layer path (never by line), \
        so moved lines and reordered layers are not changes. Every report format can show \
        the diff: findings added and removed, and passes per snapshot before and after.

        Exit status: 1 when a finding added in NEW reaches --fail-on, 0 when none does \
        (removed findings never fail), 2 when the run could not do what was asked: the \
        command line is wrong, an input or the configuration could not be read, a report \
        could not be written or is one of the inputs, or the configuration leaves nothing \
        to compare.

        A review bot on a pull request that changes committed dumps checks out the base \
        first (git worktree add /tmp/base origin/main), then runs the second example.
        """, examples: [
            "layerlint diff before/Feed.yml Snapshots/Feed.yml",
            "layerlint diff /tmp/base/Snapshots Snapshots --reporter markdown:comment.md --reporter github",
        ])
    )

    @Argument(help: ArgumentHelp("The dumps before: a file or a folder.", valueName: "old"))
    var old: String

    @Argument(help: ArgumentHelp("The dumps after: a file or a folder.", valueName: "new"))
    var new: String

    @OptionGroup var options: ReportOptions

    func validate() throws {
        if InputFiles.isFolder(old) != InputFiles.isFolder(new) {
            throw ValidationError("OLD and NEW must both be files or both be folders (\(old), \(new))")
        }
    }

    func run() throws {
        let setup = RunSetup.load(options)
        let outputs = OutputGuard(outputs: options.outputs)
        // Dumps found in folders pass the configuration's include and exclude patterns and
        // leave out LayerLint's own reports.
        let before = setup.inputs([old], format: options.inputFormat.syntax, outputs: outputs)
        let after = setup.inputs([new], format: options.inputFormat.syntax, outputs: outputs)
        outputs.refuseConflicts(inputs: (before.files + after.files).map { ($0.path, "the input") }
            + (setup.configurationPath.map { [($0, "the configuration")] } ?? []))
        var both = before
        both.files += after.files; both.errors += after.errors
        both.skippedReports += after.skippedReports; both.filteredOut += after.filteredOut
        both.notes += after.notes
        setup.noteSkipped(both)
        setup.refuseNothingToLint(both)
        let oldFiles = before.files, newFiles = after.files
        let reports = LintFiles(linter: setup.linter, jobs: options.jobCount).run(oldFiles + newFiles) { report in
            setup.review(&report)
            return nil
        }.map(\.report)
        // Folders pair their dumps by the path inside each folder; two files named
        // explicitly are one pair, whatever their names, under the name of the new one.
        func relativePath(_ file: InputFile, root: String) -> String {
            guard InputFiles.isFolder(root) else { return (new as NSString).lastPathComponent }
            let base = root.hasSuffix("/") ? String(root.dropLast()) : root
            return String(file.path.dropFirst(base.count + 1))
        }
        func sides(_ files: [InputFile], root: String, _ reports: ArraySlice<FileReport>) -> [SnapshotDiff.Side] {
            zip(files, reports).map { SnapshotDiff.Side(relativePath: relativePath($0, root: root), report: $1) }
        }
        var diff = SnapshotDiff.compare(old: sides(oldFiles, root: old, reports[..<oldFiles.count]),
                                        new: sides(newFiles, root: new, reports[oldFiles.count...]))
        // A side that cannot be read at all (no such folder) is a file-level error too.
        for (side, errors) in [(true, before.errors), (false, after.errors)] {
            for e in errors {
                let message = InputMessage(severity: "error", message: e.message, line: 0, column: 0)
                diff.files.append(FileDiff(path: e.path, oldPath: side ? e.path : nil, newPath: side ? nil : e.path,
                                           added: [], removed: [], snapshots: [],
                                           oldError: side ? message : nil, newError: side ? nil : message))
            }
        }
        let written = options.write { [diff] in $0.render(diff, into: &$1, notices: &$2) }
        if diff.errorCount > 0 || !written { StandardOutput.finish(status: 2) }
        if let level = options.failOn.severity, diff.added.contains(where: { $0.severity >= level }) {
            StandardOutput.finish(status: 1)
        }
        StandardOutput.finish(status: 0)
    }
}
