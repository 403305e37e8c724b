import Foundation

/// Paths as configuration patterns, baselines and diffs see them: relative to the folder
/// of the file that names them, so the same dump has the same name whichever folder the
/// command runs from.
public enum RelativePath {
    /// `path` relative to `directory`, `/`-separated, with `..` segments when it lies
    /// outside. Both are made absolute against the current folder and their symbolic
    /// links resolved, so `/tmp/x` and `/private/tmp/x` (macOS) agree.
    /// Standard input (`-`) is `<stdin>`.
    public static func of(_ path: String, from directory: String) -> String {
        if path == "-" { return "<stdin>" }
        let target = absoluteComponents(path)
        let base = absoluteComponents(directory)
        var common = 0
        while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
        let up = Array(repeating: "..", count: base.count - common)
        let parts = up + target[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    private static func absoluteComponents(_ path: String) -> [String] {
        let url = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
        return url.path.split(separator: "/").map(String.init)
    }
}
