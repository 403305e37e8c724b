import LayerLintKit
import LayerImport

/// The check behind `assertNoOffscreenPasses` and `expectNoOffscreenPasses`, for any test
/// framework: exports the layer tree, lints it as `layerlint lint` would, and describes
/// what goes over the budget.
public struct OffscreenPassCheck: Sendable {
    /// Offscreen passes per frame the tree may cost; reaching it exactly passes.
    public var budget: Int
    public var ignoring: [OffscreenPassIgnore]
    public var linter: Linter

    public init(budget: Int = 0, ignoring: [OffscreenPassIgnore] = [], linter: Linter = Linter()) {
        self.budget = budget; self.ignoring = ignoring; self.linter = linter
    }

    /// Nil when `layer`'s tree costs at most `budget` passes (not counting what `ignoring`
    /// accepts) and every entry of `ignoring` applies to something; else the failure
    /// message: the passes, then each layer that costs passes with its findings and fixes.
    public func failure<Layer: ExportableLayer>(of layer: Layer) -> String? {
        failure(of: LayerTreeExport.snapshot(of: layer))
    }

    /// As `failure(of:)` for a layer, for a snapshot already taken (or built by hand).
    public func failure(of snapshot: LayerSnapshot) -> String? {
        // Through the dump's text, so the test sees exactly what `layerlint lint` would.
        let decoded = DumpReader(limits: linter.limits).read(LayerTreeExport.yaml(snapshot), syntax: .yaml)
        guard let tree = decoded.snapshots.first else {
            let e = decoded.error
            return "The exported layer tree could not be linted: "
                + (e.map { "\($0.location.line):\($0.location.column): \($0.message)" } ?? "it holds no snapshot")
        }
        return failure(of: tree)
    }

    private func failure(of tree: LayerTree) -> String? {
        let report = linter.lint(tree)
        let owners = LayerOwnership(tree: tree, patterns: linter.ownership)
        var patterns: [(entry: OffscreenPassIgnore, glob: Glob?)] = []
        var problems: [String] = []
        for entry in ignoring {
            switch entry.kind {
            case .rule: patterns.append((entry, nil))
            case .layers(let pattern):
                do throws(Glob.SyntaxError) {
                    patterns.append((entry, try Glob(pattern, kind: .path)))
                } catch {
                    problems.append("'\(pattern)' in ignoring: is no layer path pattern (\(error)).")
                }
            }
        }
        var used = Set<OffscreenPassIgnore>()
        func ignores(rule: String?, path: String) -> Bool {
            var hit = false
            for p in patterns {
                let matches = switch p.entry.kind {
                case .rule(let id): id == rule
                case .layers: p.glob?.matches(path) ?? false
                }
                if matches { used.insert(p.entry); hit = true }
            }
            return hit
        }

        var counted = 0, ignoredPasses = 0, ignoredFindings = 0
        var sections: [String] = []
        var findingsByLayer: [Int: [Finding]] = [:]
        for f in report.findings { findingsByLayer[f.layer, default: []].append(f) }
        for estimate in report.estimate.layers {
            let path = estimate.layerPath
            let layerFindings = findingsByLayer[estimate.layer] ?? []
            // Budgets leave out what UIKit creates deep inside its own views, as `lint` does.
            let isHiddenSystem = !linter.includeSystem && owners.isSystem(estimate.layer) && !owners.isReachableFromApp(estimate.layer)
            if isHiddenSystem || (estimate.passes == 0 && layerFindings.isEmpty) { continue }
            if ignores(rule: nil, path: path) {
                ignoredPasses += estimate.passes
                ignoredFindings += layerFindings.count
                continue
            }
            var costs = estimate.costs
            var kept: [Finding] = []
            var ignoredReasons = Set<OffscreenReason>()
            for f in layerFindings {
                if ignores(rule: f.rule, path: path) { ignoredFindings += 1; ignoredReasons.insert(f.reason) } else { kept.append(f) }
            }
            // A pass is accepted when every finding that explains it is ignored.
            for reason in ignoredReasons.subtracting(kept.map(\.reason)) {
                ignoredPasses += costs[reason]
                costs[reason] = 0
            }
            counted += costs.total
            if costs.total == 0 && kept.isEmpty { continue }
            sections.append(Self.section(path: path, costs: costs, findings: kept))
        }
        for p in patterns where !used.contains(p.entry) {
            problems.append("'\(p.entry)' in ignoring: \(Self.unused(p.entry)).")
        }
        guard counted > budget || !problems.isEmpty else { return nil }

        var lines: [String] = []
        let screen = tree.screen.map { $0 + ": " } ?? ""
        if counted > budget {
            lines.append("\(screen)\(Self.passes(counted)) per frame, over the budget of \(budget).")
        } else {
            lines.append("\(screen)\(Self.passes(counted)) per frame, within the budget of \(budget).")
        }
        if !ignoring.isEmpty {
            lines.append("Ignored: \(Self.passes(ignoredPasses)) and \(ignoredFindings) finding\(ignoredFindings == 1 ? "" : "s") ("
                         + ignoring.map(\.description).joined(separator: ", ") + ").")
        }
        lines += problems
        if counted > budget { lines += sections }
        return lines.joined(separator: "\n")
    }

    /// One layer: its passes by reason, then each finding with its fix.
    private static func section(path: String, costs: LayerCosts, findings: [Finding]) -> String {
        let reasons = costs.reasons.map { "\($0.reason.rawValue) \($0.passes)" }.joined(separator: ", ")
        var lines = ["\(path): " + passes(costs.total) + (reasons.isEmpty ? "" : " (\(reasons))")]
        for f in findings {
            let fix = f.fix
            lines.append("  \(f.rule) (\(f.severity.rawValue)): \(f.message)")
            lines.append("  fix (\(f.passes) → \(f.passesAfterFix) passes): \(fix.summary)")
            lines += fix.swift.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    private static func passes(_ n: Int) -> String { n == 1 ? "1 offscreen pass" : "\(n) offscreen passes" }

    private static func unused(_ entry: OffscreenPassIgnore) -> String {
        switch entry.kind {
        case .rule: "the rule found nothing in this tree"
        case .layers: "no rule id, and no layer with passes or findings has a path it matches"
        }
    }
}
