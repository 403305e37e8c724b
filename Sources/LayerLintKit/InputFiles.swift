import Foundation
import LayerDecode
import LayerImport

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

/// What expanding the command line's paths found: the inputs, the paths that could not be
/// read, and notes on what folder walks skipped on purpose (FolderWalk), for standard error.
public struct InputExpansion: Sendable {
    public var files: [InputFile] = []
    public var errors: [InputError] = []
    public var notes: [String] = []
    public init(files: [InputFile] = [], errors: [InputError] = [], notes: [String] = []) {
        self.files = files; self.errors = errors; self.notes = notes
    }
}

/// Finds the dumps named on the command line: files as given, folders searched
/// recursively for dumps (`DumpDetection`, `FolderWalk`), in a stable (sorted) order.
public enum InputFiles {
    /// `format` reads every input with one reader (`--input-format`); nil detects each.
    public static func expand(_ paths: [String], format: DumpSyntax? = nil) -> (files: [InputFile], errors: [InputError]) {
        let found = find(paths, format: format)
        return (found.files, found.errors)
    }

    /// Like `expand`, with the notes on what folder walks skipped.
    public static func find(_ paths: [String], format: DumpSyntax? = nil) -> InputExpansion {
        var found = InputExpansion()
        let fm = FileManager.default
        for path in paths {
            if path == "-" { found.files.append(InputFile(path: "-", syntax: format ?? .yaml, isForced: format != nil)); continue }
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                found.errors.append(InputError(path: path, message: "no such file or folder"))
                continue
            }
            // An Xcode export is a folder, but one input.
            if !isDirectory.boolValue || DumpDetection.fileExtension(path) == "viewhierarchy" {
                found.files.append(InputFile(path: path, syntax: format ?? DumpDetection.syntax(ofNamedFile: path)))
                continue
            }
            guard fm.isReadableFile(atPath: path) else {
                found.errors.append(InputError(path: path, message: "cannot read the folder"))
                continue
            }
            let walk = FolderWalk(root: path, format: format)
            found.notes += walk.notes(root: path)
            if walk.files.isEmpty {
                found.errors.append(InputError(path: path, message: "the folder holds no dumps (.yaml, .yml, .json, .viewhierarchy, or .txt with a UIKit recursiveDescription)"))
            }
            found.files += walk.files
        }
        return found
    }

    /// The dumps under `root` with their paths relative to it, for pairing two versions of
    /// a suite (`layerlint diff`). A file root is paired by its own name.
    public static func expandRelative(_ root: String, format: DumpSyntax? = nil)
        -> (files: [(relativePath: String, file: InputFile)], errors: [InputError], notes: [String]) {
        let found = find([root], format: format)
        let files = found.files
        let isFolder = isFolder(root)
        let base = root.hasSuffix("/") ? String(root.dropLast()) : root
        return (files.map { f in
            let relative = isFolder ? String(f.path.dropFirst(base.count + 1))
                : String(f.path.split(separator: "/").last ?? Substring(f.path))
            return (relative, f)
        }, found.errors, found.notes)
    }

    /// Whether `path` names a folder that `expand` walks (an Xcode export is one input).
    public static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return path != "-" && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            && DumpDetection.fileExtension(path) != "viewhierarchy"
    }
}
