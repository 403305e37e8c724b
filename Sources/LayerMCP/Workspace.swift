import Foundation
import LayerLintKit

/// What every tool call shares: the roots, the project's configuration (read once, from
/// the first root upward, as the command line reads it from its working directory) and
/// the linter it sets up.
public struct Workspace: Sendable {
    public let roots: Roots
    public let configuration: Configuration
    public let configurationPath: String?
    let linter: Linter
    /// include, exclude and suppression patterns are relative to the configuration's folder.
    let patternFolder: String

    /// The most an inline dump may hold, in UTF-8 bytes (docs/mcp.md, Limits): far above
    /// any dump a model would paste, far below the command line's 256 MiB for standard input.
    public static let inlineDumpBytes = 16 << 20

    public init(roots: Roots, configurationPath: String?) throws(ConfigurationError) {
        self.roots = roots
        self.configurationPath = configurationPath
        configuration = try configurationPath.map { path throws(ConfigurationError) in try ConfigurationLoader.load(path: path) }
            ?? Configuration()
        linter = Linter(configuration: configuration)
        patternFolder = configurationPath.map(ConfigurationLoader.directory(of:)) ?? roots.first
    }

    /// The configuration that governs the first root, as the command line finds it.
    public static func discover(roots: Roots) throws(ConfigurationError) -> Workspace {
        try Workspace(roots: roots, configurationPath: ConfigurationLoader.find(startingAt: roots.first))
    }

    /// Lints files and folders under the roots. A path that is refused fails the whole
    /// call before anything is read; a file that cannot be read is that file's error.
    func lint(paths: [String], syntax: DumpSyntax?) throws(ToolFailure) -> [FileReport] {
        guard !paths.isEmpty else { throw ToolFailure("`paths` is empty: name at least one file or folder, or pass `dump`") }
        guard paths.count <= 100 else { throw ToolFailure("`paths` names \(paths.count) entries; at most 100 (name their folder instead)") }
        var resolved: [String] = []
        for path in paths {
            do { resolved.append(try roots.resolve(path)) } catch { throw ToolFailure(error.message) }
        }
        for (path, real) in zip(paths, resolved) where !Self.isRegularFileOrFolder(real) {
            // A FIFO or device would hold the call until someone writes to it.
            throw ToolFailure("\(Roots.quoted(path)) is neither a regular file nor a folder; it is not read")
        }
        var reports: [FileReport] = []
        for real in resolved {
            let isFolder = InputFiles.isFolder(real)
            let found = InputFiles.find([real], format: syntax)
            for e in found.errors { reports.append(FileReport(path: roots.display(e.path), error: InputMessage(severity: "error", message: e.message, line: 0, column: 0))) }
            for file in found.files {
                guard let real = Roots.realPath(file.path), roots.contains(real) else { continue }
                if isFolder {
                    // As the command line walks a folder: the settings file is no dump, and
                    // include/exclude choose among the dumps found.
                    if ConfigurationLoader.fileNames.contains((file.path as NSString).lastPathComponent) { continue }
                    if !configuration.includes(relativePath: RelativePath.of(file.path, from: patternFolder)) { continue }
                    if file.syntax != .xcodeViewHierarchy, OwnReportDetection.kind(ofFileAt: file.path) != nil { continue }
                }
                var report = linter.lint(InputFile(path: real, syntax: file.syntax, isForced: file.isForced))
                report = configuration.apply(to: report, relativePath: RelativePath.of(real, from: patternFolder))
                report.path = roots.display(real)
                reports.append(report)
            }
        }
        return reports
    }

    static func isRegularFileOrFolder(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind == S_IFREG || kind == S_IFDIR
    }

    /// Lints a dump given in the call. Its size is checked before it is read.
    func lint(dump: [UInt8], syntax: DumpSyntax?, name: String = "dump") throws(ToolFailure) -> FileReport {
        guard dump.count <= Self.inlineDumpBytes else {
            throw ToolFailure("the inline dump is \(dump.count) bytes, over the limit of \(Self.inlineDumpBytes) bytes (16 MiB); save it under a root and pass its path")
        }
        guard syntax != .xcodeViewHierarchy else {
            throw ToolFailure("an Xcode .viewhierarchy export is a folder: save it under a root and pass its path")
        }
        let chosen = syntax ?? DumpDetection.syntax(ofContent: Array(dump.prefix(4096)))
        var report = dump.withUnsafeBytes { linter.lint(bytes: $0, path: name, syntax: chosen) }
        report = configuration.apply(to: report, relativePath: name)
        return report
    }
}

/// A tool call that cannot be answered: sent as a tool result with `isError`, its message
/// the reason, so that the model can correct the call.
struct ToolFailure: Error, Sendable {
    var message: String
    init(_ message: String) { self.message = message }
}
