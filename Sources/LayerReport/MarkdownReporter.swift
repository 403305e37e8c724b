import LayerEstimate
import LayerRules

/// A summary for a pull-request comment or a job summary (`$GITHUB_STEP_SUMMARY`): totals,
/// the costliest layers, counts per rule, budgets, baseline and read errors.
public struct MarkdownReporter: LimitedReporter {
    /// Rows per table of budgets, baseline and errors: the worst rows come first.
    public var maxRows: Int
    /// The report's size, in characters counted as UTF-8 bytes: 65,536 for a pull-request
    /// comment (`commentLimit`), up to 1 MiB for a job summary (`jobSummaryLimit`).
    public var maxCharacters: Int
    public init(maxRows: Int = 50, maxCharacters: Int = MarkdownReporter.commentLimit) {
        self.maxRows = maxRows; self.maxCharacters = maxCharacters
    }

    /// Totals and the fixed tables first; the findings, costliest first, fill the room
    /// that is left, and a closing line says how many did not fit.
    public func render(_ report: LintReport, into out: inout ByteText, notices: inout [String]) {
        var md = "## LayerLint\n\n"
        let perRank = report.findingCountsByRank
        let bySeverity = Severity.allCases.reversed().map { s in (s, perRank[s.rank]) }
        let findingCount = report.findingCount
        md += "| Files | Snapshots | Layers | Errors | Warnings | Info | Passes per frame now | After fixes |\n"
        md += "|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        md += "| \(report.files.count) | \(report.snapshotCount) | \(report.layerCount) | "
        md += bySeverity.map { "\($0.1) | " }.joined()
        md += "\(report.passes) | \(report.passesAfterFixes) |\n\n"
        md += findingCount == 0 ? "No findings.\n" : "\(count(findingCount, "finding")).\n"

        md += worstLayers(report)
        md += perRule(report)
        let budgets = report.files.flatMap { f in f.budgetViolations.map { (f.path, $0) } }
        if !budgets.isEmpty {
            md += "\n### Over the passes budget\n\n| File | Line | Passes | Budget | |\n|---|---:|---:|---:|---|\n"
            for (path, v) in budgets {
                md += "| \(MarkdownText.code(path)) | \(v.line) | \(v.passes) | \(v.budget) | \(MarkdownText.message(v.message)) |\n"
            }
        }
        if report.suppressedCount > 0 || report.baselinedCount > 0 || report.baseline != nil {
            md += "\n### Left out\n\n"
            if report.suppressedCount > 0 { md += "- \(count(report.suppressedCount, "finding")) suppressed by the configuration\n" }
            if let baseline = report.baseline {
                md += "- \(count(baseline.matched, "finding")) matched the baseline\n"
                let gone = baseline.gone.reduce(0) { $0 + $1.count }
                if gone > 0 {
                    md += "- \(count(gone, "baselined finding")) no longer found; the baseline can be tightened:\n\n"
                    md += "| File | Screen | Layer | Rule | Count |\n|---|---|---|---|---:|\n"
                    for g in baseline.gone.prefix(maxRows) {
                        md += "| \(MarkdownText.layerPath(g.key.file)) | \(MarkdownText.name(g.key.screen)) | "
                        md += "\(MarkdownText.layerPath(g.key.layerPath)) | \(MarkdownText.name(g.key.rule)) | \(g.count) |\n"
                    }
                    md += more(baseline.gone.count)
                }
            } else if report.baselinedCount > 0 {
                md += "- \(count(report.baselinedCount, "finding")) matched the baseline\n"
            }
        }
        md += readErrors(report.files.compactMap { f in f.error.map { (f.path, $0) } })
        let room = maxCharacters - md.utf8.count - Self.closingRoom
        let table = findingsTable(report, room: room)
        md += table.markdown
        if table.listed < table.total {
            md += leftOutLine(listed: table.listed, total: table.total)
            notices.append(leftOutNotice(listed: table.listed, total: table.total))
        }
        out.append(fitted(md))
    }

    /// The layers that cost the most passes, with the rules that report them.
    private func worstLayers(_ report: LintReport) -> String {
        // One pass keeps the ten costliest in input order among equals (a stable top ten),
        // and only those ten are looked up among the findings: linear in layers and findings.
        var worst = TopRows(capacity: worstLayerRows)
        for (f, file) in report.files.enumerated() {
            for (s, snapshot) in file.snapshots.enumerated() {
                for (e, l) in snapshot.estimate.layers.enumerated() where l.passes > 0 {
                    worst.offer(OffscreenLayerRow(file: f, snapshot: s, estimate: e, passes: l.passes))
                }
            }
        }
        guard !worst.rows.isEmpty else { return "" }
        var md = "\n### Costliest layers\n\n| File | Layer | Passes now → after | Rule |\n|---|---|---|---|\n"
        for r in worst.rows {
            let file = report.files[r.file], snapshot = file.snapshots[r.snapshot]
            let layer = snapshot.estimate.layers[r.estimate]
            let mine = snapshot.findings.filter { $0.layer == layer.layer }
            let place = mine.first.map { "\(file.path):\($0.location.line)" } ?? file.path
            let rules = mine.isEmpty ? "—" : mine.map { MarkdownText.cell($0.rule) }.joined(separator: ", ")
            md += "| \(MarkdownText.code(place)) | \(MarkdownText.layerPath(layer.layerPath)) | "
            md += "\(layer.passes) → \(layer.passesAfterFixes) | \(rules) |\n"
        }
        return md
    }

    private let worstLayerRows = 10

    /// Where a costly layer is in the report, and its passes.
    private struct OffscreenLayerRow { var file: Int; var snapshot: Int; var estimate: Int; var passes: Int }

    /// The `capacity` rows with the most passes, in the order offered among equal passes.
    private struct TopRows {
        let capacity: Int
        private(set) var rows: [OffscreenLayerRow] = []
        init(capacity: Int) { self.capacity = capacity }

        mutating func offer(_ row: OffscreenLayerRow) {
            if rows.count == capacity {
                guard row.passes > rows[capacity - 1].passes else { return }
                rows.removeLast()
            }
            // After the last row with at least as many passes: equals keep their order.
            let place = rows.lastIndex { $0.passes >= row.passes }.map { $0 + 1 } ?? 0
            rows.insert(row, at: place)
        }
    }

    private func perRule(_ report: LintReport) -> String {
        var order: [String] = []
        var rows: [String: RuleRow] = [:]
        // One lookup per finding: a report of 100,000 layers has tens of thousands.
        report.forEachFinding { f in
            let rule = f.rule
            rows[rule, default: { order.append(rule); return RuleRow(severity: f.severity) }()].add(f)
        }
        guard !order.isEmpty else { return "" }
        var md = "\n### Findings by rule\n\n| Rule | Severity | Findings | Passes now → after the fix |\n|---|---|---:|---|\n"
        for rule in order.sorted() {
            let r = rows[rule]!
            md += "| \(MarkdownText.cell(rule)) | \(r.severity.rawValue) | \(r.count) | \(r.cost) |\n"
        }
        return md
    }

    /// One rule's findings, summed. Frame-rate rules cost no passes: their column gives
    /// the highest frames per second their findings ask for, now and after the fixes.
    struct RuleRow {
        var severity: Severity
        var count = 0, passes = 0, after = 0
        var rate: (now: Double, after: Double)?

        mutating func add(_ f: Finding) {
            count += 1; passes += f.passes; after += f.passesAfterFix
            severity = max(severity, f.severity)
            if let figure = f.frameRate {
                rate = (max(rate?.now ?? 0, figure.now), max(rate?.after ?? 0, figure.afterFix))
            }
        }

        var cost: String {
            guard let rate, passes == 0, after == 0 else { return "\(passes) → \(after)" }
            return "none; up to \(Self.fps(rate.now)) → \(Self.fps(rate.after)) frames per second"
        }

        static func fps(_ v: Double) -> String {
            v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v)
        }
    }

    func readErrors(_ errors: [(String, InputMessage)]) -> String {
        guard !errors.isEmpty else { return "" }
        var md = "\n### Files that could not be read\n\n| File | Line | Error |\n|---|---:|---|\n"
        for (path, e) in errors {
            md += "| \(MarkdownText.code(path)) | \(e.line > 0 ? "\(e.line):\(e.column)" : "") | \(MarkdownText.message(e.message)) |\n"
        }
        return md
    }

    func more(_ total: Int) -> String {
        total > maxRows ? "\n…and \(total - maxRows) more.\n" : ""
    }

    func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
