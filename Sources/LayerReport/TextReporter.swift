import LayerEstimate
import LayerModel
import LayerRules

/// Compiler-style text (`path:line:column: warning: message [rule]`), which Xcode and
/// editors turn into clickable diagnostics, with the fix under each finding and a summary.
public struct TextReporter: Reporter {
    public var showFixes: Bool
    public var showSummary: Bool
    /// Whether lines carry colour (`TerminalColor`): a terminal's report, never a file's.
    public var color: Bool
    public init(showFixes: Bool = true, showSummary: Bool = true) {
        self.init(showFixes: showFixes, showSummary: showSummary, color: false)
    }
    public init(showFixes: Bool, showSummary: Bool = true, color: Bool) {
        self.showFixes = showFixes; self.showSummary = showSummary; self.color = color
    }

    public func render(_ report: LintReport) -> String { (render(report) as ByteText).string }

    public func render(_ report: LintReport, into out: inout ByteText) {
        for file in report.files { render(file, into: &out) }
        if showSummary { out.append(summaryLines(report)) }
    }

    /// One file's lines, without the summary: files can be rendered apart (on several
    /// threads) and joined in order, which gives exactly `render(_:into:)`.
    public func render(_ file: FileReport, into out: inout ByteText) {
        if color {
            var plain = ByteText()
            var uncoloured = self
            uncoloured.color = false
            uncoloured.render(file, into: &plain)
            TerminalColor.paint(plain, path: TerminalText.lineStart(file.path), into: &out)
            return
        }
        // Everything from the dump or the file system is escaped (`TerminalText`), and
        // names and messages shortened (`HumanText`); the path once per file.
        let path = TerminalText.lineStart(file.path)
        if let e = file.error { Self.position(&out, path, e.line, e.column); Self.line(&out, "error: ", e.message) }
        for w in file.warnings { Self.position(&out, path, w.line, w.column); Self.line(&out, "warning: ", w.message) }
        // A finding takes a few hundred bytes with its fix; room for more is only
        // address space, and the buffer then never moves.
        let findings = file.snapshots.reduce(0) { $0 + $1.findings.count }
        if findings > 1_000 { out.reserveCapacity(out.bytes.count + findings * 1_024) }
        let showFixes = showFixes
        for snapshot in file.snapshots {
            let findings = snapshot.findings
            // Each finding's lines stand alone: a long list is written on every core.
            BlockRendering.render(count: findings.count, into: &out) { range, text in
                var lines = TextFindingLines(showFixes: showFixes, texts: FindingTexts())
                // By index: a loop over the slice copied each finding (its references retained).
                for k in range { lines.append(findings[k], path: path, to: &text) }
            }
            let observed = snapshot.estimate.layers.filter { $0.observedOffscreenCount != nil && $0.observedOffscreenCount != $0.passes }
            for o in observed {
                out.append("\(path): note: \(TerminalText.layerPath(o.layerPath)): estimated \(Self.passes(o.passes)), Xcode showed \(o.observedOffscreenCount!)\n")
            }
            for o in snapshot.estimate.layers where !o.observedOptimizationOpportunities.isEmpty {
                out.append("\(path): note: \(TerminalText.layerPath(o.layerPath)): Xcode's optimization opportunities: ")
                out.append(o.observedOptimizationOpportunities.map(TerminalText.message).joined(separator: "; ")); out.append(byte: 0x0A)
            }
        }
        for v in file.budgetViolations {
            Self.position(&out, path, max(v.line, 1), 1)
            out.append("error: "); out.append(TerminalText.message(v.message)); out.append(" [\(PassesBudgetRule.id)]\n")
        }
    }

    /// `label` and an input message on one line, the message shortened and escaped.
    static func line(_ out: inout ByteText, _ label: String, _ message: String) {
        out.append(label); out.append(TerminalText.message(message)); out.append(byte: 0x0A)
    }

    /// `path:line:column: `, the start of every line that points into a file; `path` is
    /// already escaped (`TerminalText.lineStart`).
    static func position(_ out: inout ByteText, _ path: String, _ line: Int, _ column: Int) {
        out.append(path); out.append(byte: 0x3A)
        out.append(line); out.append(byte: 0x3A)
        out.append(column); out.append(": ")
    }

    /// The summary as written: `summary`, each line bold when coloured.
    public func summaryLines(_ report: LintReport) -> String {
        let text = summary(report)
        guard color else { return text }
        return text.split(separator: "\n").map { TerminalColor.bold + $0 + TerminalColor.reset + "\n" }.joined()
    }

    public func summary(_ report: LintReport) -> String {
        let counts = report.findingCountsByRank
        let total = counts.reduce(0, +)
        let bySeverity = Severity.allCases.reversed().compactMap { s -> String? in
            let n = counts[s.rank]
            return n > 0 ? "\(n) \(s.rawValue)\(n == 1 ? "" : "s")" : nil
        }
        var line = "\(count(report.files.count, "file")), \(count(report.snapshotCount, "snapshot")), \(count(report.layerCount, "layer")): "
        line += total == 0 ? "no findings" : "\(count(total, "finding")) (\(bySeverity.joined(separator: ", ")))"
        line += "; offscreen passes per frame: \(report.passes) now, \(report.passesAfterFixes) after fixes"
        // The frame-rate keys change no pass: "at least" is about the passes.
        let unknown = report.unknownProperties.subtracting(.frameRate).withoutImplied
        if !unknown.isEmpty { line += " (at least: the dumps do not carry \(unknown.names.joined(separator: ", ")))" }
        // Passes treat a badge like a full-screen blur; the pixels they cover do not.
        line += "; offscreen megapixels per frame: \(Megapixels.text(report.offscreenPixels)) now, \(Megapixels.text(report.offscreenPixelsAfterFixes)) after fixes"
        if let fps = report.framesPerSecond {
            line += "; frames per second asked by repeating animations and display links: \(Self.rate(fps.now)) now, \(Self.rate(fps.after)) after fixes"
        }
        if report.errorCount > 0 { line += "; \(count(report.errorCount, "file")) could not be read" }
        // Only what a run has: a plain run's summary reads as it always did.
        let budgets = report.budgetViolations.count
        if budgets > 0 { line += "; \(count(budgets, "budget violation"))" }
        if report.suppressedCount > 0 { line += "; \(report.suppressedCount) suppressed" }
        if report.baselinedCount > 0 { line += "; \(report.baselinedCount) baselined" }
        let gone = report.baseline?.gone.reduce(0) { $0 + $1.count } ?? 0
        if gone > 0 { line += "; \(count(gone, "baselined finding")) gone" }
        let hidden = report.hiddenSystemFindings
        if hidden > 0 { line += "; \(count(hidden, "finding")) deep inside UIKit's own layers not listed (--include-system lists them)" }
        line += "\n"
        let notRun = report.rulesNotRun
        if !notRun.isEmpty { line += Self.rulesNotRunLine(notRun) }
        return line
    }

    /// A "0 findings" from a rule that could not look means nothing: say which could not,
    /// what they missed, and where a dump that lets them comes from.
    static func rulesNotRunLine(_ blind: [RuleBlindness]) -> String {
        let rules = blind.map { "\($0.rule) (no \($0.missing.withoutImplied.names.joined(separator: ", ")))" }
        // Xcode's view debugger never sends some properties: naming it as the way out for
        // those would send the reader to a dump that cannot help either.
        let missing = blind.reduce(into: UnknownProperties()) { $0.formUnion($1.missing) }
        let xcodeLacks = missing.intersection(.notInXcodeViewHierarchies)
        // No importer reads animations, display links or the Info.plist: only an export that
        // is given them does, so for those no import is named as the way out.
        let frameRate = "animations, display links and the Info.plist key come only from an export whose code passes them"
        var sources: [String] = []
        if !missing.subtracting(.frameRate).isEmpty {
            sources.append(xcodeLacks.isEmpty
                ? "a dump written by LayerTreeExport or an Xcode view hierarchy export carries it"
                : "a dump written by LayerTreeExport carries it (an Xcode view hierarchy export does too; \(xcodeLacks.names.joined(separator: ", ")) only where Xcode archived the layers)")
        }
        if !missing.isDisjoint(with: .frameRate) { sources.append(frameRate) }
        let source = sources.joined(separator: "; ")
        let docs = [missing.subtracting(.frameRate).isEmpty ? nil : "docs/importers.md",
                    missing.isDisjoint(with: .frameRate) ? nil : "docs/exporting.md"].compactMap { $0 }
        return "not checked: \(rules.joined(separator: ", ")): the dumps do not carry what these rules need; "
            + source + " (" + docs.joined(separator: ", ") + ")\n"
    }

    static func rate(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v) }

    static func passes(_ n: Int) -> String { n == 1 ? "1 pass" : "\(n) passes" }
    func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
