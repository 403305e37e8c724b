import LayerRules

/// GitHub Actions workflow commands (`::warning file=…,line=…::message`), one per line:
/// printed in a job's log, they become annotations on the pull request's files.
public struct GitHubActionsReporter: LimitedReporter {
    public init() {}

    /// At most `annotationsPerLevel` annotations of each level: input messages first (an
    /// unreadable dump hides all its findings), then the costliest findings. Every finding
    /// not annotated is a plain line of the step's log, folded in a group after a notice
    /// that says how many there are and where. The log itself is the report, so nothing
    /// is added to `notices`.
    public func render(_ report: LintReport, into out: inout ByteText, notices: inout [String]) {
        let texts = FindingTexts()
        var inputs: [(level: Level, name: String, path: String, message: InputMessage)] = []
        for file in report.files {
            if let e = file.error { inputs.append((.error, "error", file.path, e)) }
            for w in file.warnings { inputs.append((.warning, "warning", file.path, w)) }
        }
        let (room, inputAnnotated) = Self.room(afterInputs: inputs.map(\.level))
        for (k, m) in inputs.enumerated() where inputAnnotated[k] { input(&out, m.name, m.path, m.message) }
        let inputsLeftOut = inputAnnotated.filter { !$0 }.count
        let costs = ResultCost.all(in: report)
        let choice = Choice(costs: costs, room: room, inputsLeftOut: inputsLeftOut) { Self.level(costs[$0].severity) }
        // Only the annotated results are made here, read by their ordinal.
        let results = ReportResults(report.files.map { (ResultList($0), nil) })
        var annotations = Annotations()
        for i in choice.order { annotations.append(results.result(i, texts: texts).0, to: &out) }
        guard choice.leftOut > 0 || inputsLeftOut > 0 else { return }
        Self.leftOutNotice(&out, annotated: choice.order.count, total: costs.count, inputsLeftOut: inputsLeftOut)
        Self.command(&out, "group", [], Self.groupTitle(choice.leftOut, inputsLeftOut))
        for (k, m) in inputs.enumerated() where !inputAnnotated[k] { Self.plainLine(&out, m.name, m.path, m.message) }
        let annotated = choice.annotated
        var first = 0
        for file in report.files {
            let base = first
            LintResult.render(file, into: &out, writer: { PlainLines() }) { lines, k, r, text in
                if !annotated[base + k] { lines.append(r, to: &text) }
            }
            first += file.snapshots.reduce(file.budgetViolations.count) { $0 + $1.findings.count }
        }
        Self.command(&out, "endgroup", [], "")
    }

    /// New findings as annotations where they are; fixed ones as file notices, because
    /// their lines are in the old file, which the pull request no longer shows. Chosen
    /// as for a lint run; a fixed finding competes for the notices by its cost.
    public func render(_ diff: DiffReport, into out: inout ByteText, notices: inout [String]) {
        let texts = FindingTexts()
        var inputs: [(path: String, message: InputMessage)] = []
        for file in diff.files {
            if let e = file.oldError { inputs.append((file.oldPath ?? file.path, e)) }
            if let e = file.newError { inputs.append((file.newPath ?? file.path, e)) }
        }
        let (room, inputAnnotated) = Self.room(afterInputs: inputs.map { _ in .error })
        for (k, m) in inputs.enumerated() where inputAnnotated[k] { input(&out, "error", m.path, m.message) }
        let inputsLeftOut = inputAnnotated.filter { !$0 }.count
        let costs = ResultCost.all(in: diff)
        var fixed = [Bool](); fixed.reserveCapacity(costs.count)
        for file in diff.files {
            fixed += repeatElement(false, count: file.added.count)
            fixed += repeatElement(true, count: file.removed.count)
        }
        let choice = Choice(costs: costs, room: room, inputsLeftOut: inputsLeftOut) {
            fixed[$0] ? .notice : Self.level(costs[$0].severity)
        }
        func eachResult(_ body: (Int, LintResult, FileDiff) -> Void) {
            var ordinal = 0
            for file in diff.files {
                for r in LintResult.added(in: file, texts: texts) { body(ordinal, r, file); ordinal += 1 }
                for r in LintResult.removed(in: file, texts: texts) { body(ordinal, r, file); ordinal += 1 }
            }
        }
        var chosen: [Int: (LintResult, FileDiff)] = [:]
        eachResult { i, r, file in if choice.annotated[i] { chosen[i] = (r, file) } }
        var annotations = Annotations()
        for i in choice.order {
            let (r, file) = chosen[i]!
            if fixed[i] { fixedNotice(&out, r, file) } else { annotations.append(r, to: &out) }
        }
        guard choice.leftOut > 0 || inputsLeftOut > 0 else { return }
        Self.leftOutNotice(&out, annotated: choice.order.count, total: costs.count, inputsLeftOut: inputsLeftOut)
        Self.command(&out, "group", [], Self.groupTitle(choice.leftOut, inputsLeftOut))
        for (k, m) in inputs.enumerated() where !inputAnnotated[k] { Self.plainLine(&out, "error", m.path, m.message) }
        var lines = PlainLines()
        eachResult { i, r, _ in if !choice.annotated[i] { lines.append(r, fixed: fixed[i], to: &out) } }
        Self.command(&out, "endgroup", [], "")
    }

    private func fixedNotice(_ out: inout ByteText, _ r: LintResult, _ file: FileDiff) {
        var text = "Fixed: \(TerminalText.message(r.message))"
        if let layer = r.layerPath, let fps = r.framesPerSecond {
            text += " (layer \(TerminalText.layerPath(layer)), \(TextReporter.rate(fps.now)) frames per second, \(TextReporter.rate(fps.afterFix)) with its fix)"
        } else if let layer = r.layerPath {
            text += " (layer \(TerminalText.layerPath(layer)), \(CountText.offscreenPasses(r.passes)) per frame saved)"
        }
        command(&out, "notice", [("file", file.newPath ?? file.path), ("title", "LayerLint \(r.rule) fixed")], text)
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
            text += "\nLayer: \(TerminalText.layerPath(layer)); \(CountText.offscreenPasses(r.passes)) per frame now, \(r.passesAfterFix ?? 0) after the fix"
        }
        if let summary = r.text?.fixSummary { text += "\nFix: \(TerminalText.message(summary))" }
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

    static func command(_ out: inout ByteText, _ name: String, _ properties: [(String, String)], _ message: String) {
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
