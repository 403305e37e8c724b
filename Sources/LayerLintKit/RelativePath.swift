import Foundation

/// Paths as baselines and diffs store them: relative to a folder, `/`-separated, without
/// `.` or `..` segments where they can be resolved, so the same file gets the same name
/// whether the command ran from the repository root or from a subfolder.
public enum RelativePath {
    /// `path` (relative to the working directory, or absolute) expressed relative to `folder`.
    public static func of(_ path: String, relativeTo folder: String) -> String {
        if path == "-" { return "<stdin>" }
        let target = components(absolute(path))
        let base = components(absolute(folder))
        var shared = 0
        while shared < min(target.count, base.count) && target[shared] == base[shared] { shared += 1 }
        let up = Array(repeating: "..", count: base.count - shared)
        let rest = up + target[shared...].map(String.init)
        return rest.isEmpty ? "." : rest.joined(separator: "/")
    }

    /// Resolves `.` and `..` without touching the file system (symbolic links are kept as named).
    public static func normalized(_ path: String) -> String {
        let absolutePath = path.hasPrefix("/")
        var out: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            if segment == "." { continue }
            if segment == "..", let last = out.last, last != ".." { out.removeLast(); continue }
            if segment == "..", absolutePath { continue }
            out.append(segment)
        }
        let joined = out.joined(separator: "/")
        return absolutePath ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    static func absolute(_ path: String) -> String {
        normalized(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
    }

    private static func components(_ absolutePath: String) -> [Substring] {
        absolutePath.split(separator: "/", omittingEmptySubsequences: true)
    }
}
