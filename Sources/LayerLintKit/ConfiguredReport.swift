import LayerConfig
import LayerReport

extension Configuration {
    /// `report` with the configuration's suppressions and budgets applied. `relativePath`
    /// is the file's path relative to the configuration's folder (`RelativePath.of`).
    ///
    /// Suppressed findings leave the report and are counted in `suppressedCount`. The
    /// estimate stays what the screen physically costs: a suppression accepts a finding,
    /// it does not make its passes free, so budgets count them too.
    public func apply(to report: FileReport, relativePath: String) -> FileReport {
        var report = report
        if !suppressions.isEmpty {
            let relevant = suppressions.filter { $0.files?.matches(relativePath) ?? true }
            for s in report.snapshots.indices {
                let before = report.snapshots[s].findings.count
                report.snapshots[s].findings.removeAll { f in
                    relevant.contains {
                        $0.matches(rule: f.rule, layerPath: f.layerPath, name: f.layerName, viewClass: f.layerViewClass,
                                   relativePath: relativePath)
                    }
                }
                report.suppressedCount += before - report.snapshots[s].findings.count
            }
        }
        report.budgetViolations += budgetViolations(of: report)
        for s in report.snapshots.indices { report.snapshots[s].passesBudget = budgets.passesPerSnapshot }
        return report
    }

    /// Each snapshot over `passesPerSnapshot`, then the file when its snapshots together
    /// exceed `passesPerFile`. Reaching the budget exactly is within it.
    func budgetViolations(of report: FileReport) -> [BudgetViolation] {
        var out: [BudgetViolation] = []
        if let budget = budgets.passesPerSnapshot {
            for snapshot in report.snapshots where snapshot.budgetedPasses > budget {
                out.append(BudgetViolation(scope: .snapshot, screen: snapshot.screen, line: snapshot.line,
                                           passes: snapshot.budgetedPasses, budget: budget))
            }
        }
        if let budget = budgets.maxOffscreenPixels {
            for snapshot in report.snapshots where snapshot.budgetedOffscreenPixels > budget {
                out.append(BudgetViolation(screen: snapshot.screen, line: snapshot.line, passes: snapshot.budgetedPasses,
                                           offscreenPixels: snapshot.budgetedOffscreenPixels, pixelBudget: budget))
            }
        }
        let total = report.snapshots.reduce(0) { $0 + $1.budgetedPasses }
        if let budget = budgets.passesPerFile, total > budget {
            out.append(BudgetViolation(scope: .file, screen: nil, line: 1, passes: total, budget: budget))
        }
        return out
    }
}
