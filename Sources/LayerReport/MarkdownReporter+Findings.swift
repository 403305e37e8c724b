import LayerRules

extension MarkdownReporter {
    /// A pull-request comment holds at most 65,536 characters.
    public static let commentLimit = 65_536
    /// A job summary (`$GITHUB_STEP_SUMMARY`) holds at most 1 MiB per step.
    public static let jobSummaryLimit = 1_048_576

    /// Room kept for the closing line that says what was left out.
    static let closingRoom = 512

    /// The findings, costliest first (offscreen passes, then severity), as many rows as
    /// `room` bytes hold, folded so the comment stays short. Returns the section and how
    /// many findings it left out. Findings are ranked by index and made into rows only
    /// while rows fit: O(n log n) for the ranking, nothing copied.
    func findingsTable(_ report: LintReport, room: Int) -> (markdown: String, listed: Int, total: Int) {
        var costs: [ResultCost] = []
        var places: [(file: Int32, snapshot: Int32, finding: Int32)] = []
        for (fi, file) in report.files.enumerated() {
            for (si, s) in file.snapshots.enumerated() {
                for (k, f) in s.findings.enumerated() {
                    costs.append(ResultCost(passes: f.passes, severity: f.severity))
                    places.append((Int32(fi), Int32(si), Int32(k)))
                }
            }
        }
        guard !costs.isEmpty else { return ("", 0, 0) }
        let texts = FindingTexts()
        let head = "\n<details><summary>Findings, costliest first</summary>\n\n"
            + "| File | Layer | Rule | Severity | Passes now → after the fix | Message |\n|---|---|---|---|---|---|\n"
        let foot = "\n</details>\n"
        var md = head
        var used = head.utf8.count + foot.utf8.count
        var listed = 0
        for i in ResultCost.costliestFirst(costs) {
            let p = places[i]
            let file = report.files[Int(p.file)], snapshot = file.snapshots[Int(p.snapshot)]
            let r = LintResult(snapshot.findings[Int(p.finding)], path: file.path, screen: snapshot.screen, texts: texts)
            // A frame-rate finding costs no pass: its figure is frames per second.
            let cost = r.framesPerSecond.map { "none; \(RuleRow.fps($0.now)) → \(RuleRow.fps($0.afterFix)) frames per second" }
                ?? "\(r.passes) → \(r.passesAfterFix ?? 0)"
            let row = "| \(MarkdownText.code("\(r.path):\(r.line)")) | \(MarkdownText.layerPath(r.layerPath ?? "")) | "
                + "\(MarkdownText.cell(r.rule)) | \(r.severity.rawValue) | \(cost) | \(MarkdownText.message(r.message)) |\n"
            guard used + row.utf8.count <= room else { break }
            md += row; used += row.utf8.count; listed += 1
        }
        return listed == 0 ? ("", 0, costs.count) : (md + foot, listed, costs.count)
    }

    /// The closing line for findings a report had no room for.
    func leftOutLine(listed: Int, total: Int) -> String {
        "\n\(CountText.count(total - listed, "finding")) of \(CountText.grouped(total)) \(total - listed == 1 ? "is" : "are") not listed here, "
            + "to keep this report within \(CountText.grouped(maxCharacters)) characters; the json report "
            + "(`--reporter json:PATH`) holds every finding.\n"
    }

    /// The notice for standard error.
    func leftOutNotice(listed: Int, total: Int) -> String {
        "the markdown report lists \(CountText.grouped(listed)) of \(CountText.count(total, "finding")), the costliest, "
            + "to stay within \(CountText.grouped(maxCharacters)) characters; the json report (--reporter json:PATH) holds every finding"
    }

    /// `md` within `maxCharacters` (counted as UTF-8 bytes, never fewer than the characters
    /// GitHub counts): as it is when it fits, else cut after its last whole line that
    /// leaves room for a line saying so. Sections are sized to fit; this is the guarantee
    /// for the rare report whose other tables alone (long file paths) would not.
    func fitted(_ md: String) -> String {
        guard md.utf8.count > maxCharacters else { return md }
        let note = "\n…cut here to stay within \(CountText.grouped(maxCharacters)) characters; the json report (`--reporter json:PATH`) holds every finding.\n"
        let bytes = Array(md.utf8.prefix(max(0, maxCharacters - note.utf8.count)))
        let end = bytes.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        return String(decoding: bytes[..<end], as: UTF8.self) + note
    }
}
