import Foundation

/// Where the plugin looks for dumps when the user names no path. Paths come back relative
/// to the package's folder, the tool's working directory, so reports read like a lint run
/// from there. Hidden folders (`.build`, `.git`, `.swiftpm`) are never searched.
enum DumpDiscovery {
    static let defaultDescription = "**/*.layers.yml, **/*.layers.yaml, **/*.layers.json and every __Snapshots__ folder"

    /// The default inputs: dumps named `*.layers.yml|yaml|json` and swift-snapshot-testing's
    /// `__Snapshots__` folders (linted whole: the tool picks the dumps out of them).
    static func defaultInputs(in root: URL) -> [String] {
        var found: [String] = []
        walk(root) { url, isDirectory in
            let name = url.lastPathComponent
            if isDirectory {
                if name == "__Snapshots__" { found.append(relative(url, to: root)); return false }
                return true
            }
            if [".layers.yml", ".layers.yaml", ".layers.json"].contains(where: { name.hasSuffix($0) }) {
                found.append(relative(url, to: root))
            }
            return false
        }
        return found.sorted()
    }

    /// The folders (or files) to hand the tool for configured `include` patterns: each
    /// pattern's literal leading folders. The tool then applies `include` and `exclude` to
    /// what it finds there, exactly as for `layerlint lint FOLDER`. A pattern that starts
    /// with a wildcard searches every visible top-level folder holding a YAML or JSON file.
    static func roots(of configured: (patterns: [String], folder: String), in root: URL) -> [String] {
        // The configuration's folder: printed as an absolute path, or "." for the package's.
        let base = configured.folder.hasPrefix("/") ? URL(fileURLWithPath: configured.folder) : root.appending(path: configured.folder)
        var roots: Set<String> = []
        for pattern in configured.patterns {
            let segments = pattern.split(separator: "/").map(String.init)
            let literal = segments.prefix { !$0.contains(where: { "*?[{".contains($0) }) }
            if literal.isEmpty {
                let entries = (try? FileManager.default.contentsOfDirectory(at: base, includingPropertiesForKeys: [.isDirectoryKey],
                                                                            options: .skipsHiddenFiles)) ?? []
                for entry in entries where isDirectory(entry) && holdsDumpLikeFile(entry) {
                    roots.insert(relative(entry, to: root))
                }
            } else {
                let url = base.appending(path: literal.joined(separator: "/"))
                if FileManager.default.fileExists(atPath: url.path) { roots.insert(relative(url, to: root)) }
            }
        }
        // A folder inside another root would be linted twice.
        return roots.filter { r in !roots.contains { $0 != r && r.hasPrefix($0 + "/") } }.sorted()
    }

    /// `include: ["a", "b"]` as `layerlint config --print` writes it, and the folder the
    /// patterns are relative to (that of the file it says it read, or the package's).
    static func includePatterns(inPrintedConfiguration text: String) -> (patterns: [String], folder: String)? {
        var folder = "."
        var patterns: [String]?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# Read from "), line.hasSuffix(".") {
                let path = String(line.dropFirst("# Read from ".count).dropLast())
                folder = (path as NSString).deletingLastPathComponent
                if folder.isEmpty { folder = "." }
            }
            if line.hasPrefix("include: [") { patterns = quotedStrings(in: line.dropFirst("include: ".count)) }
        }
        return patterns.map { ($0, folder) }
    }

    /// The double-quoted strings of a flow list, with `\"` and `\\` unescaped.
    static func quotedStrings(in text: Substring) -> [String] {
        var result: [String] = []
        var current: String?
        var escaped = false
        for c in text {
            guard current != nil else { if c == "\"" { current = "" }; continue }
            if escaped { current!.append(c); escaped = false } else if c == "\\" { escaped = true } else if c == "\"" {
                result.append(current!); current = nil
            } else { current!.append(c) }
        }
        return result
    }

    /// Visits every visible file and folder below `root`; `visit` says whether to go into a folder.
    private static func walk(_ root: URL, _ visit: (URL, Bool) -> Bool) {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey],
                                                          options: .skipsHiddenFiles) else { return }
        while let url = walker.nextObject() as? URL {
            let folder = isDirectory(url)
            if !visit(url, folder) && folder { walker.skipDescendants() }
        }
    }

    private static func holdsDumpLikeFile(_ folder: URL) -> Bool {
        var found = false
        walk(folder) { url, isFolder in
            if !isFolder && ["yml", "yaml", "json"].contains(url.pathExtension) { found = true }
            if isFolder && url.pathExtension == "viewhierarchy" { found = true; return false }
            return !found
        }
        return found
    }

    private static func isDirectory(_ url: URL) -> Bool {
        (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
    }

    private static func relative(_ url: URL, to root: URL) -> String {
        let full = url.standardizedFileURL.path, base = root.standardizedFileURL.path
        return full.hasPrefix(base + "/") ? String(full.dropFirst(base.count + 1)) : full
    }
}
