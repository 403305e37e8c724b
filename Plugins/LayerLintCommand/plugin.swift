import Foundation
import PackagePlugin

/// `swift package layerlint [options] [paths]`: lints the package's layer-tree dumps with
/// the plugin's `layerlint` tool, so a team needs nothing installed but Swift. Two packages
/// share this source: LayerLint's own, where the tool is built from source, and the plugins
/// package (BinaryPlugins/), where it is the release's prebuilt binary.
///
/// The plugin only reads the package. Reports go where `--reporter FORMAT:PATH` says;
/// writing one inside the package needs `swift package --allow-writing-to-package-directory
/// layerlint …` (SwiftPM's sandbox on macOS), which is why no write permission is declared:
/// a plain lint never asks for one. Output is the tool's own, and so is the exit status
/// (0, 1 or 2), so CI can gate on `swift package layerlint` as on `layerlint lint`.
@main
struct LayerLintCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "layerlint").url
        let root = context.package.directoryURL
        // `swift package layerlint diff OLD NEW` (and rules, explain, config, convert) run as written.
        if let first = arguments.first, PluginArguments.otherCommands.contains(first) {
            exit(run(tool, arguments, in: root))
        }
        var split = PluginArguments(arguments.first == "lint" ? Array(arguments.dropFirst()) : arguments)
        // Help and version need no dumps.
        if split.options.contains("--version") { exit(run(tool, ["--version"], in: root)) }
        if split.options.contains(where: { $0 == "--help" || $0 == "-h" }) { exit(run(tool, ["lint", "--help"], in: root)) }
        if split.paths.isEmpty {
            let configured = configuredInclude(tool: tool, root: root, options: split.configOptions)
            split.paths = configured.map { DumpDiscovery.roots(of: $0, in: root) } ?? DumpDiscovery.defaultInputs(in: root)
            if split.paths.isEmpty {
                Diagnostics.error("""
                    layerlint: no dumps found in \(root.path): by default the plugin lints \
                    \(DumpDiscovery.defaultDescription); name the paths (swift package layerlint Snapshots/) \
                    or set `include:` in .layerlint.yml
                    """)
                exit(2)
            }
        }
        exit(run(tool, ["lint"] + split.options + split.paths, in: root))
    }

    /// The `include` patterns of the effective configuration when they say more than "every
    /// file" (`**`), read from `layerlint config --print`, whose output is canonical YAML:
    /// the plugin never parses a user's file itself.
    private func configuredInclude(tool: URL, root: URL, options: [String]) -> (patterns: [String], folder: String)? {
        let process = Process()
        process.executableURL = tool
        process.arguments = ["config", "--print"] + options
        process.currentDirectoryURL = root
        let out = Pipe()
        process.standardOutput = out
        guard (try? process.run()) != nil else { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // A broken configuration is reported by the lint itself, with its line and column.
        guard process.terminationStatus == 0 else { return nil }
        let configured = DumpDiscovery.includePatterns(inPrintedConfiguration: String(decoding: data, as: UTF8.self))
        return configured?.patterns == ["**"] ? nil : configured
    }

    /// Runs the tool with the package as the working directory (so `.layerlint.yml` is
    /// found there and reports name paths relative to it), sharing this process's output.
    private func run(_ tool: URL, _ arguments: [String], in directory: URL) -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        do { try process.run() } catch {
            Diagnostics.error("layerlint: cannot run \(tool.path): \(error)")
            return 2
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
