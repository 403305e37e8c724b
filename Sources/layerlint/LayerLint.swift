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
          layerlint convert Feed.json --to yaml    rewrite a dump as v1 YAML (or JSON)
        """,
        version: "0.1.0",
        subcommands: [Lint.self, Diff.self, Convert.self, Config.self, Rules.self, Explain.self],
        defaultSubcommand: nil
    )
}
