import DumpGenerator

/// The report's many-findings section: one table per syntax, the jq check, the targets.
struct MatrixReport {
    let tables: [MatrixTable]
    let repeats: Int

    /// The targets are stated for these sizes; smaller ones (a quick run) are shown but
    /// not judged.
    private static let targetSizes = [100_000, 1_000_000]

    func render() -> [String] {
        guard !tables.isEmpty else { return [] }
        var lines = [
            "", "## Many findings", "",
            "Busy screens (`layerlint-bench generate --shape busy`): every cell a card with three findings, "
                + "about one finding per 2.7 layers. The commands of one size and syntax ran in the same interleaved "
                + "rounds (\(repeats) of them); seconds are the fastest run. \"vs lint\" is the row's time over `lint` with the default report "
                + "(for one reporter: what it adds). Sizes above \(grouped(MatrixBench.everyRowUpTo)) layers measure only "
                + "lint, the references and all nine reporters, and jq runs "
                + (MatrixBench.jqRunsAboveEveryRow == 1 ? "once" : "\(MatrixBench.jqRunsAboveEveryRow) times") + " there. "
                + "`diff` reads two files of the size shown. A `writefloor` row writes as many bytes as the report "
                + "above it, the way layerlint writes a report (a temporary file, fsync, rename) without formatting "
                + "any: the part of the reporter's cost that no reporter can avoid on this machine's disk.",
        ]
        for syntax in [DumpSyntax.yaml, .json] {
            let ofSyntax = tables.filter { $0.syntax == syntax }
            guard !ofSyntax.isEmpty else { continue }
            lines += ["", "### \(syntax == .yaml ? "YAML" : "JSON")", ""] + table(ofSyntax, syntax: syntax)
        }
        let checks = tables.filter { $0.syntax == .json }.map {
            jqCheck(layers: $0.layers, counted: $0.jqCount, generated: $0.expectedShadows)
        }
        if !checks.isEmpty {
            lines += ["", "Shadows without shadowPath in the busy JSON (jq check): " + checks.joined(separator: "; ") + "."]
        }
        lines += ["", "### Targets (many findings)", ""] + targets().map { "- " + $0 }
        return lines
    }

    private func table(_ tables: [MatrixTable], syntax: DumpSyntax) -> [String] {
        let references = syntax == .yaml
            ? ["÷ libyaml scan"]
            : ["libyaml scan ÷", "÷ bytescan", "jq ÷"]
        var lines = [
            "| command | layers | s | vs lint | " + references.joined(separator: " | ")
                + " | peak RSS MB | file MB | RSS / file |",
            "|---|---:|---:|---:|" + String(repeating: "---:|", count: references.count + 3),
        ]
        for table in tables {
            for row in table.rows {
                let compared = syntax == .yaml
                    ? [cell(ratio(row.best, table.best(.libyamlScan)))]
                    : [cell(ratio(table.best(.libyamlScan), row.best)), cell(ratio(row.best, table.best(.byteScan))),
                       cell(ratio(table.best(.jq), row.best))]
                let cells = [row.label, grouped(table.layers), cell(row.best), versusLint(row, in: table)] + compared
                    + [rssCell(row.best), megabytes(table.fileBytes), cell(rssPerFile(row.best, table))]
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
        }
        return lines
    }

    private func versusLint(_ row: MatrixRow, in table: MatrixTable) -> String {
        if row.role == .lint { return "base" }
        guard let value = ratio(row.best, table.lint) else { return "–" }
        if case .reporter = row.role { return percentAdded(value) }
        if case .writeFloor = row.role { return decimal(value * 100, 0) + " % of it" }
        return decimal(value, 2) + " ×"
    }

    /// "+12 %", or "-3 %" when the reporter's run happened to be the faster one.
    private func percentAdded(_ ratio: Double) -> String {
        let percent = (ratio - 1) * 100
        return (percent >= 0 ? "+" : "") + decimal(percent, 0) + " %"
    }

    private func rssPerFile(_ run: Best?, _ table: MatrixTable) -> Double? {
        guard let run, run.failure == nil, table.fileBytes > 0 else { return nil }
        return Double(run.peakRSSBytes) / Double(table.fileBytes)
    }

    /// The tables a target is judged on, in size order; none in a quick run.
    private func judged(_ syntax: DumpSyntax) -> [MatrixTable] {
        tables.filter { $0.syntax == syntax && Self.targetSizes.contains($0.layers) }
    }

    private func table(_ syntax: DumpSyntax, _ layers: Int) -> MatrixTable? {
        tables.first { $0.syntax == syntax && $0.layers == layers }
    }

    /// "at 100,000: 1.21 ×, at 1,000,000: 1.25 ×" and whether every value passes; nil
    /// when no judged table has the value.
    private func eachSize(_ syntax: DumpSyntax, _ value: (MatrixTable) -> Double?, passes: (Double) -> Bool,
                          format: (Double) -> String = { decimal($0, 2) + " ×" }) -> (text: String, met: Bool)? {
        let values = judged(syntax).compactMap { table in value(table).map { (table.layers, $0) } }
        guard !values.isEmpty else { return nil }
        let text = values.map { "at \(grouped($0.0)): \(format($0.1))" }.joined(separator: ", ")
        return (text, values.allSatisfy { passes($0.1) })
    }

    private func targets() -> [String] {
        let notMeasured = "not measured (the targets are for 100,000 and 1,000,000 layers)"
        var lines: [String] = []

        if let yaml = eachSize(.yaml, { ratio($0.lint, $0.best(.libyamlScan)) }, passes: { $0 <= 1.3 }) {
            lines.append("YAML: lint / bare libyaml scan \(yaml.text) (target ≤ 1.3 ×): \(verdict(yaml.met))")
        } else {
            lines.append("YAML: lint ≤ 1.3 × the bare libyaml scan: \(notMeasured)")
        }
        if let scan = eachSize(.json, { ratio($0.best(.libyamlScan), $0.lint) }, passes: { $0 >= 2 }),
           let jq = eachSize(.json, { ratio($0.best(.jq), $0.lint) }, passes: { $0 >= 10 }) {
            lines.append("JSON: libyaml scan / lint \(scan.text) (target ≥ 2) and jq / lint \(jq.text) (target ≥ 10): "
                + verdict(scan.met && jq.met))
        } else {
            lines.append("JSON: lint ≥ 2 × faster than the libyaml scan and ≥ 10 × faster than jq: \(notMeasured)")
        }
        for syntax in [DumpSyntax.yaml, .json] {
            let name = syntax == .yaml ? "YAML" : "JSON"
            if let reporters = eachSize(syntax, { $0.reporterCosts.map(\.percent).max() }, passes: { $0 <= 15 },
                                        format: { decimal($0, 0) + " %" }) {
                let worst = judged(syntax).compactMap { $0.reporterCosts.max { $0.percent < $1.percent }?.name }
                lines.append("\(name): the costliest single reporter (\(worst.joined(separator: ", "))) adds \(reporters.text) "
                    + "to lint (target ≤ 15 %): \(verdict(reporters.met))")
                for table in judged(syntax) {
                    let over = table.reporterCosts.filter { $0.percent > 15 }.map { cost in
                        let floor = table.writeFloorPercent(cost.name).map { ", writing its bytes \(decimal($0, 0)) %" } ?? ""
                        return "\(cost.name) +\(decimal(cost.percent, 0)) %\(floor)"
                    }
                    guard !over.isEmpty else { continue }
                    lines.append("\(name): at \(grouped(table.layers)), the reporters over 15 % and what writing their "
                        + "report's bytes alone takes, in % of lint: " + over.joined(separator: "; "))
                }
            } else {
                lines.append("\(name): every single reporter adds ≤ 15 % to lint: \(notMeasured)")
            }
            if let all = eachSize(syntax, { ratio($0.best(.allReporters), $0.lint) }, passes: { $0 <= 1.6 }) {
                let floors = eachSize(syntax, { $0.writeFloorPercent(nil) }, passes: { _ in true },
                                      format: { decimal($0, 0) + " % of lint" })
                lines.append("\(name): all nine reporters at once / lint \(all.text) (target ≤ 1.6 ×): \(verdict(all.met))"
                    + (floors.map { "; writing their bytes alone, one after another, takes \($0.text)" } ?? ""))
            } else {
                lines.append("\(name): all nine reporters at once ≤ 1.6 × lint: \(notMeasured)")
            }
        }
        if let yaml = table(.yaml, 1_000_000), let json = table(.json, 1_000_000),
           let yamlLint = yaml.lint, let jsonLint = json.lint, yamlLint.failure == nil, jsonLint.failure == nil {
            let met = yamlLint.peakRSSBytes < yaml.fileBytes && jsonLint.peakRSSBytes < json.fileBytes
            lines.append("memory: peak RSS linting the 1,000,000-layer busy dump is \(megabytes(yamlLint.peakRSSBytes)) MB for a "
                + "\(megabytes(yaml.fileBytes)) MB YAML file and \(megabytes(jsonLint.peakRSSBytes)) MB for a "
                + "\(megabytes(json.fileBytes)) MB JSON file (target < file size): \(verdict(met))")
        } else {
            lines.append("memory: peak RSS linting the 1,000,000-layer busy dump < file size: not measured")
        }
        let growth = [DumpSyntax.yaml, .json].map { syntax in
            ratio(table(syntax, 1_000_000)?.lint, table(syntax, 100_000)?.lint)
        }
        if let yaml = growth[0], let json = growth[1] {
            lines.append("linear: lint of 1,000,000 layers / lint of 100,000 = \(decimal(yaml, 2)) (YAML) and "
                + "\(decimal(json, 2)) (JSON) (target ≤ 11): \(verdict(yaml <= 11 && json <= 11))")
        } else {
            lines.append("linear: lint of 1,000,000 layers ≤ 11 × lint of 100,000: not measured")
        }
        lines.append("few findings: the ratios of the tables above must be no worse than those published in "
            + "docs/performance.md: compare them there (this command does not keep earlier runs)")
        return lines
    }
}
