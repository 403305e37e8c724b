import ArgumentParser
import DumpGenerator
import Glibc

/// THE benchmark: generates its inputs (cached in the work folder), spawns every command
/// itself, and prints one markdown report with the targets marked met or not met.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Benchmark layerlint against a bare libyaml scan and jq; print a markdown table."
    )

    @Option(help: "The layerlint executable to measure.")
    var layerlint = ".build/release/layerlint"

    @Option(help: "Folder for generated dumps (kept between runs).")
    var work = "bench-out"

    @Option(name: .customLong("repeat"), help: "Runs per command; the minimum time and the maximum RSS are reported.")
    var repeats = 3

    @Option(help: "Comma-separated layer counts of the flat screen dumps.")
    var sizes = "1000,10000,100000,1000000"

    @Flag(help: "Smoke test: sizes 1000,10000, short chains and a small many-files case.")
    var quick = false

    @Option(help: "Seed of the generated dumps.")
    var seed: UInt64 = 1

    @Option(help: "Also write the report to this file.")
    var output: String?

    func validate() throws {
        guard repeats >= 1 else { throw ValidationError("--repeat must be at least 1") }
        guard access(layerlint, X_OK) == 0 else {
            throw ValidationError("no executable layerlint at \(layerlint) (build it with `swift build -c release` or pass --layerlint)")
        }
        _ = try layerCounts()
    }

    private func layerCounts() throws -> [Int] {
        if quick { return [1000, 10000] }
        let counts = sizes.split(separator: ",").map { Int($0.filter { $0 != " " }) }
        guard !counts.isEmpty, counts.allSatisfy({ ($0 ?? 0) >= 1 }) else {
            throw ValidationError("--sizes must be positive layer counts separated by commas, e.g. 1000,10000")
        }
        return counts.map { $0! }
    }

    /// The cases around the flat sizes; quick mode shrinks them to seconds.
    private var plan: BenchPlan {
        quick
            ? BenchPlan(jsonChainLayers: 10_000, yamlChainLayers: 2_000, manyFiles: 20, manyFilesLayers: 1_000)
            : BenchPlan(jsonChainLayers: 100_000, yamlChainLayers: 10_000, manyFiles: 200, manyFilesLayers: 2_000)
    }

    func run() throws {
        try makeDirectory(work)
        let files = BenchFiles(work: work, seed: seed)
        let scanner = selfExecutablePath()
        let lintStatuses: Set<Int32> = [0, 1]  // 1 means findings, which these dumps have
        var report = BenchReport(plan: plan, machine: machineInfo())

        var flatJSONLint: [Int: Best] = [:]
        for layers in try layerCounts() {
            progress("size \(grouped(layers)): generating")
            let yaml = try files.dump(layers: layers, shape: .screen, syntax: .yaml)
            let json = try files.dump(layers: layers, shape: .screen, syntax: .json)
            var row = SizeRow(layers: layers, yamlBytes: yaml.bytes, jsonBytes: json.bytes,
                              expectedShadows: json.shadowsWithoutPath)
            progress("size \(grouped(layers)): measuring")
            row.lintYAML = try measureBest([layerlint, "lint", yaml.path], repeats: repeats, accepted: lintStatuses)
            row.lintJSON = try measureBest([layerlint, "lint", json.path], repeats: repeats, accepted: lintStatuses)
            row.scanYAML = try measureBest([scanner, "scan", yaml.path], repeats: repeats)
            row.scanJSON = try measureBest([scanner, "scan", json.path], repeats: repeats)
            let jqOutput = work + "/jq-output.txt"
            row.jq = try measureBest(["jq", Self.jqShadowFilter, json.path], repeats: repeats, stdoutPath: jqOutput)
            row.jqCount = readTextFile(jqOutput).flatMap { Int($0.filter { !$0.isWhitespace }) }
            flatJSONLint[layers] = row.lintJSON
            report.sizes.append(row)
        }

        progress("chains")
        let chainJSON = try files.dump(layers: plan.jsonChainLayers, shape: .chain, syntax: .json)
        var chains = ChainRows(jsonBytes: chainJSON.bytes)
        chains.lintJSON = try measureBest([layerlint, "lint", chainJSON.path], repeats: repeats, accepted: lintStatuses)
        if let flat = flatJSONLint[plan.jsonChainLayers] {
            chains.flatLintJSON = flat
        } else {
            let flat = try files.dump(layers: plan.jsonChainLayers, shape: .screen, syntax: .json)
            chains.flatLintJSON = try measureBest([layerlint, "lint", flat.path], repeats: repeats, accepted: lintStatuses)
        }
        let chainYAML = try files.dump(layers: plan.yamlChainLayers, shape: .chain, syntax: .yaml)
        chains.yamlBytes = chainYAML.bytes
        chains.lintYAML = try measureBest([layerlint, "lint", chainYAML.path], repeats: repeats, accepted: lintStatuses)
        chains.scanYAML = try measureBest([scanner, "scan", chainYAML.path], repeats: repeats)
        report.chains = chains

        progress("many files")
        let many = try files.manyFiles(count: plan.manyFiles, layers: plan.manyFilesLayers)
        var manyRow = ManyFilesRow(bytes: many.bytes)
        manyRow.jobs1 = try measureBest([layerlint, "lint", "--jobs", "1", many.folder], repeats: repeats, accepted: lintStatuses)
        manyRow.jobs2 = try measureBest([layerlint, "lint", "--jobs", "2", many.folder], repeats: repeats, accepted: lintStatuses)
        report.manyFiles = manyRow

        let text = report.render(quick: quick)
        print(text, terminator: "")
        if let output { try writeTextFile(output, text) }
    }

    /// Layers that cast a shadow without a shadowPath: what the linter's most common rule
    /// finds, done the generic way.
    static let jqShadowFilter = "[.. | objects | select((.shadowOpacity // 0) > 0 and .shadowPath == null)] | length"
}

struct BenchPlan {
    var jsonChainLayers: Int
    var yamlChainLayers: Int
    var manyFiles: Int
    var manyFilesLayers: Int
}
