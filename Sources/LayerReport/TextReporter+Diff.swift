import LayerRules

extension TextReporter {
    /// A diff in the same compiler style: new findings as diagnostics in the new file (with
    /// their fixes), fixed ones as `removed:` lines that editors do not take for problems,
    /// then the snapshots whose passes changed and a summary.
    public func render(_ diff: DiffReport, into out: inout ByteText) {
        let texts = FindingTexts()
        var lines = TextFindingLines(showFixes: showFixes, texts: texts)
        for file in diff.files {
            let newPath = TerminalText.lineStart(file.newPath ?? file.path), oldPath = TerminalText.lineStart(file.oldPath ?? file.path)
            if let e = file.oldError { Self.position(&out, oldPath, e.line, e.column); Self.line(&out, "error: ", e.message) }
            if let e = file.newError { Self.position(&out, newPath, e.line, e.column); Self.line(&out, "error: ", e.message) }
            for f in file.added { lines.append(f, path: newPath, to: &out) }
            for f in file.removed {
                out.append("removed: "); Self.position(&out, oldPath, Int(f.location.line), Int(f.location.column))
                out.append(f.severity.rawValue); out.append(": "); out.append(TerminalText.message(texts.message(of: f)))
                out.append(" ["); out.append(f.rule); out.append("]\n")
                if let fps = f.frameRate {
                    out.append("    layer: \(TerminalText.layerPath(f.layerPath)) · \(Self.rate(fps.now)) frames per second, \(Self.rate(fps.afterFix)) with its fix\n")
                } else {
                    out.append("    layer: \(TerminalText.layerPath(f.layerPath)) · \(Self.passes(f.passes)) saved\n")
                }
            }
            for s in file.snapshots where s.delta != 0 || s.passesBefore == nil || s.passesAfter == nil || s.frameRateChanged {
                // A snapshot only the old file has is located there.
                out.append("\(s.passesAfter == nil ? oldPath : newPath):\(s.line): note: \(Self.snapshotName(s.screen)): ")
                out.append("offscreen passes per frame \(Self.side(s.passesBefore)) → \(Self.side(s.passesAfter)) (\(Self.signed(s.delta)))")
                if s.frameRateChanged {
                    out.append("; frames per second asked \(s.framesPerSecondBefore.map(Self.rate) ?? "none") → \(s.framesPerSecondAfter.map(Self.rate) ?? "none")")
                }
                out.append("\n")
            }
        }
        if showSummary { out.append(summary(diff)) }
    }

    public func summary(_ diff: DiffReport) -> String {
        var line = "\(count(diff.added.count, "finding")) added, \(diff.removed.count) removed"
        line += "; offscreen passes per frame: \(diff.passesBefore) → \(diff.passesAfter)"
        if diff.errorCount > 0 { line += "; \(count(diff.errorCount, "file")) could not be read" }
        return line + "\n"
    }

    static func snapshotName(_ screen: String?) -> String { screen.map { "snapshot '\(TerminalText.name($0))'" } ?? "unnamed snapshot" }
    /// A side's passes, or "none" where the snapshot does not exist.
    static func side(_ n: Int?) -> String { n.map(String.init) ?? "none" }
    static func signed(_ n: Int) -> String { n > 0 ? "+\(n)" : String(n) }
}
