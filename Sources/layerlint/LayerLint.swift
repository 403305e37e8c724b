import ArgumentParser
import CHeapPolicy
import LayerLintKit

@main
struct LayerLint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layerlint",
        abstract: "Find the layers that force offscreen render passes in Core Animation layer-tree dumps.",
        discussion: HelpReference.discussion(
            """
            LayerLint reads layer-tree dumps (v1 YAML or JSON, UIKit recursiveDescription text, \
            Xcode .viewhierarchy exports), estimates the offscreen passes each layer costs per \
            frame, and says how to remove them.
            """,
            examples: [
                "layerlint lint fixtures/                 lint every dump in a folder",
                "layerlint lint Snapshots/Feed.yaml --reporter json",
                "layerlint explain shadow-without-path    what a rule checks, why, and how to fix it",
                "layerlint convert Feed.json --to yaml    rewrite a dump as v1 YAML (or JSON)",
            ]),
        version: LayerLintVersion.current,
        subcommands: [Lint.self, Diff.self, Convert.self, Config.self, Rules.self, Explain.self],
        defaultSubcommand: nil
    )

    /// ArgumentParser's own `main`, except that a usage error (an unknown option, a bad
    /// value, a missing argument, a failed validation) exits with 2, as every other run
    /// that could not do what was asked, instead of EX_USAGE (64). `--help` and
    /// `--version` still exit 0.
    static func main() {
        // A million-layer lint frees its rule walk's chunks of findings (on the walking
        // threads) and then allocates as much again: blocks that large must go back to the
        // system when freed, or the peak holds the findings twice.
        layerlint_heap_return_large_blocks()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            // Help, version and an explicit `ExitCode` keep ArgumentParser's handling.
            if code == .success || error is ExitCode { exit(withError: error) }
            StandardError.write(fullMessage(for: error) + "\n")
            StandardOutput.finish(status: ExitStatus.couldNotRun)
        }
    }
}

/// The exit statuses of every command (docs/reliability.md, "Outputs and the exit-code contract").
enum ExitStatus {
    static let couldNotRun: Int32 = 2

    static let contract = """
        Exit status (every command): 0 when the run did what was asked and found nothing \
        that fails it; 1 when a finding reaches --fail-on or a budget is exceeded (lint, \
        diff); 2 when the run could not do what was asked: a wrong command line, an input, \
        configuration or baseline that cannot be read, a report that cannot be written, an \
        output that is one of the inputs, or a configuration that leaves nothing to lint.
        """
}
