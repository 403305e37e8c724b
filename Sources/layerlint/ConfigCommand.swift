import ArgumentParser
import Foundation
import LayerLintKit

struct Config: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the effective configuration.",
        discussion: HelpReference.discussion("""
        The configuration is the first .layerlint.yml (or .layerlint.yaml) from the working \
        directory upward, or the file --config names; docs/configuration.md describes every \
        key. --print writes every setting, defaults included, as YAML that LayerLint reads \
        back, so its output is a complete starting point for a new .layerlint.yml.

        Exit status: 0 when the configuration was printed; 2 when it cannot be read or \
        the command line is wrong.
        """, examples: [
            "layerlint config --print > .layerlint.yml   every default, to start from",
            "layerlint config --print --config ci/.layerlint.yml",
        ])
    )

    @Flag(name: .customLong("print"), help: "Print the effective configuration as YAML.")
    var printConfiguration = false

    @Option(help: ArgumentHelp("The configuration file (default: the first .layerlint.yml from the working directory upward).", valueName: "path"))
    var config: String?

    @Flag(name: .customLong("no-config"), help: "Show the defaults, ignoring any .layerlint.yml.")
    var noConfig = false

    func validate() throws {
        if !printConfiguration { throw ValidationError("say what to do: --print") }
        if config != nil && noConfig { throw ValidationError("--config and --no-config cannot be used together") }
    }

    func run() throws {
        var options = try ReportOptions.parse([])
        options.config = config
        options.noConfig = noConfig
        let setup = RunSetup.load(options)
        let source = setup.configurationPath.map { "# Read from \($0).\n" }
            ?? "# No .layerlint.yml was found from here upward: these are the defaults.\n"
        StandardOutput.write(Array((source + setup.configuration.yamlText).utf8))
        StandardOutput.finish(status: 0)
    }
}
