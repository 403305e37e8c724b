import ArgumentParser
import Foundation
import LayerLintKit
import LayerImport

enum FailLevel: String, ExpressibleByArgument, CaseIterable {
    case error, warning, info, never
    var severity: Severity? {
        switch self {
        case .error: .error
        case .warning: .warning
        case .info: .info
        case .never: nil
        }
    }
}

/// `--color`: when the text report on standard output carries colour.
enum ColorWhen: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

/// `--input-format`: a reader for every input, or `auto` to detect each. A value of its
/// own (not an optional syntax) so that the usage line shows the option as optional.
struct InputFormat: Sendable {
    /// Nil for `auto`.
    var syntax: DumpSyntax?

    static let auto = InputFormat(syntax: nil)

    static func parse(_ argument: String) throws -> InputFormat {
        if argument == "auto" { return .auto }
        guard let syntax = DumpSyntax(rawValue: argument) else {
            let names = ["auto"] + DumpSyntax.allCases.map(\.rawValue)
            throw ValidationError("unknown input format '\(argument)'; the formats are \(names.joined(separator: ", "))")
        }
        return InputFormat(syntax: syntax)
    }
}

/// One `--reporter FORMAT[:PATH]`: a format, written to PATH or to standard output.
struct ReporterChoice: Hashable {
    var format: ReportFormat
    var path: String?

    static func parse(_ argument: String) throws -> ReporterChoice {
        let name = argument.prefix { $0 != ":" }
        guard let format = ReportFormat(rawValue: String(name)) else {
            let names = ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("unknown report format '\(name)'; the formats are \(names)")
        }
        guard name.endIndex < argument.endIndex else { return ReporterChoice(format: format, path: nil) }
        let path = String(argument[argument.index(after: name.endIndex)...])
        guard !path.isEmpty else { throw ValidationError("'\(argument)' names no file after ':'; leave out ':' for standard output") }
        return ReporterChoice(format: format, path: path == "-" ? nil : path)
    }
}

/// The options `lint` and `diff` share: where reports go, what fails the run, the
/// configuration, and how many files are read at once.
struct ReportOptions: ParsableArguments {
    @Option(name: .customLong("reporter"), help: ArgumentHelp(
        "A report to write: FORMAT, or FORMAT:PATH to write it to a file (whole or not at all). Repeat for several reports from one run. Formats: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")). Default: text on standard output.",
        valueName: "format[:path]"), transform: ReporterChoice.parse)
    var reporters: [ReporterChoice] = []

    @Option(help: ArgumentHelp("Same as --reporter FORMAT (kept for scripts that use it).", visibility: .hidden))
    var format: ReportFormat?

    @Option(name: .customLong("markdown-limit"), help: ArgumentHelp(
        "The markdown report's size in characters: 65536 (a pull-request comment, the default) up to 1048576 (a job summary). The costliest findings fill it; a closing line counts the rest.",
        valueName: "characters"))
    var markdownLimit: Int = MarkdownReporter.commentLimit

    @Option(name: .customLong("fail-on"), help: "The lowest finding severity that fails the run: error, warning, info or never.")
    var failOn: FailLevel = .warning

    @Flag(name: .customLong("no-fixes"), help: "Leave the suggested fixes out of text output.")
    var noFixes = false

    @Option(name: .customLong("input-format"), help: ArgumentHelp(
        "How to read the inputs: auto (by extension and content), yaml, json, recursive-description (UIKit's recursiveDescription text), xcode (an exported .viewhierarchy).",
        valueName: "format"), transform: InputFormat.parse)
    var inputFormat: InputFormat = .auto

    @Option(help: "How many cores to use (default: all): files are linted side by side, and cores that fewer files leave idle read a large JSON dump, check a snapshot and write the reports in parts.")
    var jobs: Int?

    @Option(help: ArgumentHelp("The configuration file (default: the first .layerlint.yml from the working directory upward).", valueName: "path"))
    var config: String?

    @Flag(name: .customLong("no-config"), help: "Use the default configuration, ignoring any .layerlint.yml.")
    var noConfig = false

    @Flag(name: .customLong("include-system"), help: ArgumentHelp(
        "Also list findings deep inside layers UIKit or AppKit created (private _UI* classes and the like); by default they are counted in the summary, not listed, and not budgeted.",
        discussion: "Same as options.includeSystem: true in .layerlint.yml; docs/configuration.md#ownership lists the classes."))
    var includeSystem = false

    @Option(help: ArgumentHelp(
        "Colour in the text report on standard output: auto (on a terminal, unless NO_COLOR is set), always or never.",
        valueName: "when"))
    var color: ColorWhen = .auto

    /// Whether the text report on standard output is coloured.
    var colorsStandardOutput: Bool {
        TerminalColor.enabled(color.rawValue, isTerminal: isatty(1) == 1, environment: ProcessInfo.processInfo.environment)
    }

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if markdownLimit < 4_096 || markdownLimit > MarkdownReporter.jobSummaryLimit {
            throw ValidationError("--markdown-limit must be from 4096 to \(MarkdownReporter.jobSummaryLimit) characters (a job summary's 1 MiB)")
        }
        if config != nil && noConfig { throw ValidationError("--config and --no-config cannot be used together") }
        let choices = effectiveReporters
        if choices.filter({ $0.path == nil }).count > 1 {
            throw ValidationError("only one report can go to standard output; give the others a path (FORMAT:PATH)")
        }
        let paths = choices.compactMap(\.path)
        if let twice = paths.first(where: { p in paths.filter { $0 == p }.count > 1 }) {
            throw ValidationError("two reports would be written to \(twice)")
        }
    }

    var effectiveReporters: [ReporterChoice] {
        var all = reporters
        if let format { all.insert(ReporterChoice(format: format, path: nil), at: 0) }
        return all.isEmpty ? [ReporterChoice(format: .text, path: nil)] : all
    }

    /// The report files, for `OutputGuard`.
    var outputs: [OutputGuard.Output] { effectiveReporters.compactMap { $0.path.map { OutputGuard.Output(path: $0, role: "the report") } } }

    var jobCount: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    /// Writes each report where it goes, several at once when the run may use more than
    /// one core (`--jobs`): each is made from the same finished report and streams to its
    /// own file, and a CI job that asks for SARIF, JUnit and annotations then waits for the
    /// slowest, not the sum. A file that cannot be written is an error on standard error
    /// (in the order the reports were asked for); the other reports are still written.
    /// What a report left out to fit where it goes (SARIF over GitHub's limits) is a note
    /// on standard error, so the log says it even when nobody opens the file.
    func write(_ render: @Sendable (any Reporter, inout ByteText, inout [String]) -> Void) -> Bool {
        let outputs: [(reporter: any Reporter, path: String?)] = effectiveReporters.map { choice in
            // Colour only where a person reads it: standard output, never a report file.
            if choice.format == .text, choice.path == nil, colorsStandardOutput {
                return (TextReporter(showFixes: !noFixes, color: true), nil)
            }
            let root = FileManager.default.currentDirectoryPath
            return (choice.format.reporter(showFixes: !noFixes, version: LayerLint.configuration.version, root: root,
                                           markdownLimit: markdownLimit), choice.path)
        }
        let failures = WorkSlots<String>(count: outputs.count)
        let notes = WorkSlots<[String]>(count: outputs.count)
        let workers = min(max(jobCount, 1), outputs.count)
        // Each report file's sync and rename, on another thread while this worker makes
        // the next report (`OutputFile.prepare`); all are done before anything is said.
        let commits = DispatchGroup()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let k = failures.claim() {
                let (reporter, path) = outputs[k]
                // Each report streams to where it goes as it is made (`ByteText`), so the
                // largest report costs one chunk of memory, not its size.
                var notices: [String] = []
                defer { notes.set(k, notices) }
                // A long report's findings are written in blocks on the cores `--jobs` allows.
                let cores = jobCount
                guard let path else {
                    var out = ByteText(flushingTo: StandardOutput.descriptor)
                    BlockRendering.$cores.withValue(cores) { render(reporter, &out, &notices) }
                    out.finish()  // a closed pipe (`| head`): nothing more to say
                    continue
                }
                do {
                    let replacement = try OutputFile.prepare(to: path) { text in
                        BlockRendering.$cores.withValue(cores) { render(reporter, &text, &notices) }
                    }
                    DispatchQueue.global().async(group: commits) {
                        do { try replacement.commit() } catch { failures.set(k, "layerlint: error: \(error)\n") }
                    }
                } catch {
                    failures.set(k, "layerlint: error: \(error)\n")
                }
            }
        }
        commits.wait()
        for notice in notes.values.compactMap({ $0 }).joined() {
            StandardError.write("layerlint: note: \(notice)\n")
        }
        let messages = failures.values.compactMap { $0 }
        for message in messages { StandardError.write(message) }
        return messages.isEmpty
    }
}
