import LayerRules

extension JUnitReporter {
    /// Writes a suite's results as lines of element content (`JUnitReporter.line`, XML
    /// escaped), keeping what repeats between them: a file's path once per run of its
    /// results, each distinct text's message once, and layer paths copied from their bytes
    /// (`withLayerPath`) when escaping leaves them as they are.
    ///
    /// XML escapes each scalar on its own, so pieces escaped apart join into the escaped
    /// whole.
    struct ResultLines {
        /// The last result's path, and as a line starts with it (`TerminalText.lineStart`), escaped.
        private var path: (raw: String, escaped: String)?
        private var messages = FindingTextCache<String>()
        /// The words of findings no other finding shares, written from their parts.
        private var words = FindingWordsScratch()

        private mutating func escapedPath(_ raw: String) -> String {
            if let path, path.raw == raw { return path.escaped }
            let escaped = XMLText.content(TerminalText.lineStart(raw))
            path = (raw, escaped)
            return escaped
        }

        mutating func append(_ r: LintResult, to out: inout ByteText) {
            guard let text = r.text, let f = r.finding else {
                out.append(XMLText.content(JUnitReporter.line(r)))
                return
            }
            let path = escapedPath(r.path)
            if r.line > 0 {
                out.append(path); out.append(byte: 0x3A); out.append(r.line)
                out.append(byte: 0x3A); out.append(max(r.column, 1)); out.append(": ")
            } else {
                out.append(path); out.append(": ")
            }
            out.append(r.severity.rawValue); out.append(": ")
            f.withLayerPath { TerminalText.appendLayerPath($0, to: &out, special: XMLText.special, format: XMLText.content) }
            out.append(": ")
            if f.wordsRepeat {
                out.append(messages.entry(for: text) { XMLText.content(TerminalText.message($0.message)) })
            } else {
                words.with(.message, of: f) { TerminalText.appendMessage($0, to: &out, special: XMLText.special, format: XMLText.content) }
            }
            out.append(byte: 0x0A)
        }
    }
}
