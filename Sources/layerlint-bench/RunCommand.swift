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

    @Option(name: .customLong("repeat"), help: "Runs per command; the minimum time and the maximum RSS are reported (default 3; 1 with --quick).")
    var repeatOption: Int?

    /// A quick run checks that everything works, not the numbers: one run per command
    /// unless asked, so that the two matrix shapes stay a matter of seconds.
    private var repeats: Int { repeatOption ?? (quick ? 1 : 3) }

    @Option(help: "Comma-separated layer counts of the flat screen dumps.")
    var sizes = "1000,10000,100000,1000000"

    @Option(help: "Comma-separated layer counts of the many-findings matrix; empty for none.")
    var matrixSizes = "100000,1000000"

    @Option(help: "Comma-separated shapes of the many-findings matrix: busy (three kinds of finding, one-line fixes), mixed (every rule, long fixes, full-precision numbers), screen.")
    var matrixShapes = "busy,mixed"

    @Flag(help: "Smoke test: sizes 1000,10000, short chains, a small many-files case and a 10000-layer matrix of each --matrix-shapes shape.")
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
        _ = try matrixLayerCounts()
        _ = try matrixShapeList()
    }

    /// The matrix's shapes, in the order given. The chain is no screen: its flow YAML is
    /// measured by the chain cases.
    private func matrixShapeList() throws -> [DumpShape] {
        let names = matrixShapes.split(separator: ",").map { $0.filter { $0 != " " } }.filter { !$0.isEmpty }
        let shapes = names.map { DumpShape(rawValue: String($0)) }
        guard shapes.allSatisfy({ $0 != nil && $0 != .chain }) else {
            throw ValidationError("--matrix-shapes must be screen, busy or mixed, separated by commas, e.g. busy,mixed")
        }
        return shapes.map { $0! }
    }

    private func layerCounts() throws -> [Int] {
        if quick { return [1000, 10000] }
        let counts = try Self.parseLayerCounts(sizes, option: "--sizes")
        guard !counts.isEmpty else { throw ValidationError("--sizes needs at least one layer count") }
        return counts
    }

    private func matrixLayerCounts() throws -> [Int] {
        quick ? [10000] : try Self.parseLayerCounts(matrixSizes, option: "--matrix-sizes")
    }

    private static func parseLayerCounts(_ text: String, option: String) throws -> [Int] {
        let counts = text.split(separator: ",").map { Int($0.filter { $0 != " " }) }
        guard counts.allSatisfy({ ($0 ?? 0) >= 1 }) else {
            throw ValidationError("\(option) must be positive layer counts separated by commas, e.g. 1000,10000")
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
        var report = BenchReport(plan: plan, machine: machineInfo(), repeats: repeats)

        for layers in try layerCounts() {
            progress("size \(grouped(layers)): generating")
            let yaml = try files.dump(layers: layers, shape: .screen, syntax: .yaml)
            let json = try files.dump(layers: layers, shape: .screen, syntax: .json)
            var row = SizeRow(layers: layers, yamlBytes: yaml.bytes, jsonBytes: json.bytes,
                              expectedShadows: json.shadowsWithoutPath)
            progress("size \(grouped(layers)): measuring")
            let jqOutput = work + "/jq-output.txt"
            let times = try measureInterleaved([
                BenchCommand([layerlint, "lint", yaml.path], accepted: lintStatuses),
                BenchCommand([layerlint, "lint", json.path], accepted: lintStatuses),
                BenchCommand([scanner, "scan", yaml.path]),
                BenchCommand([scanner, "scan", json.path]),
                BenchCommand(["jq", Self.jqShadowFilter, json.path], stdoutPath: jqOutput),
            ], repeats: repeats)
            (row.lintYAML, row.lintJSON, row.scanYAML, row.scanJSON, row.jq) = (times[0], times[1], times[2], times[3], times[4])
            row.jqCount = readJQCount(jqOutput)
            report.sizes.append(row)
        }

        progress("chains")
        let chainJSON = try files.dump(layers: plan.jsonChainLayers, shape: .chain, syntax: .json)
        var chains = ChainRows(jsonBytes: chainJSON.bytes)
        // The flat dump of the same size is measured again beside the chain, in the same rounds.
        let flat = try files.dump(layers: plan.jsonChainLayers, shape: .screen, syntax: .json)
        let chainJSONTimes = try measureInterleaved([
            BenchCommand([layerlint, "lint", chainJSON.path], accepted: lintStatuses),
            BenchCommand([layerlint, "lint", flat.path], accepted: lintStatuses),
        ], repeats: repeats)
        (chains.lintJSON, chains.flatLintJSON) = (chainJSONTimes[0], chainJSONTimes[1])
        let chainYAML = try files.dump(layers: plan.yamlChainLayers, shape: .chain, syntax: .yaml)
        chains.yamlBytes = chainYAML.bytes
        // The chain is flow YAML, two flow levels a layer: far deeper than the default
        // `limits.flowNestingDepth` allows (docs/reliability.md), so the run raises it.
        let deepFlow = work + "/deep-flow.layerlint.yml"
        try writeTextFile(deepFlow, "limits:\n  flowNestingDepth: \(2 * plan.yamlChainLayers + 10)\n")
        let chainTimes = try measureInterleaved([
            BenchCommand([layerlint, "lint", "--config", deepFlow, chainYAML.path], accepted: lintStatuses),
            BenchCommand([scanner, "scan", chainYAML.path]),
        ], repeats: repeats)
        (chains.lintYAML, chains.scanYAML) = (chainTimes[0], chainTimes[1])
        report.chains = chains

        progress("many files")
        let many = try files.manyFiles(count: plan.manyFiles, layers: plan.manyFilesLayers)
        var manyRow = ManyFilesRow(bytes: many.bytes)
        let jobTimes = try measureInterleaved([
            BenchCommand([layerlint, "lint", "--jobs", "1", many.folder], accepted: lintStatuses),
            BenchCommand([layerlint, "lint", "--jobs", "2", many.folder], accepted: lintStatuses),
        ], repeats: repeats)
        (manyRow.jobs1, manyRow.jobs2) = (jobTimes[0], jobTimes[1])
        report.manyFiles = manyRow

        let matrix = MatrixBench(layerlint: layerlint, scanner: scanner, files: files, repeats: repeats)
        for shape in try matrixShapeList() {
            for layers in try matrixLayerCounts() {
                for syntax in [DumpSyntax.yaml, .json] {
                    report.matrix.append(try matrix.measure(layers: layers, syntax: syntax, shape: shape))
                }
            }
        }

        // Last, when this process's own memory has been at its highest.
        report.peakRSSFloor = try peakRSSFloor()
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
