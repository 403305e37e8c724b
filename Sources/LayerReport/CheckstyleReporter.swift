import LayerRules

/// Checkstyle XML, which many CI tools and review bots read (Jenkins warnings-ng,
/// reviewdog `-f=checkstyle`, Danger): one `<file>` per input, one `<error>` per result.
public struct CheckstyleReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport, into out: inout ByteText) {
        let texts = FindingTexts()
        document(report.files.map { file in
            (file.path, LintResult.all(in: file, texts: texts), file.error.map { [$0] } ?? [], file.warnings)
        }, into: &out)
    }

    /// New findings only: fixed ones are not problems.
    public func render(_ diff: DiffReport, into out: inout ByteText) {
        let texts = FindingTexts()
        var files: [(String, [LintResult], [InputMessage], [InputMessage])] = []
        for file in diff.files {
            if let e = file.oldError { files.append((file.oldPath ?? file.path, [], [e], [])) }
            let added = LintResult.added(in: file, texts: texts)
            if !added.isEmpty || file.newError != nil {
                files.append((file.newPath ?? file.path, added, file.newError.map { [$0] } ?? [], []))
            }
        }
        document(files, into: &out)
    }

    private func document(_ files: [(path: String, results: [LintResult], errors: [InputMessage], warnings: [InputMessage])], into out: inout ByteText) {
        var messages = FindingTextCache<String>()
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n")
        for file in files {
            out.append("  <file name=\"\(XMLText.attribute(file.path))\"")
            if file.results.isEmpty && file.errors.isEmpty && file.warnings.isEmpty { out.append("/>\n"); continue }
            out.append(">\n")
            // Messages and layer paths are shortened for people and escaped as for a
            // terminal (`TerminalText`): review tools print them, one line each.
            for e in file.errors { error(&out, e.line, e.column, "error", TerminalText.message(e.message), "layerlint.read-error") }
            for w in file.warnings { error(&out, w.line, w.column, "warning", TerminalText.message(w.message), "layerlint.input") }
            for r in file.results {
                guard let text = r.text, let f = r.finding else {
                    error(&out, r.line, r.column, r.severity.rawValue, TerminalText.message(r.message), "layerlint.\(r.rule)")
                    continue
                }
                // The message is escaped once per distinct text; XML escapes each scalar on
                // its own, so the pieces escaped apart join into the escaped whole.
                let message = messages.entry(for: text) { XMLText.attribute(TerminalText.message($0.message)) }
                position(&out, r.line, r.column)
                out.append(" severity=\""); out.append(r.severity.rawValue); out.append("\" message=\"")
                out.append(message); out.append(" (layer ")
                f.withLayerPath { TerminalText.appendLayerPath($0, to: &out, special: XMLText.isMarkup, format: XMLText.attribute) }
                out.append(")\" source=\"layerlint."); out.append(XMLText.attribute(r.rule)); out.append("\"/>\n")
            }
            out.append("  </file>\n")
        }
        out.append("</checkstyle>\n")
    }

    private func error(_ out: inout ByteText, _ line: Int, _ column: Int, _ severity: String, _ message: String, _ source: String) {
        position(&out, line, column)
        out.append(" severity=\"\(severity)\" message=\"\(XMLText.attribute(message))\" source=\"\(XMLText.attribute(source))\"/>\n")
    }

    /// The start of an error element, up to its position.
    private func position(_ out: inout ByteText, _ line: Int, _ column: Int) {
        out.append("    <error")
        // Checkstyle's line and column are 1-based; a message about the whole file has neither.
        if line > 0 {
            out.append(" line=\""); out.append(line); out.append("\"")
            if column > 0 { out.append(" column=\""); out.append(column); out.append("\"") }
        }
    }
}
