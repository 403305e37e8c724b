import Foundation
import PackagePlugin

/// Lints the layer-tree dumps kept in a target's folder on every build of that target:
/// `*.layers.yml`, `*.layers.yaml`, `*.layers.json` and `__Snapshots__` folders, with the
/// package's `.layerlint.yml`. Findings are compiler-style lines that Xcode and editors show
/// at the dump's line, and the build fails as a compiler's does: exactly when one of them
/// is an error (`--fail-on error`: a rule set to severity error, a budget exceeded, a
/// broken dump); warnings only warn.
///
/// It runs the release's prebuilt binary, so adding it to a target compiles nothing of
/// LayerLint.
@main
struct LayerLintBuildTool: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let dumps = Self.dumps(in: target.directoryURL)
        // No dumps, no command: a target without them costs nothing on each build.
        guard !dumps.isEmpty else { return [] }
        // The JSON report is the command's declared output: SwiftPM then reruns the lint only
        // when a dump changed, and prints the text report (a prebuild command's output would
        // show only when it fails).
        let report = context.pluginWorkDirectoryURL.appending(path: "layerlint.json")
        var arguments = ["lint", "--fail-on", "error", "--color", "never", "--reporter", "text", "--reporter", "json:\(report.path)"]
        let config = context.package.directoryURL.appending(path: ".layerlint.yml")
        var inputs = dumps.flatMap(Self.files)
        if FileManager.default.fileExists(atPath: config.path) {
            arguments += ["--config", config.path]
            inputs.append(config)
        }
        return [.buildCommand(
            displayName: "LayerLint: \(dumps.count) dump path\(dumps.count == 1 ? "" : "s") in \(target.name)",
            executable: try context.tool(named: "layerlint").url,
            arguments: arguments + dumps.map(\.path),
            inputFiles: inputs,
            outputFiles: [report]
        )]
    }

    /// The files a dump path stands for: itself, or every file in a `__Snapshots__` folder.
    static func files(_ url: URL) -> [URL] {
        guard url.lastPathComponent == "__Snapshots__",
              let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey]) else { return [url] }
        return walker.compactMap { $0 as? URL }.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    }

    /// The dump files and `__Snapshots__` folders under `folder`; hidden folders are skipped.
    static func dumps(in folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey],
                                                          options: .skipsHiddenFiles) else { return [] }
        var found: [URL] = []
        while let url = walker.nextObject() as? URL {
            let name = url.lastPathComponent
            if name == "__Snapshots__" { found.append(url); walker.skipDescendants(); continue }
            if [".layers.yml", ".layers.yaml", ".layers.json"].contains(where: { name.hasSuffix($0) }) { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }
}
