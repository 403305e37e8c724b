/// The formats a run can write (`--reporter FORMAT[:PATH]`), each with its reporter.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, sarif, junit, github, gitlab, checkstyle, rdjsonl, markdown, html, svg

    /// One line for `--help`.
    public var summary: String {
        switch self {
        case .text: "compiler-style lines with fixes and a summary (Xcode, editors, terminals)"
        case .json: "LayerLint's own JSON document (docs/json-output.md)"
        case .sarif: "SARIF 2.1.0 for GitHub code scanning, within its upload limits (the costliest 25,000 results)"
        case .junit: "JUnit XML, one test per file and rule, for CI test reports"
        case .github: "GitHub Actions workflow commands that annotate the pull request (the costliest 10 per level)"
        case .gitlab: "GitLab Code Quality JSON for the merge request widget (artifacts:reports:codequality)"
        case .checkstyle: "Checkstyle XML for Jenkins, reviewdog and other review tools"
        case .rdjsonl: "reviewdog diagnostics as JSON lines (reviewdog -f=rdjsonl)"
        case .markdown: "a Markdown summary for a pull-request comment or job summary (--markdown-limit)"
        case .html: "one offline page drawing each screen, offscreen layers in yellow, with findings and fixes"
        case .svg: "the first snapshot drawn to scale, offscreen layers in yellow (for docs and comments)"
        }
    }

    /// Whether the format draws the layers, so the run must keep each snapshot's drawing
    /// (`Linter.drawings`).
    public var draws: Bool { self == .html || self == .svg }

    /// The reporter for this format.
    /// - Parameters:
    ///   - showFixes: whether text output shows each finding's fix (the other formats
    ///     carry fixes where they have room for them).
    ///   - version: LayerLint's version, which SARIF records.
    ///   - root: the folder relative paths are relative to (the current directory), which
    ///     SARIF and GitLab use to make absolute paths relative; nil leaves them absolute.
    ///   - markdownLimit: the markdown report's size in characters (a comment's 65,536 by
    ///     default; up to a job summary's 1 MiB).
    public func reporter(showFixes: Bool = true, version: String = "0.1.0", root: String? = nil,
                         markdownLimit: Int = MarkdownReporter.commentLimit) -> any Reporter {
        switch self {
        case .text: TextReporter(showFixes: showFixes)
        case .json: JSONReporter()
        case .sarif: SARIFReporter(version: version, root: root)
        case .junit: JUnitReporter()
        case .github: GitHubActionsReporter()
        case .gitlab: GitLabCodeQualityReporter(root: root)
        case .checkstyle: CheckstyleReporter()
        case .rdjsonl: ReviewdogReporter()
        case .markdown: MarkdownReporter(maxCharacters: markdownLimit)
        case .html: HTMLReporter()
        case .svg: SVGReporter()
        }
    }
}
