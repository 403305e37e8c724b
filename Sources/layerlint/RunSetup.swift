import Foundation
import LayerLintKit

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
            let configuration = try path.map { try ConfigurationLoader.load(path: $0) } ?? Configuration()
            return RunSetup(configuration: configuration, configurationPath: path, linter: Linter(configuration: configuration),
                            folder: path.map(ConfigurationLoader.directory(of:)) ?? cwd)
        } catch {
            StandardError.write("\(error)\n")
            StandardOutput.finish(status: 2)
        }
    }

    /// Expands the paths: dumps found in folders pass the include and exclude globs;
    /// files named on the command line are always linted. What the folder walks skipped
    /// on purpose (links out of the folder, FIFOs) is said once per folder on standard error.
    func inputs(_ paths: [String], format: DumpSyntax?) -> (files: [InputFile], errors: [InputError]) {
        let found = InputFiles.find(paths, format: format, configuration: configuration, configurationDirectory: folder)
        Self.writeNotes(found.notes)
        return (found.files, found.errors)
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
