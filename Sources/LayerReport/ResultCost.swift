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

    /// Indexes into `costs`, costliest first, equal costs in input order. Passes are small
    /// counts, so the order is a counting sort over (passes, severity): two passes over the
    /// costs, where a comparison sort of a 100,000-layer report's results took a few
    /// milliseconds of each report that chooses. Costs beyond `countedPasses` (only a
    /// hand-built report has them) are sorted by comparison.
    static func costliestFirst(_ costs: [ResultCost]) -> [Int] {
        let most = costs.reduce(0) { max($0, $1.passes) }
        guard costs.allSatisfy({ $0.passes >= 0 }), most <= countedPasses else { return sortedCostliestFirst(costs) }
        // A bucket per (passes, severity), the costliest first.
        func bucket(_ c: ResultCost) -> Int { (most - c.passes) * 3 + (2 - c.severity.rank) }
        var starts = [Int](repeating: 0, count: (most + 1) * 3 + 1)
        for c in costs { starts[bucket(c) + 1] += 1 }
        for k in 1..<starts.count { starts[k] += starts[k - 1] }
        var order = [Int](repeating: 0, count: costs.count)
        for (i, c) in costs.enumerated() {
            let b = bucket(c)
            order[starts[b]] = i
            starts[b] += 1
        }
        return order
    }

    /// The most passes `costliestFirst` counts in buckets.
    static let countedPasses = 1 << 16

    /// `costliestFirst` by comparison: for any passes.
    static func sortedCostliestFirst(_ costs: [ResultCost]) -> [Int] {
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
