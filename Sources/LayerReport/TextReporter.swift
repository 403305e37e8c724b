import LayerEstimate
import LayerRules

/// Compiler-style text (`path:line:column: warning: message [rule]`), which Xcode and
/// editors turn into clickable diagnostics, with the fix under each finding and a summary.
public struct TextReporter: Sendable {
    public var showFixes: Bool
    public var showSummary: Bool
    public init(showFixes: Bool = true, showSummary: Bool = true) {
        self.showFixes = showFixes; self.showSummary = showSummary
    }

    public func render(_ report: LintReport) -> String {
        var out = ""
        for file in report.files {
            if let e = file.error {
                out += "\(file.path):\(e.line):\(e.column): error: \(e.message)\n"
            }
            for w in file.warnings {
                out += "\(file.path):\(w.line):\(w.column): warning: \(w.message)\n"
            }
            for snapshot in file.snapshots {
                for f in snapshot.findings {
                    out += "\(file.path):\(f.location.line):\(f.location.column): \(f.severity.rawValue): \(f.message) [\(f.rule)]\n"
                    var detail = "    layer: \(f.layerPath) · \(passes(f.passes)) now, \(f.passesAfterFix) after the fix"
                    if let observed = f.observedOffscreenCount { detail += " · Xcode showed \(observed)" }
                    out += detail + "\n"
                    if showFixes {
                        out += "    fix: \(f.fix.summary)\n"
                        for line in f.fix.swift.split(separator: "\n", omittingEmptySubsequences: false) {
                            out += "        \(line)\n"
                        }
                    }
                }
                let observed = snapshot.estimate.layers.filter { $0.observedOffscreenCount != nil && $0.observedOffscreenCount != $0.passes }
                for o in observed {
                    out += "\(file.path): note: \(o.layerPath): estimated \(passes(o.passes)), Xcode showed \(o.observedOffscreenCount!)\n"
                }
            }
        }
        if showSummary { out += summary(report) }
        return out
    }

    func summary(_ report: LintReport) -> String {
        let findings = report.findings
        let bySeverity = Severity.allCases.reversed().compactMap { s -> String? in
            let n = findings.filter { $0.severity == s }.count
            return n > 0 ? "\(n) \(s.rawValue)\(n == 1 ? "" : "s")" : nil
        }
        var line = "\(count(report.files.count, "file")), \(count(report.snapshotCount, "snapshot")), \(count(report.layerCount, "layer")): "
        line += findings.isEmpty ? "no findings" : "\(count(findings.count, "finding")) (\(bySeverity.joined(separator: ", ")))"
        line += "; offscreen passes per frame: \(report.passes) now, \(report.passesAfterFixes) after fixes"
        if report.errorCount > 0 { line += "; \(count(report.errorCount, "file")) could not be read" }
        return line + "\n"
    }

    private func passes(_ n: Int) -> String { n == 1 ? "1 pass" : "\(n) passes" }
    private func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
