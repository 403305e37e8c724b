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
        let helpURIs = helpURIs()
        for file in report.files {
            if let e = file.error { input(&out, file.path, e, severity: "ERROR", code: "read-error") }
            for w in file.warnings { input(&out, file.path, w, severity: "WARNING", code: "input-warning") }
            LintResult.render(file, into: &out, writer: { (FindingTextCache<MessagePieces>(), FindingWordsScratch()) }) {
                diagnostic(&$3, $2, helpURIs, &$0.0, &$0.1)
            }
        }
    }

    /// New findings only: reviewdog comments on what a change introduces.
    public func render(_ diff: DiffReport, into out: inout ByteText) {
        let texts = FindingTexts()
        let helpURIs = helpURIs()
        var messages = FindingTextCache<MessagePieces>()
        var words = FindingWordsScratch()
        for file in diff.files {
            if let e = file.oldError { input(&out, file.oldPath ?? file.path, e, severity: "ERROR", code: "read-error") }
            if let e = file.newError { input(&out, file.newPath ?? file.path, e, severity: "ERROR", code: "read-error") }
            for r in LintResult.added(in: file, texts: texts) { diagnostic(&out, r, helpURIs, &messages, &words) }
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
    private func diagnostic(_ out: inout ByteText, _ r: LintResult, _ helpURIs: [String: String],
                            _ messages: inout FindingTextCache<MessagePieces>, _ words: inout FindingWordsScratch) {
        // Words no other finding shares are written from their parts, never kept.
        let unshared = r.finding.map { !$0.wordsRepeat } ?? false
        let pieces = unshared ? nil : r.text.map { messages.entry(for: $0, MessagePieces.init) }
        line(&out, path: r.path, line: r.line, column: r.column,
             severity: r.severity == .error ? "ERROR" : r.severity == .warning ? "WARNING" : "INFO",
             code: r.rule, codeURL: helpURIs[r.rule]) { message in
            guard let f = r.finding, unshared || pieces != nil else {
                message.append(MessagePieces.inner(TerminalText.message(r.message)))
                return
            }
            if let pieces {
                message.append(pieces.head)
            } else {
                words.with(.message, of: f) {
                    TerminalText.appendMessage($0, to: &message, special: MessagePieces.special, format: MessagePieces.inner)
                }
            }
            message.append(" (layer ")
            f.withLayerPath {
                TerminalText.appendLayerPath($0, to: &message, special: MessagePieces.special, format: MessagePieces.inner)
            }
            message.append(byte: 0x29)
            if let pieces {
                message.append(pieces.tail)
            } else {
                message.append(MessagePieces.fixLead)
                words.with(.fixSummary, of: f) {
                    TerminalText.appendMessage($0, to: &message, special: MessagePieces.special, format: MessagePieces.inner)
                }
            }
        }
    }

    /// A diagnostic's message is the finding's message, its layer in parentheses, and
    /// its fix on a line of its own; the pieces a finding's text decides are made once.
    /// Each piece is what the whole message gets, Markdown-inert and JSON-escaped
    /// without quotes: both escape a scalar by the one before it at most, and every
    /// piece starts after a space or a line break, as the whole text does.
    struct MessagePieces {
        var head: ByteText
        var tail: ByteText

        init(_ text: FindingText) {
            head = ByteText(); head.append(Self.inner(TerminalText.message(text.message)))
            tail = ByteText(); tail.append(Self.inner("\nFix: " + TerminalText.message(text.fixSummary)))
        }

        /// The tail's first piece, as `inner` writes it.
        static let fixLead = "\\nFix: "

        /// `s` Markdown-inert (`MarkdownText.inert`) and JSON-escaped, without quotes.
        static func inner(_ s: String) -> String { JSONBytes.inner(MarkdownText.inert(s)).string }

        /// Bytes that `inner` changes or reads around.
        static let special = ByteSet(UInt8(ascii: "@"), UInt8(ascii: "#"), 0x22, 0x5C)
    }

    private func input(_ out: inout ByteText, _ path: String, _ m: InputMessage, severity: String, code: String) {
        line(&out, path: path, line: m.line, column: m.column, severity: severity, code: code, codeURL: nil) {
            $0.append(MessagePieces.inner(TerminalText.message(m.message)))
        }
    }

    /// One diagnostic; `message` appends its message escaped for JSON, without quotes.
    private func line(_ out: inout ByteText, path: String, line: Int, column: Int,
                      severity: String, code: String, codeURL: String?, message: (inout ByteText) -> Void) {
        out.append("{\"message\":\""); message(&out); out.append(byte: 0x22)
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
