import DumpGenerator

import ArgumentParser

@main
struct LayerLintBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layerlint-bench",
        abstract: "Generate synthetic layer-tree dumps and benchmark layerlint against bare libyaml and jq.",
        subcommands: [GenerateCommand.self, ScanCommand.self, ByteScanCommand.self, WriteFloorCommand.self, RunCommand.self]
    )
}

extension DumpShape: ExpressibleByArgument {}
extension DumpSyntax: ExpressibleByArgument {}
