import DumpGenerator

/// The report's many-findings section: for each shape, one table per syntax, the jq
/// check and the targets.
struct MatrixReport {
    let tables: [MatrixTable]
    let repeats: Int

    /// The shapes measured, in the order they ran.
    private var shapes: [DumpShape] {
        tables.reduce(into: []) { shapes, table in if !shapes.contains(table.shape) { shapes.append(table.shape) } }
    }

    func render() -> [String] {
        guard !tables.isEmpty else { return [] }
        var lines = [
            "", "## Many findings", "",
            "Each shape's commands of one size and syntax ran in the same interleaved rounds (\(repeats) of them); "
                + "seconds are the fastest run. \"vs lint\" is the row's time over `lint` with the default report "
                + "(for one reporter: what it adds). \"beyond bytes\" is what a report costs beyond writing its bytes, "
                + "as a share of the markdown-only lint: (row − markdown-only − the report's writefloor) ÷ markdown-only "
                + "(for all eight: their writefloor together). Sizes above \(grouped(MatrixBench.everyRowUpTo)) layers "
                + "measure only lint, the markdown-only lint, the references and the eight reporters at once, and jq runs "
                + (MatrixBench.jqRunsAboveEveryRow == 1 ? "once" : "\(MatrixBench.jqRunsAboveEveryRow) times") + " there. "
                + "`diff` reads two files of the size shown. A `writefloor` row writes as many bytes as the report "
                + "above it, the way layerlint writes a report (a temporary file, fsync, rename) without formatting "
                + "any: the part of the reporter's cost that no reporter can avoid on this machine's disk.",
        ]
        for shape in shapes {
            let ofShape = tables.filter { $0.shape == shape }
            lines += ["", "### \(Self.title(shape))", "", Self.description(shape)]
            for syntax in [DumpSyntax.yaml, .json] {
                let ofSyntax = ofShape.filter { $0.syntax == syntax }
                guard !ofSyntax.isEmpty else { continue }
                lines += ["", "#### \(Self.title(shape)), \(syntax == .yaml ? "YAML" : "JSON")", ""] + table(ofSyntax, syntax: syntax)
            }
            let checks = ofShape.filter { $0.syntax == .json }.map {
                jqCheck(layers: $0.layers, counted: $0.jqCount, generated: $0.expectedShadows)
            }
            if !checks.isEmpty {
                lines += ["", "Shadows without shadowPath in the \(shape.rawValue) JSON (jq check): " + checks.joined(separator: "; ") + "."]
            }
            let targets = MatrixTargets(tables: ofShape)
            lines += ["", "#### Targets (many findings, \(shape.rawValue))", ""] + targets.lines().map { "- " + $0 }
        }
        lines += ["", "- few findings: the ratios of the tables above must be no worse than those published in "
            + "docs/performance.md: compare them there (this command does not keep earlier runs)"]
        return lines
    }

    static func title(_ shape: DumpShape) -> String {
        switch shape {
        case .busy: "Busy screens"
        case .mixed: "Mixed screens"
        case .screen: "Screens"
        case .chain: "Chains"
        }
    }

    private static func description(_ shape: DumpShape) -> String {
        switch shape {
        case .busy:
            "`layerlint-bench generate --shape busy`: every cell a card with three findings (shadow-without-path, "
                + "simple-shape-mask, unneeded-clip) with one-line fixes, about one finding per 2.7 layers."
        case .mixed:
            "`layerlint-bench generate --shape mixed`: cells nesting randomly up to six levels, full-precision "
                + "geometry, every one of the 13 rules firing, info and warning findings, long multi-line fixes; "
                + "about 0.44 findings per layer, most of them shadow-without-path, unneeded-clip (info) and clipped-shadow."
        case .screen, .chain:
            "`layerlint-bench generate --shape \(shape.rawValue)`."
        }
    }

    private func table(_ tables: [MatrixTable], syntax: DumpSyntax) -> [String] {
        let references = syntax == .yaml
            ? ["÷ libyaml scan"]
            : ["libyaml scan ÷", "÷ bytescan", "jq ÷"]
        var lines = [
            "| command | layers | s | vs lint | beyond bytes | " + references.joined(separator: " | ")
                + " | peak RSS MB | file MB | RSS / file |",
            "|---|---:|---:|---:|---:|" + String(repeating: "---:|", count: references.count + 3),
        ]
        for table in tables {
            for row in table.rows {
                let compared = syntax == .yaml
                    ? [cell(ratio(row.best, table.best(.libyamlScan)))]
                    : [cell(ratio(table.best(.libyamlScan), row.best)), cell(ratio(row.best, table.best(.byteScan))),
                       cell(ratio(table.best(.jq), row.best))]
                let cells = [row.label, grouped(table.layers), cell(row.best), versusLint(row, in: table),
                             beyondBytes(row, in: table)] + compared
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
        if row.role == .markdownOnly { return percentAdded(value) }
        if case .writeFloor = row.role { return decimal(value * 100, 0) + " % of it" }
        return decimal(value, 2) + " ×"
    }

    private func beyondBytes(_ row: MatrixRow, in table: MatrixTable) -> String {
        switch row.role {
        case .markdownOnly: "base"
        case .reporter(let name): cell(table.beyondBytes(name))
        case .allReporters: cell(table.beyondBytes(nil))
        default: ""
        }
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
}
