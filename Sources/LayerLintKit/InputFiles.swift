import Foundation
import LayerDecode

/// One input: a file path, or standard input (`-`).
public struct InputFile: Sendable, Hashable {
    public var path: String
    public var syntax: DumpSyntax
    /// Read as `syntax` whatever the content says (`--input-format`); otherwise standard
    /// input is told by its first bytes.
    public var isForced = false
    public init(path: String, syntax: DumpSyntax, isForced: Bool = false) {
        self.path = path; self.syntax = syntax; self.isForced = isForced
    }
}

public struct InputError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path): \(message)" }
}

/// Finds the dumps named on the command line: files as given, folders searched
/// recursively for dumps (`DumpDetection`), in a stable (sorted) order.
public enum InputFiles {
    /// `format` reads every input with one reader (`--input-format`); nil detects each.
    public static func expand(_ paths: [String], format: DumpSyntax? = nil) -> (files: [InputFile], errors: [InputError]) {
        var files: [InputFile] = []
        var errors: [InputError] = []
        let fm = FileManager.default
        for path in paths {
            if path == "-" { files.append(InputFile(path: "-", syntax: format ?? .yaml, isForced: format != nil)); continue }
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                errors.append(InputError(path: path, message: "no such file or folder"))
                continue
            }
            // An Xcode export is a folder, but one input.
            if !isDirectory.boolValue || DumpDetection.fileExtension(path) == "viewhierarchy" {
                files.append(InputFile(path: path, syntax: format ?? DumpDetection.syntax(ofNamedFile: path)))
                continue
            }
            guard let walker = fm.enumerator(atPath: path) else {
                errors.append(InputError(path: path, message: "cannot read the folder"))
                continue
            }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            var found: [InputFile] = []
            while let entry = walker.nextObject() as? String {
                let full = base + "/" + entry
                if DumpDetection.fileExtension(entry) == "viewhierarchy" { walker.skipDescendants() }
                if let syntax = DumpDetection.syntax(ofFileAt: full) { found.append(InputFile(path: full, syntax: format ?? syntax)) }
            }
            if found.isEmpty {
                errors.append(InputError(path: path, message: "the folder holds no dumps (.yaml, .yml, .json, .viewhierarchy, or .txt with a UIKit recursiveDescription)"))
            }
            files += found.sorted { $0.path < $1.path }
        }
        return (files, errors)
    }

    /// The dumps under `root` with their paths relative to it, for pairing two versions of
    /// a suite (`layerlint diff`). A file root is paired by its own name.
    public static func expandRelative(_ root: String, format: DumpSyntax? = nil) -> (files: [(relativePath: String, file: InputFile)], errors: [InputError]) {
        let (files, errors) = expand([root], format: format)
        let isFolder = isFolder(root)
        let base = root.hasSuffix("/") ? String(root.dropLast()) : root
        return (files.map { f in
            let relative = isFolder ? String(f.path.dropFirst(base.count + 1))
                : String(f.path.split(separator: "/").last ?? Substring(f.path))
            return (relative, f)
        }, errors)
    }

    /// Whether `path` names a folder that `expand` walks (an Xcode export is one input).
    public static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return path != "-" && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            && DumpDetection.fileExtension(path) != "viewhierarchy"
    }
}
