import Foundation
import LayerLintKit
import LayerImport

/// What the configuration decides for one run: the linter, which files found in folders
/// are linted, and the review of each file's report (suppressions and budgets).
struct RunSetup: Sendable {
    var configuration: Configuration
    /// The configuration file, nil when none was found (or --no-config).
    var configurationPath: String?
    var linter: Linter
    /// Patterns in the configuration are relative to its folder.
    var folder: String

    /// Reads the configuration the options name or discover; a broken one ends the run
    /// with its precise error (exit status 2).
    static func load(_ options: ReportOptions) -> RunSetup {
        let cwd = FileManager.default.currentDirectoryPath
        do {
            let path = options.noConfig ? nil : try options.config ?? ConfigurationLoader.find(startingAt: cwd)
            var configuration = try path.map { try ConfigurationLoader.load(path: $0) } ?? Configuration()
            if options.includeSystem { configuration.includeSystem = true }
            var linter = Linter(configuration: configuration)
            linter.drawings = options.effectiveReporters.contains { $0.format.draws }
            return RunSetup(configuration: configuration, configurationPath: path, linter: linter,
                            folder: path.map(ConfigurationLoader.directory(of:)) ?? cwd)
        } catch {
            StandardError.write("\(error)\n")
            StandardOutput.finish(status: 2)
        }
    }

    static let configurationNames = Set(ConfigurationLoader.fileNames)

    /// The inputs of a run, and what the folder walks left out.
    struct Inputs {
        var files: [InputFile] = []
        var errors: [InputError] = []
        /// Files found in folders that are LayerLint reports or baselines, with what each is.
        var skippedReports: [(path: String, kind: String)] = []
        /// Dumps found in folders that `include` or `exclude` left out.
        var filteredOut: [String] = []
        /// What the folder walks skipped on purpose, for standard error.
        var notes: [String] = []
        /// Files named on the command line that a folder walk would not lint, with why
        /// (`--skip-non-dumps`): never an error, and never "nothing to lint".
        var skippedNamed: [(path: String, reason: String)] = []
    }

    /// Expands the paths: dumps found in folders pass the include and exclude globs;
    /// files named on the command line are always linted. A folder walk leaves out this
    /// run's own outputs and other LayerLint reports (`OwnReportDetection`); an output
    /// that is not a report stays an input, which `OutputGuard` then refuses to overwrite.
    /// With `skipNamedNonDumps`, a named file is judged as a folder walk judges what it
    /// finds (`--skip-non-dumps`, for hooks that pass every staged file matching a glob).
    func inputs(_ paths: [String], format: DumpSyntax?, outputs: OutputGuard, skipNamedNonDumps: Bool = false) -> Inputs {
        var result = Inputs()
        for path in paths {
            let expansion = InputFiles.find([path], format: format)
            let found = expansion.files
            result.errors += expansion.errors
            result.notes += expansion.notes
            guard InputFiles.isFolder(path) else {
                if skipNamedNonDumps, let file = found.first, let reason = reasonToSkip(named: file, forced: format != nil, outputs: outputs) {
                    result.skippedNamed.append((path, reason))
                } else {
                    result.files += found
                }
                continue
            }
            var kept: [InputFile] = []
            var reports = 0
            for file in found {
                // A configuration file beside the dumps is the run's settings, not a dump.
                if Self.configurationNames.contains((file.path as NSString).lastPathComponent) { continue }
                guard includes(file) else { result.filteredOut.append(file.path); continue }
                if file.syntax != .xcodeViewHierarchy, let kind = OwnReportDetection.kind(ofFileAt: file.path) {
                    // This run's own outputs are left out in silence: they are about to be
                    // replaced (and its baseline is read as a baseline).
                    if !outputs.isOwn(file.path) { result.skippedReports.append((file.path, kind)) }
                    reports += 1
                    continue
                }
                kept.append(file)
            }
            if kept.isEmpty && reports > 0 {
                result.errors.append(.about(path, "the folder holds no dumps, only LayerLint reports, which are not read"))
            }
            result.files += kept
        }
        return result
    }

    /// Why a folder walk would leave out this named file, or nil to lint it. Standard input
    /// and a forced --input-format are always read: the user said what they are.
    private func reasonToSkip(named file: InputFile, forced: Bool, outputs: OutputGuard) -> String? {
        guard file.path != "-", !forced else { return nil }
        if Self.configurationNames.contains((file.path as NSString).lastPathComponent) { return "a configuration file" }
        guard DumpDetection.syntax(ofFileAt: file.path) != nil else { return "not a dump" }
        if !includes(file) { return "left out by include or exclude" }
        if file.syntax != .xcodeViewHierarchy, !outputs.isOwn(file.path), let kind = OwnReportDetection.kind(ofFileAt: file.path) {
            return kind
        }
        return nil
    }

    /// What the folder walks skipped on purpose (links out of the folder, FIFOs), once per
    /// folder, and one note for every report they left out.
    func noteSkipped(_ inputs: Inputs) {
        Self.writeNotes(inputs.notes)
        if !inputs.skippedNamed.isEmpty {
            let n = inputs.skippedNamed.count
            let names = inputs.skippedNamed.prefix(3).map { "\($0.path) (\($0.reason))" }.joined(separator: ", ") + (n > 3 ? " and \(n - 3) more" : "")
            StandardError.write("layerlint: note: skipped \(n) named file\(n == 1 ? "" : "s") that a folder walk would not lint (--skip-non-dumps): \(names)\n")
        }
        guard let first = inputs.skippedReports.first else { return }
        let n = inputs.skippedReports.count
        let names = inputs.skippedReports.prefix(3).map(\.path).joined(separator: ", ") + (n > 3 ? " and \(n - 3) more" : "")
        StandardError.write("layerlint: note: skipped \(n == 1 ? "1 file that is" : "\(n) files that are") LayerLint output, not a dump (\(n == 1 ? first.kind : "reports or baselines")): \(names)\n")
    }

    /// Ends the run with exit status 2 when the configuration left nothing to lint: a run
    /// that checks nothing must not pass. Says which setting did it.
    func refuseNothingToLint(_ inputs: Inputs) {
        guard inputs.files.isEmpty && inputs.errors.isEmpty && !inputs.filteredOut.isEmpty else { return }
        let where_ = configurationPath ?? "the configuration"
        let n = inputs.filteredOut.count
        let found = n == 1 ? "the 1 dump" : "all \(n) dumps"
        let included = inputs.filteredOut.filter { p in configuration.include.contains { $0.matches(RelativePath.of(p, from: folder)) } }
        let setting = included.isEmpty
            ? "`include: [\(configuration.include.map(\.pattern).joined(separator: ", "))]` in \(where_) matches none of"
            : "`exclude: [\(configuration.exclude.map(\.pattern).joined(separator: ", "))]` in \(where_) leaves out"
        StandardError.write("layerlint: error: nothing to lint: \(setting) \(found) found in folders (patterns are relative to \(folder)); fix the pattern or name the files\n")
        StandardOutput.finish(status: 2)
    }

    static func writeNotes(_ notes: [String]) {
        for note in notes { StandardError.write("layerlint: note: \(note)\n") }
    }

    /// Whether a dump found in a folder passes the include and exclude patterns.
    func includes(_ file: InputFile) -> Bool {
        configuration.includes(relativePath: RelativePath.of(file.path, from: folder))
    }

    /// Applies suppressions and budgets to one file's report.
    func review(_ report: inout FileReport) {
        report = configuration.apply(to: report, relativePath: RelativePath.of(report.path, from: folder))
    }
}
