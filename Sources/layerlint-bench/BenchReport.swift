/// The markdown report: machine, one table per kind of case, then the targets.
struct BenchReport {
    let plan: BenchPlan
    let machine: [String]
    /// Rounds per comparison (`--repeat`).
    let repeats: Int
    var sizes: [SizeRow] = []
    var chains: ChainRows?
    var manyFiles: ManyFilesRow?
    /// The many-findings matrix, in its own section after the targets above.
    var matrix: [MatrixTable] = []
    /// What `true` shows as its peak RSS when this benchmark spawns it (`peakRSSFloor`).
    var peakRSSFloor: Int?

    func render(quick: Bool) -> String {
        var lines = ["# layerlint benchmark", ""] + machine
        if let peakRSSFloor {
            lines.append("- peak RSS floor: \(megabytes(peakRSSFloor)) MB (`true`, measured like every row: through GNU time "
                + "when the machine has it, else spawned straight from this benchmark, whose own memory Linux then counts "
                + "into each child's peak, so no row shows less)")
        }
        lines.append("")
        lines += [
            "| layers | YAML MB | lint YAML RSS MB | lint YAML s | libyaml scan YAML s | lint/scan | YAML µs/layer "
                + "| JSON MB | lint JSON RSS MB | lint JSON s | libyaml scan JSON s | scan/lint | jq s | jq/lint | JSON µs/layer |",
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for row in sizes {
            let cells = [
                grouped(row.layers), megabytes(row.yamlBytes), rssCell(row.lintYAML), cell(row.lintYAML),
                cell(row.scanYAML), cell(ratio(row.lintYAML, row.scanYAML)), cell(row.microsecondsPerLayer(row.lintYAML)),
                megabytes(row.jsonBytes), rssCell(row.lintJSON), cell(row.lintJSON), cell(row.scanJSON),
                cell(ratio(row.scanJSON, row.lintJSON)), cell(row.jq), cell(ratio(row.jq, row.lintJSON)),
                cell(row.microsecondsPerLayer(row.lintJSON)),
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        lines += [
            "",
            "CPU time of the same runs (user + system, the fastest run of each command):",
            "",
            "| layers | lint YAML CPU s | scan YAML CPU s | CPU lint / scan "
                + "| lint JSON CPU s | scan JSON CPU s | CPU scan / lint |",
            "|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for row in sizes {
            let cells = [
                grouped(row.layers), cpuCell(row.lintYAML), cpuCell(row.scanYAML), cell(cpuRatio(row.lintYAML, row.scanYAML)),
                cpuCell(row.lintJSON), cpuCell(row.scanJSON), cell(cpuRatio(row.scanJSON, row.lintJSON)),
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        lines.append("")
        let checks = sizes.map { jqCheck(layers: $0.layers, counted: $0.jqCount, generated: $0.expectedShadows) }
        if !checks.isEmpty {
            lines.append("Shadows without shadowPath (jq check): " + checks.joined(separator: "; ") + ".")
            lines.append("")
        }
        lines += otherCases()
        lines += ["", "## Targets", ""] + targets(quick: quick).map { "- " + $0 }
        lines += MatrixReport(tables: matrix, repeats: repeats).render()
        return lines.joined(separator: "\n") + "\n"
    }

    private func otherCases() -> [String] {
        var lines = [
            "| case | MB | command | s | peak RSS MB | compared with | s | ratio |",
            "|---|---:|---|---:|---:|---|---:|---:|",
        ]
        if let chains {
            lines.append("| chain, \(grouped(plan.jsonChainLayers)) levels, JSON | \(megabytes(chains.jsonBytes)) | lint "
                + "| \(cell(chains.lintJSON)) | \(rssCell(chains.lintJSON)) | lint of the flat \(grouped(plan.jsonChainLayers))-layer JSON "
                + "| \(cell(chains.flatLintJSON)) | \(cell(ratio(chains.lintJSON, chains.flatLintJSON))) |")
            lines.append("| chain, \(grouped(plan.yamlChainLayers)) levels, flow YAML | \(megabytes(chains.yamlBytes)) | lint "
                + "| \(cell(chains.lintYAML)) | \(rssCell(chains.lintYAML)) | libyaml scan of the same file "
                + "| \(cell(chains.scanYAML)) | \(cell(ratio(chains.lintYAML, chains.scanYAML))) |")
        }
        if let many = manyFiles {
            lines.append("| \(plan.manyFiles) files × \(grouped(plan.manyFilesLayers)) layers, YAML | \(megabytes(many.bytes)) "
                + "| lint --jobs 2 | \(cell(many.jobs2)) | \(rssCell(many.jobs2)) | lint --jobs 1 | \(cell(many.jobs1)) "
                + "| \(cell(ratio(many.jobs1, many.jobs2))) × faster |")
        }
        return lines
    }

    private func row(_ layers: Int) -> SizeRow? {
        sizes.first { $0.layers == layers }
    }

    private func targets(quick: Bool) -> [String] {
        var lines: [String] = []
        let notMeasured = "not measured"
        // YAML and JSON at 100,000 layers.
        if let r = row(100_000), let value = ratio(r.lintYAML, r.scanYAML) {
            lines.append("YAML: lint of the 100,000-layer dump = \(decimal(value, 2)) × bare libyaml scan (target ≤ 1.3 ×): \(verdict(value <= 1.3))")
        } else {
            lines.append("YAML: lint of the 100,000-layer dump ≤ 1.3 × bare libyaml scan: \(notMeasured)")
        }
        if let r = row(100_000), let scan = ratio(r.scanJSON, r.lintJSON), let jq = ratio(r.jq, r.lintJSON) {
            lines.append("JSON: at 100,000 layers, libyaml scan / lint = \(decimal(scan, 2)) (target ≥ 3) "
                + "and jq / lint = \(decimal(jq, 2)) (target ≥ 10): \(verdict(scan >= 3 && jq >= 10))")
        } else {
            lines.append("JSON: lint ≥ 3 × faster than the libyaml scan and ≥ 10 × faster than jq at 100,000 layers: \(notMeasured)")
        }
        // Scaling from 10,000 to 1,000,000.
        if let small = row(10_000), let large = row(1_000_000),
           let y0 = small.microsecondsPerLayer(small.lintYAML), let y1 = large.microsecondsPerLayer(large.lintYAML),
           let j0 = small.microsecondsPerLayer(small.lintJSON), let j1 = large.microsecondsPerLayer(large.lintJSON) {
            let yamlGrowth = (y1 / y0 - 1) * 100, jsonGrowth = (j1 / j0 - 1) * 100
            lines.append("scaling: time per layer from 10,000 to 1,000,000 layers grows \(decimal(yamlGrowth, 0)) % (YAML) and "
                + "\(decimal(jsonGrowth, 0)) % (JSON) (target < 30 %): \(verdict(yamlGrowth < 30 && jsonGrowth < 30))")
        } else {
            lines.append("scaling: time per layer from 10,000 to 1,000,000 layers grows < 30 %: \(notMeasured)")
        }
        // Chain.
        if plan.jsonChainLayers == 100_000, let chains, let value = ratio(chains.lintJSON, chains.flatLintJSON) {
            lines.append("chain: the 100,000-level chain lints in \(decimal(value, 2)) × the time of the flat 100,000-layer dump (target ≤ 2 ×): \(verdict(value <= 2))")
        } else {
            lines.append("chain: 100,000-level chain lint ≤ 2 × flat dump of the same size: \(notMeasured)")
        }
        // Memory at 1,000,000.
        if let r = row(1_000_000), let yaml = r.lintYAML, let json = r.lintJSON, yaml.failure == nil, json.failure == nil {
            let met = yaml.peakRSSBytes < r.yamlBytes && json.peakRSSBytes < r.jsonBytes
            lines.append("memory: peak RSS linting the 1,000,000-layer dump is \(megabytes(yaml.peakRSSBytes)) MB for a "
                + "\(megabytes(r.yamlBytes)) MB YAML file and \(megabytes(json.peakRSSBytes)) MB for a \(megabytes(r.jsonBytes)) MB "
                + "JSON file (target < file size): \(verdict(met))")
        } else {
            lines.append("memory: peak RSS of linting the 1,000,000-layer dump < file size: \(notMeasured)")
        }
        // Many files.
        if !quick, let many = manyFiles, let value = ratio(many.jobs1, many.jobs2) {
            lines.append("many files: on \(plan.manyFiles) files, time with `--jobs 1` / time with `--jobs 2` = \(decimal(value, 2)) (target ≥ 1.6): \(verdict(value >= 1.6))")
        } else {
            lines.append("many files: `--jobs 2` ≥ 1.6 × faster than `--jobs 1` on 200 files: \(notMeasured)")
        }
        return lines
    }
}
