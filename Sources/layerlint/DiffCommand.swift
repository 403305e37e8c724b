import ArgumentParser
import Foundation
import LayerLintKit

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare the findings and passes of two versions of snapshot dumps.",
        discussion: """
        OLD and NEW are two dump files, or two folders whose dumps pair by their path \
        inside each folder. Findings match by snapshot, rule and layer path (never by line), \
        so moved lines and reordered layers are not changes. Every report format can show \
        the diff: findings added and removed, and passes per snapshot before and after.

        Exit status: 1 when a finding added in NEW reaches --fail-on, 0 when none does \
        (removed findings never fail), 2 when an input could not be read.

        Example (a review bot on a pull request that changes committed dumps):
          git worktree add /tmp/base origin/main
          layerlint diff /tmp/base/Snapshots Snapshots --reporter markdown:comment.md --reporter github
        """
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
        let before = InputFiles.expandRelative(old, format: options.inputFormat)
        let after = InputFiles.expandRelative(new, format: options.inputFormat)
        RunSetup.writeNotes(before.notes + after.notes)
        // Dumps found in folders pass the configuration's include and exclude patterns.
        let oldFiles = before.files.map(\.file).filter { !InputFiles.isFolder(old) || setup.includes($0) }
        let newFiles = after.files.map(\.file).filter { !InputFiles.isFolder(new) || setup.includes($0) }
        let all = oldFiles + newFiles
        let reports = LintFiles(linter: setup.linter, jobs: options.jobCount).run(all) { report in
            setup.review(&report)
            return nil
        }.map(\.report)
        func sides(_ files: [InputFile], _ expanded: [(relativePath: String, file: InputFile)], _ reports: ArraySlice<FileReport>) -> [SnapshotDiff.Side] {
            let names = Dictionary(expanded.map { ($0.file.path, $0.relativePath) }, uniquingKeysWith: { a, _ in a })
            return zip(files, reports).map { SnapshotDiff.Side(relativePath: names[$0.path] ?? $0.path, report: $1) }
        }
        var diff = SnapshotDiff.compare(old: sides(oldFiles, before.files, reports[..<oldFiles.count]),
                                        new: sides(newFiles, after.files, reports[oldFiles.count...]))
        // A side that cannot be read at all (no such folder) is a file-level error too.
        for (side, errors) in [(true, before.errors), (false, after.errors)] {
            for e in errors {
                let message = InputMessage(severity: "error", message: e.message, line: 0, column: 0)
                diff.files.append(FileDiff(path: e.path, oldPath: side ? e.path : nil, newPath: side ? nil : e.path,
                                           added: [], removed: [], snapshots: [],
                                           oldError: side ? message : nil, newError: side ? nil : message))
            }
        }
        let written = options.write { $0.render(diff) }
        if diff.errorCount > 0 || !written { StandardOutput.finish(status: 2) }
        if let level = options.failOn.severity, diff.added.contains(where: { $0.severity >= level }) {
            StandardOutput.finish(status: 1)
        }
        StandardOutput.finish(status: 0)
    }
}
