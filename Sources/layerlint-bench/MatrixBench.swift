import DumpGenerator
import Glibc

/// Measures the many-findings matrix: busy dumps (a finding per 2.7 layers, three kinds
/// with one-line fixes) and mixed ones (every rule, long fixes, full-precision numbers,
/// about 0.4 findings a layer) linted with every reporter, converted and diffed, against
/// the physical references of the same file, every command of one table in the same
/// interleaved rounds.
struct MatrixBench {
    let layerlint: String
    /// This executable, for its `scan` and `bytescan` subcommands.
    let scanner: String
    let files: BenchFiles
    let repeats: Int

    /// Sizes up to this one get every row. Larger ones get the base lint, the
    /// markdown-only lint, the references and the eight reporters at once: each reporter
    /// alone, convert and diff would add about a minute a round at 1,000,000 layers and
    /// say no more than at 100,000 (their targets are ratios to lint of the same file).
    static let everyRowUpTo = 100_000
    /// jq runs once above `everyRowUpTo` (about 25 s at 1,000,000 layers): its ratio to
    /// lint is far from the target either way, and its rounds would double the run.
    static let jqRunsAboveEveryRow = 1

    /// `layerlint lint --help`'s list, visual ones last.
    static let reporters = ["text", "json", "sarif", "junit", "github", "gitlab", "checkstyle", "rdjsonl", "markdown", "html", "svg"]
    /// The reporters measured alone: all but markdown, whose lint alone is the
    /// markdown-only row every table has (the base of the "beyond their bytes" figures).
    static let aloneReporters = reporters.filter { $0 != "markdown" }
    /// The seven reporters whose cost beyond their bytes is a target (issue 29): each at
    /// most 15 % of a markdown-only lint. gitlab, html and svg are measured alone too, but
    /// their figures are only shown.
    static let targetReporters = ["text", "json", "sarif", "junit", "github", "checkstyle", "rdjsonl"]
    /// The reporters of the all-at-once row: those seven with markdown. gitlab is left out
    /// of it (it was in before 2026-11-27, as "all nine") so that the row is the one the
    /// target names; its own cost is its row alone.
    static let allAtOnce = targetReporters + ["markdown"]

    private let lintStatuses: Set<Int32> = [0, 1]  // 1 means findings, which these dumps have

    func measure(layers: Int, syntax: DumpSyntax, shape: DumpShape) throws -> MatrixTable {
        let name = "\(shape.rawValue), \(grouped(layers)) layers, \(syntax.rawValue)"
        progress("many findings, \(name): generating")
        let dump = try files.dump(layers: layers, shape: shape, syntax: syntax)
        let output = files.work + "/matrix-out"
        try makeDirectory(output)
        let jqOutput = output + "/jq-output.txt"
        let everyRow = layers <= Self.everyRowUpTo

        var rows: [(role: MatrixRole, label: String, command: BenchCommand)] = [
            (.lint, "lint", BenchCommand([layerlint, "lint", dump.path], accepted: lintStatuses)),
            (.markdownOnly, "lint --reporter markdown:FILE (markdown only)",
             lint(dump.path, reporters: ["markdown"], prefix: output + "/alone")),
        ]
        if everyRow {
            rows.append((.writeFloor("markdown"), "writefloor: its markdown report's bytes, written as a report is",
                         BenchCommand([scanner, "writefloor", output + "/alone.markdown"])))
        }
        rows.append((.libyamlScan, "layerlint-bench scan (libyaml events)", BenchCommand([scanner, "scan", dump.path])))
        if syntax == .json {
            rows.append((.byteScan, "layerlint-bench bytescan (read, find every `{`)", BenchCommand([scanner, "bytescan", dump.path])))
            rows.append((.jq, "jq shadow query", BenchCommand(["jq", RunCommand.jqShadowFilter, dump.path], stdoutPath: jqOutput,
                                                              maxRuns: everyRow ? nil : Self.jqRunsAboveEveryRow)))
        }
        // Each write floor runs right after its reporter in every round, so the report
        // whose size it writes is there.
        if everyRow {
            for reporter in Self.aloneReporters {
                let report = output + "/alone." + reporter
                rows.append((.reporter(reporter), "lint --reporter \(reporter):FILE",
                             lint(dump.path, reporters: [reporter], prefix: output + "/alone")))
                rows.append((.writeFloor(reporter), "writefloor: its \(reporter) report's bytes, written as a report is",
                             BenchCommand([scanner, "writefloor", report])))
            }
        }
        rows.append((.allReporters, "lint, all eight: " + Self.allAtOnce.joined(separator: " "),
                     lint(dump.path, reporters: Self.allAtOnce, prefix: output + "/all")))
        rows.append((.writeFloor(nil), "writefloor: the eight reports' bytes, one after another",
                     BenchCommand([scanner, "writefloor"] + Self.allAtOnce.map { output + "/all." + $0 })))
        if everyRow {
            // Baselines: written, and read with every finding known (made once, untimed).
            let known = output + "/known-baseline.yml"
            let made = try layerlint_bench.measure(lint(dump.path, reporters: ["markdown"], prefix: output + "/made").arguments + ["--write-baseline", known])
            guard made.exitCode.map(lintStatuses.contains) == true else { throw SystemError("could not write the baseline \(known)") }
            rows.append((.writeBaseline, "lint --reporter markdown:FILE --write-baseline FILE",
                         BenchCommand(lint(dump.path, reporters: ["markdown"], prefix: output + "/written").arguments
                                      + ["--write-baseline", output + "/written-baseline.yml"], accepted: lintStatuses)))
            rows.append((.readBaseline, "lint --reporter markdown:FILE --baseline FILE (every finding known)",
                         BenchCommand(lint(dump.path, reporters: ["markdown"], prefix: output + "/known").arguments
                                      + ["--baseline", known], accepted: lintStatuses)))
            let other: DumpSyntax = syntax == .yaml ? .json : .yaml
            rows.append((.convert, "convert --to \(other.rawValue) --output FILE",
                         BenchCommand([layerlint, "convert", dump.path, "--to", other.rawValue,
                                       "--output", output + "/converted." + other.rawValue])))
            // Another seed: the same screen chrome, other cells, so findings come and go.
            let newer = try files.dump(layers: layers, shape: shape, syntax: syntax, seed: files.seed &+ 1)
            rows.append((.diff, "diff OLD NEW (seeds \(files.seed), \(files.seed &+ 1))",
                         BenchCommand([layerlint, "diff", dump.path, newer.path], accepted: lintStatuses)))
        }

        progress("many findings, \(name): measuring \(rows.count) commands")
        let times = try measureInterleaved(rows.map(\.command), repeats: repeats)
        var table = MatrixTable(shape: shape, syntax: syntax, layers: layers, fileBytes: dump.bytes,
                                expectedShadows: dump.shadowsWithoutPath)
        table.rows = zip(rows, times).map { MatrixRow(role: $0.role, label: $0.label, best: $1) }
        if syntax == .json {
            table.jqCount = readJQCount(jqOutput)
        }
        // The reports are only written to be timed, and at 1,000,000 layers the eight of
        // them take gigabytes: they do not stay in the work folder like the inputs.
        for command in rows.map(\.command) {
            for path in Self.writtenFiles(command.arguments) { unlink(path); unlink(path + ".floor") }
        }
        unlink(output + "/known-baseline.yml")
        unlink(output + "/made.markdown")
        return table
    }

    /// The files a command writes: each `--reporter NAME:PATH`'s path and `--output`'s.
    private static func writtenFiles(_ arguments: [String]) -> [String] {
        zip(arguments, arguments.dropFirst()).compactMap { option, value in
            switch option {
            case "--reporter": value.split(separator: ":", maxSplits: 1).dropFirst().first.map(String.init)
            case "--output", "--write-baseline": value
            default: nil
            }
        }
    }

    /// `lint FILE` writing each reporter to `prefix.NAME`.
    private func lint(_ path: String, reporters: [String], prefix: String) -> BenchCommand {
        let options = reporters.flatMap { ["--reporter", "\($0):\(prefix).\($0)"] }
        return BenchCommand([layerlint, "lint", path] + options, accepted: lintStatuses)
    }
}
