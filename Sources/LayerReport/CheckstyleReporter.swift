import LayerRules

/// Checkstyle XML, which many CI tools and review bots read (Jenkins warnings-ng,
/// reviewdog `-f=checkstyle`, Danger): one `<file>` per input, one `<error>` per result.
public struct CheckstyleReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport, into out: inout ByteText) {
        out.append(Self.header)
        for file in report.files {
            let empty = file.error == nil && file.warnings.isEmpty && file.budgetViolations.isEmpty
                && file.snapshots.allSatisfy(\.findings.isEmpty)
            guard open(file.path, file.error.map { [$0] } ?? [], file.warnings, empty: empty, into: &out) else { continue }
            LintResult.render(file, into: &out, writer: { Results() }) { $0.append($2, to: &$3) }
            out.append("  </file>\n")
        }
        out.append("</checkstyle>\n")
    }

    /// New findings only: fixed ones are not problems.
    public func render(_ diff: DiffReport, into out: inout ByteText) {
        let texts = FindingTexts()
        var results = Results()
        out.append(Self.header)
        for file in diff.files {
            if let e = file.oldError, open(file.oldPath ?? file.path, [e], [], empty: false, into: &out) {
                out.append("  </file>\n")
            }
            let added = LintResult.added(in: file, texts: texts)
            guard !added.isEmpty || file.newError != nil else { continue }
            _ = open(file.newPath ?? file.path, file.newError.map { [$0] } ?? [], [], empty: false, into: &out)
            for r in added { results.append(r, to: &out) }
            out.append("  </file>\n")
        }
        out.append("</checkstyle>\n")
    }

    private static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"

    /// Starts a file's element with its input messages; false when the file has nothing
    /// to say, written as an empty element.
    private func open(_ path: String, _ errors: [InputMessage], _ warnings: [InputMessage], empty: Bool,
                      into out: inout ByteText) -> Bool {
        out.append("  <file name=\"\(XMLText.attribute(path))\"")
        if empty { out.append("/>\n"); return false }
        out.append(">\n")
        // Messages and layer paths are shortened for people and escaped as for a
        // terminal (`TerminalText`): review tools print them, one line each.
        for e in errors { Self.error(&out, e.line, e.column, "error", TerminalText.message(e.message), "layerlint.read-error") }
        for w in warnings { Self.error(&out, w.line, w.column, "warning", TerminalText.message(w.message), "layerlint.input") }
        return true
    }

    /// Writes results as error elements, each distinct shared text's message escaped once
    /// and the words no other finding shares written from their parts.
    private struct Results {
        private var messages = FindingTextCache<String>()
        private var words = FindingWordsScratch()

        mutating func append(_ r: LintResult, to out: inout ByteText) {
            guard let text = r.text, let f = r.finding else {
                CheckstyleReporter.error(&out, r.line, r.column, r.severity.rawValue, TerminalText.message(r.message), "layerlint.\(r.rule)")
                return
            }
            CheckstyleReporter.position(&out, r.line, r.column)
            out.append(" severity=\""); out.append(r.severity.rawValue); out.append("\" message=\"")
            // XML escapes each scalar on its own, so pieces escaped apart join into the
            // escaped whole.
            if f.wordsRepeat {
                out.append(messages.entry(for: text) { XMLText.attribute(TerminalText.message($0.message)) })
            } else {
                words.with(.message, of: f) { TerminalText.appendMessage($0, to: &out, special: XMLText.special, format: XMLText.attribute) }
            }
            out.append(" (layer ")
            f.withLayerPath { TerminalText.appendLayerPath($0, to: &out, special: XMLText.special, format: XMLText.attribute) }
            out.append(")\" source=\"layerlint."); out.append(XMLText.attribute(r.rule)); out.append("\"/>\n")
        }
    }

    private static func error(_ out: inout ByteText, _ line: Int, _ column: Int, _ severity: String, _ message: String, _ source: String) {
        position(&out, line, column)
        out.append(" severity=\"\(severity)\" message=\"\(XMLText.attribute(message))\" source=\"\(XMLText.attribute(source))\"/>\n")
    }

    /// The start of an error element, up to its position.
    private static func position(_ out: inout ByteText, _ line: Int, _ column: Int) {
        out.append("    <error")
        // Checkstyle's line and column are 1-based; a message about the whole file has neither.
        if line > 0 {
            out.append(" line=\""); out.append(line); out.append("\"")
            if column > 0 { out.append(" column=\""); out.append(column); out.append("\"") }
        }
    }
}
