import Foundation

/// Tells LayerLint's own outputs from dumps by their first bytes, so a report or baseline
/// written inside a folder that is linted is not read back as a dump on the next run.
/// Only the formats a folder walk would otherwise read are recognised: JSON (`.json`,
/// also a `.yml` holding JSON), YAML and XML text. A dump starts with a mapping whose
/// keys are `layerlint`, `root`, `screen` and the other header keys, never these.
public enum OwnReportDetection {
    /// What kind of LayerLint output the file at `path` is, nil for anything else (and
    /// for anything that is not a regular file, which is opened without waiting, so a
    /// FIFO never blocks the walk). Reads at most 4 KiB.
    public static func kind(ofFileAt path: String) -> String? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var s = stat()
        guard fstat(fd, &s) == 0, s.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: 4096)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            count += n
        }
        return kind(ofContent: Array(bytes.prefix(count)))
    }

    public static func kind(ofContent bytes: [UInt8]) -> String? {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        if trimmed.hasPrefix("<?xml") || trimmed.hasPrefix("<testsuites") || trimmed.hasPrefix("<checkstyle") {
            if trimmed.contains("<testsuites name=\"LayerLint\"") { return "a LayerLint JUnit report" }
            if trimmed.contains("<checkstyle") { return "a Checkstyle report" }
            if trimmed.contains("<testsuites") { return "a JUnit report" }
            return nil
        }
        if trimmed.hasPrefix("{") { return jsonKind(String(trimmed)) }
        if trimmed.hasPrefix("# LayerLint baseline:") { return "a LayerLint baseline" }
        // A baseline without its comment: top-level `version` and `findings`, no `root`.
        let lines = text.split(separator: "\n").map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        if lines.contains(where: { $0.hasPrefix("findings:") }) && lines.contains(where: { $0.hasPrefix("version:") })
            && !lines.contains(where: { $0.hasPrefix("root:") }) {
            return "a LayerLint baseline"
        }
        return nil
    }

    /// The JSON reporter starts `{"version":1,"kind":"lint"` (or `"diff"`), SARIF names its
    /// schema first, reviewdog lines name `layerlint` as their source. Keys are matched
    /// with any spacing, as a reformatted report has them.
    private static func jsonKind(_ text: String) -> String? {
        let flat = compact(text)
        if flat.hasPrefix("{\"version\":1,\"kind\":\"lint\"") || flat.hasPrefix("{\"version\":1,\"kind\":\"diff\"") {
            return "a LayerLint JSON report"
        }
        if flat.hasPrefix("{\"$schema\":") && flat.contains("sarif") || flat.contains("\"version\":\"2.1.0\",\"runs\":[") {
            return "a SARIF log"
        }
        // One diagnostic per line: its line names the source.
        let firstLine = compact(String(text.prefix { $0 != "\n" }))
        if firstLine.hasPrefix("{\"message\":") && firstLine.contains("\"source\":{\"name\":\"layerlint\"") {
            return "a LayerLint reviewdog report"
        }
        return nil
    }

    /// The text without blanks (none of the keys matched holds one).
    private static func compact(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != " " && $0 != "\n" && $0 != "\r" && $0 != "\t" }))
    }
}

extension InputError {
    /// An input problem found outside the folder walk (a folder that holds only reports).
    public static func about(_ path: String, _ message: String) -> InputError { InputError(path: path, message: message) }
}
