import LayerRules

/// GitLab's Code Quality report (`artifacts:reports:codequality`): a JSON array of issues,
/// each with `description`, `check_name`, `fingerprint`, `severity` and
/// `location.path` + `location.lines.begin`, the fields GitLab documents as required
/// (https://docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format). The
/// merge request widget compares the report with the target branch's by fingerprint.
///
/// One issue per finding and per budget violation (GitLab sets no cap on their number),
/// and one per input error or warning, so an unreadable dump is not a clean one.
///
/// Fingerprints: the SARIF fingerprint (rule, screen, layer path and its occurrence,
/// never the line) hashed with the file's path, so they are stable across runs and
/// reformatting and differ between files; a hash seen before in the report is hashed
/// again until it is new, so they are unique within a report.
///
/// Severity: GitLab has info, minor, major, critical and blocker. Errors are `critical`,
/// warnings `major` and info findings `info`; an input that could not be read is a
/// `blocker` (none of its findings are known), an input warning `minor`.
public struct GitLabCodeQualityReporter: Reporter {
    /// The project folder paths are made relative to (the current directory); nil keeps
    /// them as given.
    public var root: String?
    public init(root: String? = nil) { self.root = root }

    public func render(_ report: LintReport, into out: inout ByteText) {
        let texts = FindingTexts()
        let issues = IssueWriter(root: root)
        JSONWriter.write(into: &out) { w in
            w.array(elements: {
                for file in report.files {
                    if let e = file.error { issues.input(e, path: file.path, isError: true, w) }
                    for m in file.warnings { issues.input(m, path: file.path, isError: false, w) }
                    LintResult.forEach(in: file, texts: texts) { issues.result($0, w) }
                }
            })
        }
        out.append(byte: 0x0A)
    }

    /// New findings only: GitLab itself compares the branch's report with the target's.
    public func render(_ diff: DiffReport, into out: inout ByteText) {
        let texts = FindingTexts()
        let issues = IssueWriter(root: root)
        JSONWriter.write(into: &out) { w in
            w.array(elements: {
                for file in diff.files {
                    if let e = file.oldError { issues.input(e, path: file.oldPath ?? file.path, isError: true, w) }
                    if let e = file.newError { issues.input(e, path: file.newPath ?? file.path, isError: true, w) }
                    for r in LintResult.added(in: file, texts: texts) { issues.result(r, w) }
                }
            })
        }
        out.append(byte: 0x0A)
    }

    static func severity(_ s: Severity) -> String {
        switch s {
        case .error: "critical"
        case .warning: "major"
        case .info: "info"
        }
    }

    /// Writes issues in order, keeping the fingerprints' occurrence counts and the
    /// hashes already given. A class: the closures that write the array capture it, and
    /// a captured struct's set of hashes was copied on every insert (quadratic in issues).
    final class IssueWriter {
        let root: String?
        private var occurrences = SARIFFingerprints()
        private var given: Set<UInt64> = []
        private var inputs = 0

        init(root: String?) { self.root = root }

        func result(_ r: LintResult, _ w: JSONWriter) {
            let path = resultPath(r.path)
            var hash = StableHash()
            hash.combine(path)
            hash.combine(occurrences.next(for: r).hex)
            write(description: "\(r.rule): \(TerminalText.message(r.message))", check: r.rule,
                  fingerprint: unique(hash), severity: GitLabCodeQualityReporter.severity(r.severity),
                  path: path, line: r.line, w)
        }

        func input(_ m: InputMessage, path: String, isError: Bool, _ w: JSONWriter) {
            let relative = projectPath(path)
            var hash = StableHash()
            hash.combine(relative); hash.combine(isError ? "read-error" : "input-warning"); hash.combine(decimal: inputs)
            inputs += 1
            write(description: TerminalText.message(m.message), check: isError ? "read-error" : "input-warning",
                  fingerprint: unique(hash), severity: isError ? "blocker" : "minor", path: relative, line: max(m.line, 1), w)
        }

        /// The hash, hashed again with a counter while an earlier issue has it.
        private func unique(_ hash: StableHash) -> String {
            var hash = hash
            var again = 0
            while given.contains(hash.value) { hash.combine(decimal: again); again += 1 }
            given.insert(hash.value)
            return hash.hex
        }

        private func write(description: String, check: String, fingerprint: String, severity: String,
                           path: String, line: Int, _ w: JSONWriter) {
            w.object {
                // GitLab shows the description as text in the merge request: one line,
                // disguising scalars escaped, mentions broken.
                w.key("description"); w.value(MarkdownText.inert(description))
                w.key("check_name"); w.value(check)
                w.key("fingerprint"); w.value(fingerprint)
                w.key("severity"); w.value(severity)
                w.key("location"); w.object {
                    w.key("path"); w.value(path)
                    w.key("lines"); w.object { w.key("begin"); w.value(max(line, 1)) }
                }
            }
        }

        /// A file's results come together: its project path is made when the path changes
        /// (made for every result, it was a quarter of the report's work).
        private var projectPaths = LastFileValue<String>()

        private func resultPath(_ path: String) -> String {
            projectPaths.value(for: path) ?? projectPaths.keep(projectPath(path), for: path)
        }

        /// The path relative to the project: "./" dropped, an absolute path under the
        /// root made relative; any other absolute path is kept (GitLab then cannot link it).
        func projectPath(_ path: String) -> String {
            if path.hasPrefix("/") { return root.flatMap { ArtifactURI.relative(path, to: $0) } ?? path }
            var rest = Substring(path)
            while rest.hasPrefix("./") { rest = rest.dropFirst(2).drop { $0 == "/" } }
            return String(rest)
        }
    }
}
