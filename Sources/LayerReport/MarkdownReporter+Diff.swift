import LayerRules

extension MarkdownReporter {
    /// What a change does to the dumps: a verdict, new and fixed findings, and the
    /// snapshots whose passes per frame moved.
    /// New findings come costliest first; the report stays within `maxCharacters`.
    public func render(_ diff: DiffReport, into out: inout ByteText, notices: inout [String]) {
        let texts = FindingTexts()
        let unordered = diff.files.flatMap { LintResult.added(in: $0, texts: texts) }
        let added = ResultCost.costliestFirst(unordered.map(ResultCost.init)).map { unordered[$0] }
        let removed = diff.files.flatMap { LintResult.removed(in: $0, texts: texts) }
        var md = "## LayerLint diff\n\n"
        md += added.isEmpty ? "**No new findings**" : "**\(count(added.count, "new finding"))**"
        md += "; \(removed.count) fixed. Offscreen passes per frame: \(diff.passesBefore) → \(diff.passesAfter)"
        md += " (\(Self.signed(diff.passesAfter - diff.passesBefore))).\n"
        if !added.isEmpty {
            md += "\n### New findings\n\n| File | Layer | Rule | Passes now → after the fix | Message |\n|---|---|---|---|---|\n"
            for r in added.prefix(maxRows) {
                md += "| \(MarkdownText.code("\(r.path):\(r.line)")) | \(MarkdownText.layerPath(r.layerPath ?? "")) | "
                md += "\(MarkdownText.cell(r.rule)) | \(r.passes) → \(r.passesAfterFix ?? 0) | \(MarkdownText.message(r.message)) |\n"
            }
            if added.count > maxRows {
                md += "\n…and \(CountText.grouped(added.count - maxRows)) more new findings; the json report (`--reporter json:PATH`) holds them all.\n"
            }
        }
        if !removed.isEmpty {
            md += "\n### Fixed findings\n\n| File | Layer | Rule | Passes saved |\n|---|---|---|---:|\n"
            for r in removed.prefix(maxRows) {
                md += "| \(MarkdownText.code(r.path)) | \(MarkdownText.layerPath(r.layerPath ?? "")) | \(MarkdownText.cell(r.rule)) | \(r.passes) |\n"
            }
            md += more(removed.count)
        }
        let changed = diff.files.flatMap { file in file.snapshots.filter { $0.delta != 0 || $0.passesBefore == nil || $0.passesAfter == nil }.map { (file.path, $0) } }
        if !changed.isEmpty {
            md += "\n### Snapshots\n\n| File | Snapshot | Passes before → after | Change |\n|---|---|---|---:|\n"
            for (path, s) in changed.prefix(maxRows) {
                md += "| \(MarkdownText.code(path)) | \(s.screen.map(MarkdownText.name) ?? "(unnamed, line \(s.line))") | "
                md += "\(TextReporter.side(s.passesBefore)) → \(TextReporter.side(s.passesAfter)) | \(Self.signed(s.delta)) |\n"
            }
            md += more(changed.count)
        }
        var errors: [(String, InputMessage)] = []
        for file in diff.files {
            if let e = file.oldError { errors.append((file.oldPath ?? file.path, e)) }
            if let e = file.newError { errors.append((file.newPath ?? file.path, e)) }
        }
        md += readErrors(errors)
        out.append(fitted(md))
    }

    static func signed(_ n: Int) -> String { n > 0 ? "+\(n)" : n < 0 ? "−\(-n)" : "±0" }
}
