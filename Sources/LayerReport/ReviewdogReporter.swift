import LayerModel
import LayerRules

/// reviewdog's Diagnostic Format as JSON lines (`reviewdog -f=rdjsonl`): one diagnostic
/// object per line, which reviewdog posts as review comments on the changed lines.
///
/// reviewdog counts columns in UTF-8 bytes; ours count characters, which is the same for
/// the ASCII keys and indentation a layer's mapping starts with.
public struct ReviewdogReporter: Reporter {
    public var catalog: RuleCatalog
    public init(catalog: RuleCatalog = .embedded) { self.catalog = catalog }

    public func render(_ report: LintReport, into out: inout ByteText) {
        let texts = FindingTexts()
        let helpURIs = helpURIs()
        for file in report.files {
            if let e = file.error { input(&out, file.path, e, severity: "ERROR", code: "read-error") }
            for w in file.warnings { input(&out, file.path, w, severity: "WARNING", code: "input-warning") }
            for r in LintResult.all(in: file, texts: texts) { diagnostic(&out, r, helpURIs) }
        }
    }

    /// New findings only: reviewdog comments on what a change introduces.
    public func render(_ diff: DiffReport, into out: inout ByteText) {
        let texts = FindingTexts()
        let helpURIs = helpURIs()
        for file in diff.files {
            if let e = file.oldError { input(&out, file.oldPath ?? file.path, e, severity: "ERROR", code: "read-error") }
            if let e = file.newError { input(&out, file.newPath ?? file.path, e, severity: "ERROR", code: "read-error") }
            for r in LintResult.added(in: file, texts: texts) { diagnostic(&out, r, helpURIs) }
        }
    }

    private func helpURIs() -> [String: String] {
        var uris: [String: String] = [:]
        for rule in ReportedRule.all(in: catalog) { uris[rule.id] = rule.helpURI(default: SARIFReporter.informationURI) }
        return uris
    }

    /// reviewdog posts the message as a review comment, which people read and GitHub
    /// renders as Markdown, or prints it to a CI log: untrusted pieces are shortened and
    /// escaped as for a terminal (`TerminalText`, so only the message's own line break
    /// starts a line) and mentions broken (`MarkdownText.inert`); the JSON around it is
    /// escaped as every JSON report is.
    private func diagnostic(_ out: inout ByteText, _ r: LintResult, _ helpURIs: [String: String]) {
        var message = TerminalText.message(r.message)
        if let layer = r.layerPath { message += " (layer \(TerminalText.layerPath(layer)))" }
        if let fix = r.fix { message += "\nFix: \(TerminalText.message(fix.summary))" }
        line(&out, message: message, path: r.path, line: r.line, column: r.column,
             severity: r.severity == .error ? "ERROR" : r.severity == .warning ? "WARNING" : "INFO",
             code: r.rule, codeURL: helpURIs[r.rule])
    }

    private func input(_ out: inout ByteText, _ path: String, _ m: InputMessage, severity: String, code: String) {
        line(&out, message: TerminalText.message(m.message), path: path, line: m.line, column: m.column, severity: severity, code: code, codeURL: nil)
    }

    private func line(_ out: inout ByteText, message: String, path: String, line: Int, column: Int,
                      severity: String, code: String, codeURL: String?) {
        out.append("{\"message\":"); out.appendJSONQuoted(MarkdownText.inert(message))
        out.append(",\"location\":{\"path\":"); out.appendJSONQuoted(path)
        if line > 0 {
            out.append(",\"range\":{\"start\":{\"line\":"); out.append(line)
            out.append(",\"column\":"); out.append(max(column, 1)); out.append("}}")
        }
        out.append("},\"severity\":\""); out.append(severity)
        out.append("\",\"source\":{\"name\":\"layerlint\",\"url\":"); out.appendJSONQuoted(SARIFReporter.informationURI)
        out.append("},\"code\":{\"value\":"); out.appendJSONQuoted(code)
        if let codeURL { out.append(",\"url\":"); out.appendJSONQuoted(codeURL) }
        out.append("}}\n")
    }
}
