import Foundation
import PackagePlugin

/// Embeds every `rules/*.yml` of the package into the target as Swift string literals, so
/// the catalog is part of the binary and adding a rule file is enough to ship it.
@main
struct EmbedRuleCatalog: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let rules = context.package.directoryURL.appending(path: "rules")
        let files = try FileManager.default.contentsOfDirectory(at: rules, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "yml" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedRuleCatalog.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) rule catalog files",
                executable: try context.tool(named: "RuleCatalogEmbedder").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }
}
