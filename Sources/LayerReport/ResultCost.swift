import LayerRules

/// What a result costs, for the reports that have room for only some results (SARIF for
/// GitHub code scanning, annotations, the markdown summary): its offscreen passes per
/// frame, then its severity. Equal costs keep input order, so the same findings give the
/// same choice in every run.
struct ResultCost: Sendable {
    var passes: Int
    var severity: Severity

    init(passes: Int, severity: Severity) { self.passes = passes; self.severity = severity }
    init(_ r: LintResult) { self.init(passes: r.passes, severity: r.severity) }

    /// The costs of a report's results in the order `LintResult.forEach` gives them, file
    /// by file, read from the findings without making a result (or a text) of each.
    static func all(in report: LintReport) -> [ResultCost] {
        var costs: [ResultCost] = []
        costs.reserveCapacity(report.files.reduce(0) { $0 + $1.snapshots.reduce($1.budgetViolations.count) { $0 + $1.findings.count } })
        for file in report.files {
            for s in file.snapshots {
                for f in s.findings { costs.append(ResultCost(passes: f.passes, severity: f.severity)) }
            }
            for v in file.budgetViolations { costs.append(ResultCost(passes: v.passes, severity: .error)) }
        }
        return costs
    }

    /// A diff's results in the order its reporters write them: per file, the new
    /// findings, then the fixed ones.
    static func all(in diff: DiffReport) -> [ResultCost] {
        var costs: [ResultCost] = []
        for file in diff.files {
            for f in file.added { costs.append(ResultCost(passes: f.passes, severity: f.severity)) }
            for f in file.removed { costs.append(ResultCost(passes: f.passes, severity: f.severity)) }
        }
        return costs
    }

    /// Indexes into `costs`, costliest first: one sort of integers, O(n log n), with no
    /// result copied.
    static func costliestFirst(_ costs: [ResultCost]) -> [Int] {
        var order = Array(costs.indices)
        costs.withUnsafeBufferPointer { c in
            order.sort { a, b in
                if c[a].passes != c[b].passes { return c[a].passes > c[b].passes }
                if c[a].severity != c[b].severity { return c[a].severity > c[b].severity }
                return a < b
            }
        }
        return order
    }

    /// Which results (by index into the costs) the first `count` of `order` are.
    static func mask(_ order: [Int], count: Int, total: Int) -> [Bool] {
        var kept = [Bool](repeating: false, count: total)
        for i in order.prefix(count) { kept[i] = true }
        return kept
    }
}

/// A count in words, with thousands separated ("56,303 results"), for the sentences
/// that say what a report left out.
enum CountText {
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        return n < 0 ? "-" + out : out
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(grouped(n)) \(noun)\(n == 1 ? "" : "s")" }

    /// "1 offscreen pass", "5 offscreen passes": a count agrees with its noun.
    static func offscreenPasses(_ n: Int) -> String { n == 1 ? "1 offscreen pass" : "\(n) offscreen passes" }
}
