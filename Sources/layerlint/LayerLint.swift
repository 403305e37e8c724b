import ArgumentParser

@main
struct LayerLint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layerlint",
        abstract: "Find the layers that force offscreen render passes in Core Animation layer-tree dumps.",
        discussion: """
        LayerLint reads layer-tree dumps (YAML or JSON, format v1: see docs/dump-format.md), \
        estimates the offscreen passes each layer costs per frame, and says how to remove them.

        Examples:
          layerlint lint fixtures/                 lint every dump in a folder
          layerlint lint Snapshots/Feed.yaml --format json
          layerlint explain shadow-without-path    what a rule checks, why, and how to fix it
        """,
        version: "0.1.0",
        subcommands: [Lint.self, Diff.self, Config.self, Rules.self, Explain.self],
        defaultSubcommand: nil
    )
}
