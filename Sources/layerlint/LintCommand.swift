import ArgumentParser
import Foundation
import LayerLintKit

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint layer-tree dumps.",
        discussion: HelpReference.discussion("""
        Exit status: 0 when no finding reaches --fail-on, no budget is exceeded and \
        (with --strict-baseline) no baselined finding is gone; 1 otherwise; 2 when the run \
        could not do what was asked: the command line is wrong, an input, the configuration \
        or the baseline could not be read, a report could not be written, a report or \
        baseline path is one of the inputs (refused before anything is read), or the \
        configuration's include and exclude leave nothing to lint. A broken file is \
        reported with its line and column; every other file is still linted.
        """, examples: [
            "layerlint lint Snapshots/ --reporter text --reporter sarif:layerlint.sarif",
            "layerlint lint Snapshots/ --write-baseline .layerlint-baseline.yml",
            "layerlint lint Snapshots/ --baseline .layerlint-baseline.yml --reporter github",
            "layerlint lint Tests/__Snapshots__/ Feed.viewhierarchy --reporter markdown:layerlint.md",
        ])
    )

    @Argument(help: ArgumentHelp("Dump files, folders (searched for .yaml, .yml, .json, recursiveDescription .txt and .viewhierarchy exports; links that lead out of a folder are not followed), or - for standard input (read up to 256 MiB, like a FIFO).", valueName: "path"))
    var paths: [String]

    @OptionGroup var options: ReportOptions

    @Option(help: ArgumentHelp("Report only findings beyond those in this baseline file.", valueName: "path"))
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: ArgumentHelp(
        "Write every finding of this run to a baseline file, then report against it (a team adopting LayerLint starts here).",
        valueName: "path"))
    var writeBaseline: String?

    @Flag(name: .customLong("strict-baseline"), help: "Fail when a baselined finding is gone, so the baseline is tightened.")
    var strictBaseline = false

    @Flag(name: .customLong("skip-non-dumps"), help: ArgumentHelp(
        "Skip a named file that a folder walk would skip (not a dump, such as a .txt of other text; a LayerLint report; left out by include or exclude) instead of reading it; for pre-commit hooks, which name every staged file that matches."))
    var skipNonDumps = false

    func validate() throws {
        if strictBaseline && baseline == nil { throw ValidationError("--strict-baseline needs --baseline PATH") }
        if baseline != nil && writeBaseline != nil { throw ValidationError("use either --baseline or --write-baseline") }
    }

    func run() throws {
        let setup = RunSetup.load(options)
        let outputs = OutputGuard(outputs: options.outputs + (writeBaseline.map { [.init(path: $0, role: "the baseline")] } ?? []),
                                  ownFiles: baseline.map { [$0] } ?? [])
        let expanded = setup.inputs(paths, format: options.inputFormat.syntax, outputs: outputs, skipNamedNonDumps: skipNonDumps)
        // Before anything is read: no output may be an input.
        outputs.refuseConflicts(inputs: expanded.files.map { ($0.path, "the input") }
            + (baseline.map { [($0, "the baseline")] } ?? []) + (setup.configurationPath.map { [($0, "the configuration")] } ?? []))
        setup.noteSkipped(expanded)
        setup.refuseNothingToLint(expanded)
        let (inputs, inputErrors) = (expanded.files, expanded.errors)
        // The baseline is parsed beside the lint (44,000 entries took half as long as
        // the lint of their 100,000 layers, before it began); a file that is not there is
        // still refused before anything is linted, and one that cannot be parsed after it.
        let reading = baseline.map { path in
            let text = Self.baselineText(path)
            return OnAnotherCore(elsewhere: options.jobCount > 1) { Result { () throws(BaselineError) in try Baseline(fileText: text, path: path) } }
        }

        // With text alone on standard output and nothing to compare, each worker renders
        // the file it linted, so a large run's report is written by all cores.
        let choices = options.effectiveReporters
        // One file's report streams to standard output after the run instead, in chunks:
        // rendering it in a worker would hold all of it in memory.
        let renderInWorkers = choices == [ReporterChoice(format: .text, path: nil)] && baseline == nil && writeBaseline == nil
            && inputs.count > 1
        let text = TextReporter(showFixes: !options.noFixes, color: options.colorsStandardOutput)
        var results = LintFiles(linter: setup.linter, jobs: options.jobCount).run(inputs) { report in
            setup.review(&report)
            guard renderInWorkers else { return nil }
            var out = ByteText()
            BlockRendering.$cores.withValue(options.jobCount) { text.render(report, into: &out) }
            return out
        }
        for e in inputErrors {
            let file = FileReport(path: e.path, error: InputMessage(severity: "error", message: e.message, line: 0, column: 0))
            var out: ByteText?
            if renderInWorkers { out = ByteText(); text.render(file, into: &out!) }
            results.append((file, out))
        }
        var report = LintReport(files: results.map(\.report))
        let known = reading.map { Self.baseline($0.take()) }

        var written = true
        if let writeBaseline {
            let folder = ConfigurationLoader.directory(of: writeBaseline)
            let fresh = Baseline(report: report, relativeTo: folder)
            // The file is made and written on another core while the report is compared
            // with it (each took a third of writing a 44,000-finding baseline).
            let writing = OnAnotherCore(elsewhere: options.jobCount > 1) { () -> String? in
                do { try OutputFile.write(Array(fresh.fileText.utf8), to: writeBaseline) } catch { return "\(error)" }
                return nil
            }
            var compared = report
            fresh.apply(to: &compared, relativeTo: folder)
            if let failure = writing.take() {
                // (--baseline and --write-baseline exclude each other: nothing else applies.)
                StandardError.write("layerlint: error: \(failure)\n")
                written = false
            } else {
                StandardError.write("layerlint: wrote \(fresh.findingCount) findings in \(fresh.fileCount) files to the baseline \(writeBaseline)\n")
                report = compared
            }
        } else if let known {
            known.apply(to: &report, relativeTo: ConfigurationLoader.directory(of: baseline!))
        }

        if renderInWorkers {
            for r in results { StandardOutput.write(r.text?.bytes ?? []) }
            StandardOutput.write(Array(text.summaryLines(report).utf8))
        } else if !options.write({ [report] in $0.render(report, into: &$1, notices: &$2) }) {
            written = false
        }

        if report.errorCount > 0 || !written { StandardOutput.finish(status: 2) }
        let failing = options.failOn.severity.map { report.hasFinding(atLeast: $0) } ?? false
        let goneFail = strictBaseline && !(report.baseline?.gone.isEmpty ?? true)
        if failing || !report.budgetViolations.isEmpty || goneFail { StandardOutput.finish(status: 1) }
        StandardOutput.finish(status: 0)
    }

    /// The baseline file's text; a file that cannot be read ends the run (exit status 2).
    static func baselineText(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            StandardError.write("layerlint: error: cannot read the baseline \(path): no such file (write one with --write-baseline \(path))\n")
            StandardOutput.finish(status: 2)
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The baseline parsed, or the precise reason it cannot be used (exit status 2).
    static func baseline(_ parsed: Result<Baseline, BaselineError>) -> Baseline {
        switch parsed {
        case .success(let baseline): return baseline
        case .failure(let error):
            StandardError.write("\(error)\n")
            StandardOutput.finish(status: 2)
        }
    }
}
