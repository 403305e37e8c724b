import LayerRules

extension GitHubActionsReporter {
    /// Writes results as annotations (`GitHubActionsReporter.annotation`), keeping what
    /// repeats between them: each distinct text's message and fix are escaped once, a
    /// file's path once for its run of results, and layer paths are copied from their
    /// bytes (`withLayerPath`) when escaping leaves them as they are.
    ///
    /// Workflow-command escaping takes each scalar on its own, so pieces escaped apart
    /// join into the escaped whole.
    struct Annotations {
        private var pieces = FindingTextCache<MessagePieces>()
        private var file = LastFileValue<ByteText>()

        /// What a finding's text decides of its annotation, escaped as data.
        struct MessagePieces {
            /// The message.
            var head: ByteText
            /// The fix on a line of its own.
            var tail: ByteText

            init(_ text: FindingText) {
                head = ByteText(); WorkflowCommandText.append(TerminalText.message(text.message), property: false, to: &head)
                tail = ByteText()
                WorkflowCommandText.append("\nFix: " + TerminalText.message(text.fixSummary), property: false, to: &tail)
            }
        }

        mutating func append(_ r: LintResult, to out: inout ByteText) {
            guard let text = r.text, let f = r.finding else {
                GitHubActionsReporter.annotation(&out, r)
                return
            }
            let pieces = pieces.entry(for: text, MessagePieces.init)
            out.append("::"); out.append(GitHubActionsReporter.command(r.severity))
            out.append(" file="); out.append(fileProperty(r.path))
            out.append(",line="); out.append(r.line)
            out.append(",col="); out.append(r.column)
            out.append(",title=LayerLint "); WorkflowCommandText.append(r.rule, property: true, to: &out)
            out.append("::")
            out.append(pieces.head)
            out.append("%0ALayer: ")
            f.withLayerPath {
                TerminalText.appendLayerPath($0, to: &out, special: WorkflowCommandText.percentSign) {
                    WorkflowCommandText.data($0)
                }
            }
            if let fps = f.frameRate {
                // A frame-rate finding costs no pass: its figure is frames per second.
                out.append("; "); out.append(TextReporter.rate(fps.now)); out.append(" frames per second now, ")
                out.append(TextReporter.rate(fps.afterFix)); out.append(" after the fix")
            } else {
                out.append("; "); out.append(f.passes); out.append(f.passes == 1 ? " offscreen pass per frame now, " : " offscreen passes per frame now, ")
                out.append(f.passesAfterFix); out.append(" after the fix")
            }
            out.append(pieces.tail)
            out.append(byte: 0x0A)
        }

        /// The file's path as a property value, escaped once per run of its results.
        private mutating func fileProperty(_ path: String) -> ByteText {
            if let property = file.value(for: path) { return property }
            var property = ByteText()
            WorkflowCommandText.append(path, property: true, to: &property)
            return file.keep(property, for: path)
        }
    }
}
