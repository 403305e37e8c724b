#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import LayerDecode
import LayerImport

/// The dumps in one folder named on the command line, and what the walk left out.
///
/// The folder comes from a pull request as often as from the user, so the walk reads only
/// what lies inside it: a symbolic link whose real path leads out of the folder (to
/// `~/.ssh`, `/etc`) is never followed, to a file or a folder; a link inside it is, and
/// each real folder is walked once, so a link loop ends. Only regular files are read: a
/// FIFO, socket or device named `*.yml` would block the run or never end.
struct FolderWalk {
    var files: [InputFile] = []
    /// Symbolic links skipped because their real path is outside the root.
    var linksOut = 0
    /// Entries named like dumps that are not regular files (FIFOs, sockets, devices).
    var specialFiles = 0

    /// Walks `root` (a folder) depth first with an explicit stack; files come out sorted
    /// by path. `format` forces one reader for every file found.
    init(root: String, format: DumpSyntax?) {
        let base = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
        guard let rootReal = Self.realPath(base) else { return }
        var visited: Set<String> = [rootReal]
        var stack = [base]
        while let folder = stack.popLast() {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names {
                let path = folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                var real = path
                if info.st_mode & S_IFMT == S_IFLNK {
                    // A dangling link leads nowhere: nothing to read, nothing to say.
                    guard let target = Self.realPath(path), stat(target, &info) == 0 else { continue }
                    guard Self.isInside(target, rootReal) else { linksOut += 1; continue }
                    real = target
                }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    // An Xcode export is a folder but one input.
                    if DumpDetection.fileExtension(name) == "viewhierarchy" {
                        files.append(InputFile(path: path, syntax: format ?? .xcodeViewHierarchy))
                    } else if visited.insert(Self.realPath(real) ?? real).inserted {
                        stack.append(path)
                    }
                case S_IFREG:
                    if let syntax = DumpDetection.syntax(ofFileAt: path) { files.append(InputFile(path: path, syntax: format ?? syntax)) }
                default:
                    if DumpDetection.byExtension[DumpDetection.fileExtension(name)] != nil || DumpDetection.fileExtension(name) == "txt" {
                        specialFiles += 1
                    }
                }
            }
        }
        files.sort { $0.path < $1.path }
    }

    /// The notes for what was skipped, one per kind, naming the folder.
    func notes(root: String) -> [String] {
        var notes: [String] = []
        if linksOut > 0 {
            notes.append("skipped \(linksOut) symbolic link\(linksOut == 1 ? "" : "s") that lead\(linksOut == 1 ? "s" : "") out of \(root) (not followed, not read)")
        }
        if specialFiles > 0 {
            notes.append("skipped \(specialFiles) file\(specialFiles == 1 ? "" : "s") in \(root) that \(specialFiles == 1 ? "is" : "are") not a regular file (a FIFO, socket or device); name one on the command line to read it like standard input")
        }
        return notes
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
    }
}
