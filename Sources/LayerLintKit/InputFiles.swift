import Foundation
import LayerDecode

/// One input: a file path, or standard input (`-`).
public struct InputFile: Sendable, Hashable {
    public var path: String
    public var syntax: DumpSyntax
}

public struct InputError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path): \(message)" }
}

/// Finds the dumps named on the command line: files as given, folders searched
/// recursively for `.yaml`, `.yml` and `.json`, in a stable (sorted) order.
public enum InputFiles {
    public static let extensions: [String: DumpSyntax] = ["yaml": .yaml, "yml": .yaml, "json": .json]

    public static func expand(_ paths: [String]) -> (files: [InputFile], errors: [InputError]) {
        var files: [InputFile] = []
        var errors: [InputError] = []
        let fm = FileManager.default
        for path in paths {
            if path == "-" { files.append(InputFile(path: "-", syntax: .yaml)); continue }
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                errors.append(InputError(path: path, message: "no such file or folder"))
                continue
            }
            if !isDirectory.boolValue {
                files.append(InputFile(path: path, syntax: syntax(of: path) ?? .yaml))
                continue
            }
            guard let walker = fm.enumerator(atPath: path) else {
                errors.append(InputError(path: path, message: "cannot read the folder"))
                continue
            }
            var found: [String] = []
            while let entry = walker.nextObject() as? String {
                if syntax(of: entry) != nil { found.append(entry) }
            }
            if found.isEmpty { errors.append(InputError(path: path, message: "the folder holds no .yaml, .yml or .json files")) }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            for entry in found.sorted() {
                let full = base + "/" + entry
                files.append(InputFile(path: full, syntax: syntax(of: full)!))
            }
        }
        return (files, errors)
    }

    /// The dumps under `root` with their paths relative to it, for pairing two versions of
    /// a suite (`layerlint diff`). A file root is paired by its own name.
    public static func expandRelative(_ root: String) -> (files: [(relativePath: String, file: InputFile)], errors: [InputError]) {
        let (files, errors) = expand([root])
        let isFolder = isFolder(root)
        let base = root.hasSuffix("/") ? String(root.dropLast()) : root
        return (files.map { f in
            let relative = isFolder ? String(f.path.dropFirst(base.count + 1))
                : String(f.path.split(separator: "/").last ?? Substring(f.path))
            return (relative, f)
        }, errors)
    }

    /// Whether `path` names a folder (one that `expand` walks).
    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return path != "-" && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// By extension; a file with another extension is read as YAML (JSON is YAML's subset
    /// for everything a dump holds, and the YAML reader reports positions too).
    public static func syntax(of path: String) -> DumpSyntax? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        return extensions[path[path.index(after: dot)...].lowercased()]
    }
}
