import ArgumentParser
import Foundation
import LayerLintKit
import LayerImport

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Rewrite a dump as v1 YAML or JSON.",
        discussion: HelpReference.discussion("""
        Reads one dump (v1, a UIKit recursiveDescription or an Xcode .viewhierarchy export: \
        docs/importers.md) and writes the same snapshots in the v1 format (docs/dump-format.md): \
        only keys that differ from CALayer's defaults, numbers in their shortest form, colours \
        as "#RRGGBBAA" (docs/exporting.md). A YAML file holds a stream of snapshots; a JSON \
        file holds exactly one, so a dump with several converts only to YAML. Converting the \
        output again gives the same bytes.

        Exit status: 0 when the dump was written; 2 when it cannot be read or written, \
        holds no snapshot, --output is the input itself (refused before reading), or the \
        command line is wrong.
        """, examples: [
            "layerlint convert fixtures/tab-bar.json --to yaml",
            "layerlint convert Feed.yml --to json --output Feed.json",
            "layerlint convert Feed.viewhierarchy --to yaml --output Feed.yml",
        ])
    )

    @Argument(help: ArgumentHelp("The dump to convert, or - for standard input.", valueName: "input"))
    var input: String

    @Option(name: .customLong("to"), help: ArgumentHelp("The syntax to write: yaml or json.", valueName: "format"))
    var target: String

    @Option(name: .customLong("input-format"), help: ArgumentHelp(
        "How to read the input: auto (by extension and content), yaml, json, recursive-description, xcode.",
        valueName: "format"), transform: InputFormat.parse)
    var inputFormat: InputFormat = .auto

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Write to this file, whole or not at all (default: standard output).", valueName: "path"))
    var output: String?

    func validate() throws {
        guard target == "yaml" || target == "json" else { throw ValidationError("--to takes yaml or json, found '\(target)'") }
    }

    func run() throws {
        if let output {
            OutputGuard(outputs: [.init(path: output, role: "the output")])
                .refuseConflicts(inputs: input == "-" ? [] : [(input, "the input")])
        }
        let decoded: DecodedDump
        if StreamInput.isStream(input) {
            // Standard input and FIFOs are read up to StreamInput's cap, never without bound.
            switch StreamInput.read(input, limits: DecodeLimits()) {
            case .success(let bytes):
                decoded = DumpReader().read(bytes, syntax: inputFormat.syntax ?? DumpDetection.syntax(ofContent: Array(bytes.prefix(4096))))
            case .failure(let error): decoded = DecodedDump(error: error)
            }
        } else {
            decoded = DumpReader().read(contentsOf: input, syntax: inputFormat.syntax ?? DumpDetection.syntax(ofNamedFile: input))
        }
        let shownPath = input == "-" ? "<stdin>" : input
        for w in decoded.warnings { StandardError.write(Self.message(w.message, "warning", w.location, shownPath)) }
        if let error = decoded.error {
            StandardError.write(Self.message(error.message, "error", error.location, shownPath))
            StandardOutput.finish(status: 2)
        }
        guard !decoded.snapshots.isEmpty else {
            StandardError.write("layerlint: error: \(shownPath) holds no snapshot to convert\n")
            StandardOutput.finish(status: 2)
        }
        let snapshots = decoded.snapshots.map(LayerSnapshot.init(tree:))
        let text: String
        if DumpSyntax(rawValue: target) == .json {
            guard snapshots.count == 1 else {
                StandardError.write("layerlint: error: \(shownPath) holds \(snapshots.count) snapshots and a JSON dump holds exactly one; convert it to YAML, which holds a stream\n")
                StandardOutput.finish(status: 2)
            }
            text = LayerTreeExport.json(snapshots[0])
        } else {
            text = LayerTreeExport.yaml(snapshots)
        }
        guard let output else {
            StandardOutput.write(Array(text.utf8))
            StandardOutput.finish(status: 0)
        }
        do {
            try OutputFile.write(Array(text.utf8), to: output)
        } catch {
            StandardError.write("layerlint: error: \(error)\n")
            StandardOutput.finish(status: 2)
        }
        StandardOutput.finish(status: 0)
    }

    /// `path:line:column: severity: message`, or `path: severity: message` without a place.
    /// One line however the dump's text that the message quotes breaks lines.
    static func message(_ text: String, _ severity: String, _ at: SourceLocation, _ path: String) -> String {
        let (path, text) = (TerminalText.lineStart(path), TerminalText.message(text))
        return at.line > 0 ? "\(path):\(at.line):\(at.column): \(severity): \(text)\n" : "\(path): \(severity): \(text)\n"
    }
}
