import ArgumentParser
import DumpGenerator

struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a synthetic dump with exactly the given number of layers."
    )

    @Option(help: "Number of layers, masks included.")
    var layers: Int

    @Option(help: "Seed; the same seed gives the same bytes.")
    var seed: UInt64 = 1

    @Option(help: "screen (a realistic list screen), busy (the same screen, every cell a card with three findings), mixed (cells nesting randomly six deep, full-precision numbers, every rule firing) or chain (each layer has one sublayer).")
    var shape: DumpShape = .screen

    @Option(help: "yaml or json.")
    var format: DumpSyntax = .yaml

    @Option(help: "Output file.")
    var output: String

    func validate() throws {
        guard layers >= 1 else { throw ValidationError("--layers must be at least 1") }
    }

    func run() throws {
        let options = GeneratorOptions(layers: layers, seed: seed, shape: shape)
        let summary = try writeDump(options, syntax: format, to: output)
        print("\(output): \(summary.layers) layers, \(summary.bytes) bytes, \(summary.shadowsWithoutPath) shadows without path, depth \(summary.maxDepth)")
    }
}
