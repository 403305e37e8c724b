import LayerDecode
import Foundation

/// Which reader a path needs, by its name and, where the name does not say, by its first
/// bytes: `.yaml`/`.yml` and `.json` by extension, a `.txt` only when it holds a UIKit
/// view description, a `.viewhierarchy` folder as one Xcode export.
public enum DumpDetection {
    public static let byExtension: [String: DumpSyntax] = ["yaml": .yaml, "yml": .yaml, "json": .json]

    /// What the file at `path` is; nil when it is not a dump LayerLint reads (a README
    /// beside the dumps, a `.txt` of other text). Reads at most a few kilobytes.
    public static func syntax(ofFileAt path: String) -> DumpSyntax? {
        let ext = fileExtension(path)
        if ext == "viewhierarchy" { return .xcodeViewHierarchy }
        if let known = byExtension[ext] { return known }
        guard ext == "txt" else { return nil }
        let start = prefix(of: path)
        // AppKit's text goes to the same importer, which says what it is and what to
        // export instead: skipping it in silence would hide a screen the user meant.
        return looksLikeViewDescription(start) || looksLikeAppKitSubtreeDescription(start) ? .recursiveDescription : nil
    }

    /// For a file named on the command line, which is read whatever its name: by
    /// extension, else by content (`{` or `[` JSON, `<` a view description, else YAML).
    public static func syntax(ofNamedFile path: String) -> DumpSyntax {
        if let known = syntax(ofFileAt: path) { return known }
        return syntax(ofContent: prefix(of: path))
    }

    /// By the first bytes alone, as for standard input.
    public static func syntax(ofContent bytes: [UInt8]) -> DumpSyntax {
        if looksLikeViewDescription(bytes) || looksLikeAppKitSubtreeDescription(bytes) { return .recursiveDescription }
        let first = bytes.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[") ? .json : .yaml
    }

    /// The first non-blank line is `<SomeView…` (after any `   | ` indentation): UIKit's
    /// `recursiveDescription`. A YAML or JSON dump cannot start with `<`.
    public static func looksLikeViewDescription(_ bytes: [UInt8]) -> Bool {
        var i = bytes.startIndex
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i += 3 }
        while i < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "|")].contains(bytes[i]) { i += 1 }
        guard i + 1 < bytes.endIndex, bytes[i] == UInt8(ascii: "<") else { return false }
        let next = bytes[i + 1]
        return next == UInt8(ascii: "_") || (next | 0x20) >= UInt8(ascii: "a") && (next | 0x20) <= UInt8(ascii: "z")
    }

    /// The first non-blank line is AppKit's `-[NSView _subtreeDescription]`:
    /// `[ A  ] h=--- v=--- NSView 0x… f=(0,0,480,270) …`, a bracketed flag column, then
    /// the autoresizing flags. No YAML or JSON dump starts with `[` followed by ` h=`.
    public static func looksLikeAppKitSubtreeDescription<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var line: [UInt8] = []
        for b in bytes.drop(while: { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }) {
            if b == 0x0A || line.count == 512 { break }
            line.append(b)
        }
        guard line.first == UInt8(ascii: "["), let close = line.firstIndex(of: UInt8(ascii: "]")) else { return false }
        let rest = String(decoding: line[(close + 1)...], as: UTF8.self)
        return rest.hasPrefix(" h=") && rest.contains(" v=") && rest.contains(" f=(")
    }

    public static func fileExtension(_ path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "" }
        return path[path.index(after: dot)...].lowercased()
    }

    /// The first bytes of a regular file; nothing of anything else. Opening a FIFO would
    /// wait for a writer, and reading it would take bytes its reader needs, so a FIFO
    /// named on the command line is told by its name, else read as standard input is.
    private static func prefix(of path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return [] }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return Array(bytes.prefix(max(count, 0)))
    }
}
