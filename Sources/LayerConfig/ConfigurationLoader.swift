import Foundation
import LayerRules

/// Finds, reads and checks `.layerlint.yml` files.
public enum ConfigurationLoader {
    /// The names a configuration file may have, in the order they are looked for.
    public static let fileNames = [".layerlint.yml", ".layerlint.yaml"]

    /// The configuration in `text`; `file` names it in errors. An empty text (or one of
    /// comments only) is the default configuration.
    public static func parse(_ text: String, file: String, catalog: RuleCatalog = .embedded) throws(ConfigurationError) -> Configuration {
        try ConfigurationParser(reader: YAMLFieldReader(file: file), catalog: catalog).parse(text)
    }

    /// The configuration in the file at `path`.
    public static func load(path: String, catalog: RuleCatalog = .embedded) throws(ConfigurationError) -> Configuration {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ConfigurationError(file: path, line: 1, column: 1, message: "cannot read the configuration: \(error.localizedDescription)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError(file: path, line: 1, column: 1, message: "the configuration is not UTF-8 text")
        }
        return try parse(text, file: path, catalog: catalog)
    }

    /// The configuration file that governs `directory`: the first folder from it up to
    /// the filesystem root that holds `.layerlint.yml` or `.layerlint.yaml`. Nil when
    /// none does. A folder holding both is an error: which one counts would be a guess.
    public static func find(startingAt directory: String) throws(ConfigurationError) -> String? {
        let fm = FileManager.default
        var folder = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        while true {
            let found = fileNames.map { folder.appendingPathComponent($0).path }.filter { path in
                var isDirectory: ObjCBool = false
                return fm.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
            if found.count > 1 {
                throw ConfigurationError(file: found[1], line: 1, column: 1,
                                         message: "both \(fileNames.joined(separator: " and ")) are in this folder; keep one")
            }
            if let path = found.first { return path }
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if folder.path == "/" || parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// The folder of the configuration file at `path`: include, exclude and `files`
    /// patterns are relative to it.
    public static func directory(of path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
    }
}
