import LayerRules

/// GitHub Actions workflow commands (`::warning file=…,line=…::message`), one per line:
/// printed in a job's log, they become annotations on the pull request's files.
public struct GitHubActionsReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport, into out: inout ByteText) {
        let texts = FindingTexts()
        var annotations = Annotations()
        for file in report.files {
            if let e = file.error { input(&out, "error", file.path, e) }
            for w in file.warnings { input(&out, "warning", file.path, w) }
            LintResult.forEach(in: file, texts: texts) { annotations.append($0, to: &out) }
        }
    }

    /// New findings as annotations where they are; fixed ones as file notices, because
    /// their lines are in the old file, which the pull request no longer shows.
    public func render(_ diff: DiffReport, into out: inout ByteText) {
        let texts = FindingTexts()
        var annotations = Annotations()
        for file in diff.files {
            if let e = file.oldError { input(&out, "error", file.oldPath ?? file.path, e) }
            if let e = file.newError { input(&out, "error", file.newPath ?? file.path, e) }
            for r in LintResult.added(in: file, texts: texts) { annotations.append(r, to: &out) }
            for r in LintResult.removed(in: file, texts: texts) {
                var text = "Fixed: \(TerminalText.message(r.message))"
                if let layer = r.layerPath, let fps = r.framesPerSecond {
                    text += " (layer \(TerminalText.layerPath(layer)), \(TextReporter.rate(fps.now)) frames per second, \(TextReporter.rate(fps.afterFix)) with its fix)"
                } else if let layer = r.layerPath {
                    text += " (layer \(TerminalText.layerPath(layer)), \(r.passes) offscreen passes per frame saved)"
                }
                command(&out, "notice", [("file", file.newPath ?? file.path), ("title", "LayerLint \(r.rule) fixed")], text)
            }
        }
    }

    /// Untrusted pieces (the message, which names the layer, the path, the fix) are
    /// shortened and escaped on their own, so their line breaks show as `\u{A}` and only
    /// the annotation's own break into lines.
    static func annotation(_ out: inout ByteText, _ r: LintResult) {
        var text = TerminalText.message(r.message)
        if let layer = r.layerPath, let fps = r.framesPerSecond {
            // A frame-rate finding costs no pass: its figure is frames per second.
            text += "\nLayer: \(TerminalText.layerPath(layer)); \(TextReporter.rate(fps.now)) frames per second now, \(TextReporter.rate(fps.afterFix)) after the fix"
        } else if let layer = r.layerPath {
            text += "\nLayer: \(TerminalText.layerPath(layer)); \(r.passes) offscreen passes per frame now, \(r.passesAfterFix ?? 0) after the fix"
        }
        if let fix = r.fix { text += "\nFix: \(TerminalText.message(fix.summary))" }
        command(&out, Self.command(r.severity), [
            ("file", r.path), ("line", String(r.line)), ("col", String(r.column)), ("title", "LayerLint \(r.rule)"),
        ], text)
    }

    private func input(_ out: inout ByteText, _ name: String, _ path: String, _ m: InputMessage) {
        var properties = [("file", path)]
        if m.line > 0 { properties += [("line", String(m.line)), ("col", String(max(m.column, 1)))] }
        properties.append(("title", name == "error" ? "LayerLint: unreadable dump" : "LayerLint: input warning"))
        command(&out, name, properties, TerminalText.message(m.message))
    }

    private func command(_ out: inout ByteText, _ name: String, _ properties: [(String, String)], _ message: String) {
        Self.command(&out, name, properties, message)
    }

    private static func command(_ out: inout ByteText, _ name: String, _ properties: [(String, String)], _ message: String) {
        out.append("::"); out.append(name)
        for (i, (key, value)) in properties.enumerated() {
            out.append(i == 0 ? " " : ","); out.append(key); out.append("=")
            WorkflowCommandText.append(value, property: true, to: &out)
        }
        out.append("::")
        WorkflowCommandText.append(message, property: false, to: &out)
        out.append(byte: 0x0A)
    }

    static func command(_ s: Severity) -> String {
        switch s {
        case .error: "error"
        case .warning: "warning"
        case .info: "notice"
        }
    }
}
