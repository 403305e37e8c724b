import Foundation

/// The folders a client may read from, and the check every path of a tool call passes.
///
/// A path is refused before anything is read when, written out, it leaves every root
/// (absolute elsewhere, or `..`); and again when the file system resolves it, through
/// links, to somewhere outside. Only the resolved path is ever opened, so the file linted
/// is the file that was checked. A refusal names the path as the client wrote it and
/// nothing of what lies behind it.
public struct Roots: Sendable, Equatable {
    /// Each root resolved (links followed), without a trailing slash except for `/`.
    public let folders: [String]

    /// Resolves each folder; one that is missing or not a folder is an error.
    public init(_ folders: [String], workingDirectory: String = FileManager.default.currentDirectoryPath) throws(PathRefusal) {
        var resolved: [String] = []
        for folder in folders {
            let absolute = folder.hasPrefix("/") ? folder : workingDirectory + "/" + folder
            var isDirectory: ObjCBool = false
            guard let real = Self.realPath(absolute), FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory),
                  isDirectory.boolValue else {
                throw PathRefusal(message: "--root \(folder): no such folder")
            }
            resolved.append(real)
        }
        self.folders = resolved.isEmpty ? [Self.realPath(workingDirectory) ?? workingDirectory] : resolved
    }

    /// The first root: relative paths in tool calls are relative to it, whatever the
    /// server's working directory (clients start servers from anywhere).
    public var first: String { folders[0] }

    /// Where `path` leads, checked: its resolved absolute path, or why it is refused.
    public func resolve(_ path: String) throws(PathRefusal) -> String {
        guard !path.isEmpty, !path.contains("\0") else { throw PathRefusal(message: "an empty path, or one with a NUL byte, names no file") }
        let written = path.hasPrefix("/") ? path : first + "/" + path
        let lexical = URL(fileURLWithPath: written).standardizedFileURL.path
        guard contains(lexical) else {
            throw PathRefusal(message: "\(Self.quoted(path)) is outside every root (\(rootList)); only files under a root can be read")
        }
        guard let real = Self.realPath(lexical), FileManager.default.fileExists(atPath: real) else {
            throw PathRefusal(message: "\(Self.quoted(path)): no such file or folder under the roots")
        }
        guard contains(real) else {
            throw PathRefusal(message: "\(Self.quoted(path)) leads outside every root through a link (\(rootList)); it is not read")
        }
        return real
    }

    /// Whether the resolved path `real` lies in a root.
    public func contains(_ real: String) -> Bool {
        folders.contains { root in root == "/" || real == root || real.hasPrefix(root + "/") }
    }

    /// `real` as the client should see it: relative to the first root that holds it.
    public func display(_ real: String) -> String {
        for root in folders where real.hasPrefix(root + "/") { return String(real.dropFirst(root.count + 1)) }
        return real
    }

    var rootList: String { folders.map(Self.quoted).joined(separator: ", ") }

    static func quoted(_ s: String) -> String { "'" + Escaping.text(s, limit: 300) + "'" }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// A path a tool call may not read, or a root that does not exist.
public struct PathRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
