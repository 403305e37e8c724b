import Foundation

/// Paths as configuration patterns see them.
public enum RelativePath {
    /// `path` relative to `directory`, `/`-separated, with `..` segments when it lies
    /// outside. Both are made absolute against the current folder and their symbolic
    /// links resolved, so `/tmp/x` and `/private/tmp/x` (macOS) agree.
    public static func of(_ path: String, from directory: String) -> String {
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
