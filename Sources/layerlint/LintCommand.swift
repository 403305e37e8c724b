import ArgumentParser
import Foundation
import LayerLintKit

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

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

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lint layer-tree dumps.",
        discussion: """
        Exit status: 0 when no finding reaches --fail-on, 1 when one does, 2 when an input \
        could not be read or the command line is wrong. A broken file is reported with its \
        line and column; every other file is still linted.
        """
    )

    @Argument(help: ArgumentHelp("Dump files, folders (searched for .yaml, .yml, .json), or - for standard input.", valueName: "path"))
    var paths: [String]

    @Option(help: "Output format: text (compiler style) or json (docs/json-output.md).")
    var format: OutputFormat = .text

    @Option(name: .customLong("fail-on"), help: "The lowest finding severity that fails the run: error, warning, info or never.")
    var failOn: FailLevel = .warning

    @Flag(name: .customLong("no-fixes"), help: "Leave the suggested fixes out of text output.")
    var noFixes = false

    @Option(help: "How many files to lint at once (default: all cores).")
    var jobs: Int?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        let (inputs, inputErrors) = InputFiles.expand(paths)
        let text = TextReporter(showFixes: !noFixes)
        // Text is rendered by the workers, file by file; JSON is one document, written at the end.
        var renderText: (@Sendable (FileReport) -> ByteText)?
        if format == .text {
            renderText = { file in
                var out = ByteText()
                text.render(file, into: &out)
                return out
            }
        }
        var results = LintFiles(linter: Linter(), jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
            .run(inputs, render: renderText)
        for e in inputErrors {
            let file = FileReport(path: e.path, error: InputMessage(severity: "error", message: e.message, line: 0, column: 0))
            results.append((file, renderText?(file)))
        }
        let report = LintReport(files: results.map(\.report))
        switch format {
        case .text:
            for r in results { StandardOutput.write(r.text?.bytes ?? []) }
            StandardOutput.write(Array(text.summary(report).utf8))
        case .json: StandardOutput.write(Array(JSONReporter().render(report).utf8))
        }
        if report.errorCount > 0 { StandardOutput.finish(status: 2) }
        if let level = failOn.severity, report.hasFinding(atLeast: level) { StandardOutput.finish(status: 1) }
        StandardOutput.finish(status: 0)
    }
}
