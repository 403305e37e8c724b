import DumpGenerator

/// The many-findings targets of one shape (docs/performance.md, issue 29), each marked met
/// or not met: the earlier ones (kept on every shape) and the issue's, which measure a
/// report against a markdown-only lint and beyond the time to write its bytes.
struct MatrixTargets {
    /// The tables of one shape.
    let tables: [MatrixTable]

    /// The targets are stated for these sizes; smaller ones (a quick run) are shown but
    /// not judged.
    static let targetSizes = [100_000, 1_000_000]
    private static let notMeasured = "not measured (the targets are for 100,000 and 1,000,000 layers)"

    /// The tables a target is judged on, in size order; none in a quick run.
    private func judged(_ syntax: DumpSyntax) -> [MatrixTable] {
        tables.filter { $0.syntax == syntax && Self.targetSizes.contains($0.layers) }.sorted { $0.layers < $1.layers }
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

    func lines() -> [String] {
        var lines: [String] = []
        if let yaml = eachSize(.yaml, { ratio($0.lint, $0.best(.libyamlScan)) }, passes: { $0 <= 1.3 }) {
            lines.append("YAML: lint / bare libyaml scan \(yaml.text) (target ≤ 1.3 ×): \(verdict(yaml.met))")
        } else {
            lines.append("YAML: lint ≤ 1.3 × the bare libyaml scan: \(Self.notMeasured)")
        }
        if let scan = eachSize(.json, { ratio($0.best(.libyamlScan), $0.lint) }, passes: { $0 >= 2 }),
           let jq = eachSize(.json, { ratio($0.best(.jq), $0.lint) }, passes: { $0 >= 10 }) {
            lines.append("JSON: libyaml scan / lint \(scan.text) (target ≥ 2) and jq / lint \(jq.text) (target ≥ 10): "
                + verdict(scan.met && jq.met))
        } else {
            lines.append("JSON: lint ≥ 2 × faster than the libyaml scan and ≥ 10 × faster than jq: \(Self.notMeasured)")
        }
        for syntax in [DumpSyntax.yaml, .json] {
            lines += reporterLines(syntax)
        }
        lines.append(memoryLine())
        lines.append(linearLine())
        return lines
    }

    private func reporterLines(_ syntax: DumpSyntax) -> [String] {
        let name = syntax == .yaml ? "YAML" : "JSON"
        var lines: [String] = []
        // Earlier: against lint with its default report, every reporter alone and the eight at once.
        if let reporters = eachSize(syntax, { $0.reporterCosts.map(\.percent).max() }, passes: { $0 <= 15 },
                                    format: { decimal($0, 0) + " %" }) {
            let worst = judged(syntax).compactMap { $0.reporterCosts.max { $0.percent < $1.percent }?.name }
            lines.append("\(name): the costliest single reporter (\(worst.joined(separator: ", "))) adds \(reporters.text) "
                + "to lint (target ≤ 15 %): \(verdict(reporters.met))")
        } else {
            lines.append("\(name): every single reporter adds ≤ 15 % to lint: \(Self.notMeasured)")
        }
        if let all = eachSize(syntax, { ratio($0.best(.allReporters), $0.lint) }, passes: { $0 <= 1.6 }) {
            let floors = eachSize(syntax, { $0.writeFloorPercent(nil) }, passes: { _ in true },
                                  format: { decimal($0, 0) + " % of lint" })
            lines.append("\(name): all eight reporters at once / lint \(all.text) (target ≤ 1.6 ×): \(verdict(all.met))"
                + (floors.map { "; writing their bytes alone, one after another, takes \($0.text)" } ?? ""))
        } else {
            lines.append("\(name): all eight reporters at once ≤ 1.6 × lint: \(Self.notMeasured)")
        }
        // Issue 29: beyond their bytes, as a share of the markdown-only lint.
        let measured = judged(syntax).filter { table in MatrixBench.targetReporters.contains { table.beyondBytes($0) != nil } }
        if measured.isEmpty {
            lines.append("\(name): each of \(MatrixBench.targetReporters.joined(separator: ", ")) beyond its bytes ≤ 0.15 × "
                + "the markdown-only lint: \(Self.notMeasured)")
        }
        for table in measured {
            let figures = MatrixBench.targetReporters.map { ($0, table.beyondBytes($0)) }
            let met = figures.allSatisfy { ($0.1 ?? .infinity) <= 0.15 }
            let shown = figures.map { "\($0.0) \(cell($0.1))" }.joined(separator: ", ")
            let others = MatrixBench.aloneReporters.filter { !MatrixBench.targetReporters.contains($0) }
                .compactMap { name in table.beyondBytes(name).map { "\(name) \(decimal($0, 2))" } }
            lines.append("\(name): at \(grouped(table.layers)), each reporter beyond its bytes ÷ the markdown-only lint: "
                + shown + " (target ≤ 0.15 each): \(verdict(met))"
                + (others.isEmpty ? "" : "; not targets: " + others.joined(separator: ", ")))
        }
        if let all = eachSize(syntax, { $0.beyondBytes(nil) }, passes: { $0 <= 0.6 }, format: { decimal($0, 2) }) {
            lines.append("\(name): the eight at once beyond their bytes ÷ the markdown-only lint \(all.text) "
                + "(target ≤ 0.60): \(verdict(all.met))")
        } else {
            lines.append("\(name): the eight at once beyond their bytes ≤ 0.60 × the markdown-only lint: \(Self.notMeasured)")
        }
        return lines
    }

    private func memoryLine() -> String {
        guard let yaml = table(.yaml, 1_000_000), let json = table(.json, 1_000_000),
              let yamlLint = yaml.lint, let jsonLint = json.lint, yamlLint.failure == nil, jsonLint.failure == nil else {
            return "memory: peak RSS linting the 1,000,000-layer dump < file size: not measured"
        }
        let met = yamlLint.peakRSSBytes < yaml.fileBytes && jsonLint.peakRSSBytes < json.fileBytes
        return "memory: peak RSS linting the 1,000,000-layer dump is \(megabytes(yamlLint.peakRSSBytes)) MB for a "
            + "\(megabytes(yaml.fileBytes)) MB YAML file and \(megabytes(jsonLint.peakRSSBytes)) MB for a "
            + "\(megabytes(json.fileBytes)) MB JSON file (target < file size): \(verdict(met))"
    }

    /// Lint of 1,000,000 layers over lint of 100,000, against 1.1 × the ratio of their
    /// layer counts (exactly 10 for generated dumps, so ≤ 11 ×).
    private func linearLine() -> String {
        let growth = [DumpSyntax.yaml, .json].map { syntax -> (time: Double, bound: Double)? in
            guard let large = table(syntax, 1_000_000), let small = table(syntax, 100_000),
                  let time = ratio(large.lint, small.lint) else { return nil }
            return (time, 1.1 * Double(large.layers) / Double(small.layers))
        }
        guard let yaml = growth[0], let json = growth[1] else {
            return "linear: lint of 1,000,000 layers ≤ 1.1 × the layer ratio × lint of 100,000: not measured"
        }
        return "linear: lint of 1,000,000 layers / lint of 100,000 = \(decimal(yaml.time, 2)) (YAML) and "
            + "\(decimal(json.time, 2)) (JSON) (target ≤ 1.1 × the layer ratio = \(decimal(yaml.bound, 2))): "
            + verdict(yaml.time <= yaml.bound && json.time <= json.bound)
    }
}
