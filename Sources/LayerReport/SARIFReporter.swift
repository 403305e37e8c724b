import LayerRules

/// SARIF 2.1.0, as GitHub code scanning uploads it (`github/codeql-action/upload-sarif`).
///
/// Fixes: SARIF's `fixes` are edits to the analysed artifact — every `fix` needs
/// `artifactChanges` with at least one `replacement` of a `deletedRegion` of that file.
/// Our fix is code for the app (a `shadowPath` to set), not an edit to the dump, so an
/// empty replacement of the dump's region would claim an edit that fixes nothing. Results
/// therefore carry no `fixes`: the fix summary ends the message (which code scanning shows),
/// the code is in the result's `properties.fix`, and each rule's `help` explains the fix.
///
/// Fingerprints: `partialFingerprints["layerlint/v1"]` hashes what identifies a finding
/// across runs — rule, screen, layer path, and its occurrence among equal keys in the
/// file — never its line, so reformatting a dump does not make alerts look new.
public struct SARIFReporter: LimitedReporter {
    public static let informationURI = "https://github.com/layerlint/layerlint"
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    static let fingerprintKey: StaticString = "layerlint/v1"

    /// LayerLint's version, for `tool.driver.semanticVersion`.
    public var version: String
    /// The folder relative URIs are relative to (usually the current directory); nil when
    /// unknown, and absolute paths are then written as `file://` URIs.
    public var root: String?
    public var catalog: RuleCatalog
    /// What one file may hold (GitHub's upload limits; smaller in tests).
    public var limits: SARIFLimits

    public init(version: String = "0.1.0", root: String? = nil, catalog: RuleCatalog = .embedded, limits: SARIFLimits = .gitHub) {
        self.version = version; self.root = root; self.catalog = catalog; self.limits = limits
    }

    /// Results are made as they are written, read by their ordinal from the snapshots'
    /// own arrays (`ResultList`): a report with many findings keeps no copy of them, only
    /// their fingerprints, and their costs when it must choose.
    public func render(_ report: LintReport, into out: inout ByteText, notices: inout [String]) {
        let problems = report.files.flatMap { Problem.all(in: $0.path, error: $0.error, warnings: $0.warnings) }
        document(ReportResults(report.files.map { (ResultList($0), nil) }), costs: { ResultCost.all(in: report) }, problems,
                 into: &out, notices: &notices)
    }

    public func render(_ diff: DiffReport, into out: inout ByteText, notices: inout [String]) {
        var problems: [Problem] = []
        var lists: [(ResultList, String?)] = []
        for file in diff.files {
            problems += Problem.all(in: file.oldPath ?? file.path, error: file.oldError, warnings: [])
            problems += Problem.all(in: file.newPath ?? file.path, error: file.newError, warnings: [])
            lists.append((ResultList(path: file.newPath ?? file.path, findings: file.added), "new"))
            lists.append((ResultList(path: file.oldPath ?? file.path, findings: file.removed), "absent"))
        }
        document(ReportResults(lists), costs: { ResultCost.all(in: diff) }, problems, into: &out, notices: &notices)
    }

    /// A message about an input, which SARIF puts in the invocation, not in the results.
    private struct Problem {
        var path: String
        var message: InputMessage
        var isError: Bool
        static func all(in path: String, error: InputMessage?, warnings: [InputMessage]) -> [Problem] {
            (error.map { [Problem(path: path, message: $0, isError: true)] } ?? [])
                + warnings.map { Problem(path: path, message: $0, isError: false) }
        }
    }

    /// Which results a file holds: all of them, or the costliest that fit, and how many
    /// were left out (which the invocation states).
    struct Selection {
        var kept: [Bool]?
        var leftOut = 0
        var total: Int
    }

    /// The document: one run, never split, within `limits`. Within them it carries every
    /// result and no notice. Over the count, the costliest `resultsPerRun` are kept; over
    /// the compressed size, a binary search over how many of the costliest are kept finds
    /// the most that fit, compressing O(log n) candidate files, and only when the first
    /// does not fit.
    ///
    /// A long document bound for a file of the report's own streams to it as it is made,
    /// each block of results measured by the thread that writes it (`MeasuredBlocks`); only
    /// when that measure does not show it fits is the file emptied and the document made
    /// in memory and measured whole, as a short one always is.
    private func document(_ results: ReportResults, costs: () -> [ResultCost], _ problems: [Problem],
                          into out: inout ByteText, notices: inout [String]) {
        let rules = ReportedRule.all(in: catalog)
        var ruleIndex: [String: Int] = [:]
        for (i, r) in rules.enumerated() { ruleIndex[r.id] = i }
        let total = results.count
        let fingerprints = SARIFFingerprints.all(results)
        func write(_ selection: Selection, measuring blocks: MeasuredBlocks?, into doc: inout ByteText) {
            JSONWriter.write(into: &doc) { w in document(rules, ruleIndex, results, fingerprints, selection, problems, blocks, w) }
            doc.append(byte: 0x0A)
        }
        func render(_ selection: Selection) -> ByteText {
            var doc = ByteText()
            doc.reserveCapacity(Self.reservedBytes(results: selection.total - selection.leftOut), hugePages: false)
            write(selection, measuring: nil, into: &doc)
            return doc
        }
        var order: [Int] = []
        func keeping(_ count: Int) -> Selection {
            if order.isEmpty && count < total { order = ResultCost.costliestFirst(costs()) }
            let kept = count < total ? ResultCost.mask(order, count: count, total: total) : nil
            return Selection(kept: kept, leftOut: total - count, total: total)
        }
        var keptCount = min(total, limits.resultsPerRun)
        defer { if keptCount < total { notices.append(Self.leftOutMessage(kept: keptCount, total: total, limits: limits)) } }
        if out.count == 0, out.canRestart, let blocks = MeasuredBlocks(results: keptCount) {
            write(keeping(keptCount), measuring: blocks, into: &out)
            if let size = blocks.gzipCeiling(ofDocument: out.count), size <= limits.gzipBytes { return }
            // A write that failed has set the text's failure, which the caller reports.
            guard out.restart() else { return }
        }
        var doc = render(keeping(keptCount))
        if !fits(doc) {
            // Invariant: keeping `low` fits (none always does: the document without
            // results is small), keeping `high` does not.
            var low = 0, high = keptCount
            var fitting: ByteText?
            while high - low > 1 {
                let middle = low + (high - low) / 2
                let candidate = render(keeping(middle))
                if fits(candidate) { low = middle; fitting = candidate } else { high = middle }
            }
            keptCount = low
            doc = fitting ?? render(keeping(low))
        }
        Self.append(doc, to: &out)
    }

    /// Whether GitHub takes the document's size: compressed only when its size alone
    /// does not settle it.
    private func fits(_ doc: ByteText) -> Bool {
        // Cheapest first: zlib's bound on any text of this length, then a greedy parse's
        // size and the fast level's, which bound the default level's, then the default
        // level itself.
        GzipSize.ceiling(ofCount: doc.count) <= limits.gzipBytes
            || GreedyDeflateSize.ofGzip(doc.bytes) <= limits.gzipBytes
            || GzipSize.ofFastLevel(doc.bytes) <= limits.gzipBytes
            || GzipSize.of(doc.bytes) <= limits.gzipBytes
    }

    /// Room for a document of `results` results made at once: grown by doubling, it was
    /// copied again at every doubling and faulted in anew each time. A result takes one to
    /// two kilobytes; pages reserved and never written take no memory.
    static func reservedBytes(results: Int) -> Int { 64 << 10 + results * 4_096 }

    /// A document made in memory, written straight to a streaming text's file, else
    /// appended in chunks.
    private static func append(_ doc: ByteText, to out: inout ByteText) {
        if let descriptor = out.flushForDirectWrites() {
            out.wroteDirectly(doc.bytes.count, failure: doc.bytes.withUnsafeBytes { ByteText.writeAll($0, to: descriptor) })
            return
        }
        doc.bytes.withUnsafeBufferPointer { all in
            var start = 0
            while start < all.count {
                let end = min(all.count, start + ByteText.chunkSize)
                out.append(UnsafeBufferPointer(rebasing: all[start..<end]))
                start = end
            }
        }
    }

    /// What the invocation's notification and standard error say when results were left out.
    static func leftOutMessage(kept: Int, total: Int, limits: SARIFLimits) -> String {
        "LayerLint left \(CountText.grouped(total - kept)) of \(CountText.count(total, "result")) out of this SARIF file "
            + "to stay within GitHub code scanning's upload limits (\(CountText.grouped(limits.resultsPerRun)) results per run, "
            + "\(CountText.grouped(limits.gzipBytes)) bytes gzip-compressed): it kept the \(CountText.grouped(kept)) costliest "
            + "(offscreen passes per frame, then severity). The json report (--reporter json:PATH) holds every finding."
    }

    private func document(_ rules: [ReportedRule], _ ruleIndex: [String: Int], _ results: ReportResults, _ fingerprints: [StableHash],
                          _ selection: Selection, _ problems: [Problem], _ measured: MeasuredBlocks?, _ w: JSONWriter) {
        w.object {
            w.key("$schema"); w.value(Self.schemaURI)
            w.key("version"); w.value("2.1.0")
            w.key("runs"); w.array([0]) { _ in
                w.object {
                    w.key("tool"); w.object {
                        w.key("driver"); driver(rules, w)
                    }
                    w.key("invocations"); w.array([0]) { _ in invocation(problems, selection, w) }
                    if let root, let uri = ArtifactURI.rootURI(root) {
                        w.key("originalUriBaseIds"); w.object {
                            w.key("%SRCROOT%"); w.object { w.key("uri"); w.value(uri) }
                        }
                    }
                    // Our columns count characters, which for dumps are code points.
                    w.key("columnKind"); w.value("unicodeCodePoints")
                    let kept = selection.kept.map { kept in kept.indices.filter { kept[$0] } }
                    let root = root
                    // Results stand alone once fingerprinted: written in blocks on every core.
                    w.key("results"); w.array(count: kept?.count ?? results.count) { range, w in
                        var writer = ResultWriter(root: root)
                        let texts = FindingTexts()
                        for k in range {
                            let ordinal = kept?[k] ?? k
                            let (r, baselineState) = results.result(ordinal, texts: texts)
                            writer.result(r, ruleIndex: ruleIndex[r.rule], baselineState: baselineState,
                                          fingerprint: fingerprints[ordinal], w)
                        }
                        measured?.measure(range, w)
                    }
                }
            }
        }
    }

    private func driver(_ rules: [ReportedRule], _ w: JSONWriter) {
        w.object {
            w.key("name"); w.value("LayerLint")
            w.key("semanticVersion"); w.value(version)
            w.key("informationUri"); w.value(Self.informationURI)
            w.key("rules"); w.array(rules) { rule in
                w.object {
                    w.key("id"); w.value(rule.id)
                    w.key("name"); w.value(rule.upperCamelName)
                    w.key("shortDescription"); w.object { w.key("text"); w.value(rule.title) }
                    w.key("fullDescription"); w.object { w.key("text"); w.value(rule.summary) }
                    w.key("help"); w.object {
                        w.key("text"); w.value(rule.helpText)
                        w.key("markdown"); w.value(rule.helpMarkdown)
                    }
                    w.key("helpUri"); w.value(rule.helpURI(default: Self.informationURI))
                    w.key("defaultConfiguration"); w.object { w.key("level"); w.value(Self.level(rule.severity)) }
                    w.key("properties"); w.object {
                        w.key("tags"); w.array(["performance", "core-animation", rule.category]) { w.value($0) }
                        // The rules read the dump exactly; only the pass counts are estimates.
                        w.key("precision"); w.value("high")
                        w.key("problem.severity"); w.value(rule.severity == .info ? "recommendation" : rule.severity.rawValue)
                    }
                }
            }
        }
    }

    private func invocation(_ problems: [Problem], _ selection: Selection, _ w: JSONWriter) {
        w.object {
            w.key("executionSuccessful"); w.value(!problems.contains { $0.isError })
            w.key("toolExecutionNotifications"); w.array(elements: {
                if selection.leftOut > 0 { leftOutNotification(selection, w) }
                for p in problems { problem(p, w) }
            })
        }
    }

    /// The notification that results were left out, with the counts as properties for
    /// scripts (`resultsLeftOut` + results in the run = `resultsTotal`).
    private func leftOutNotification(_ selection: Selection, _ w: JSONWriter) {
        let kept = selection.total - selection.leftOut
        w.object {
            w.key("level"); w.value("warning")
            w.key("message"); w.object { w.key("text"); w.value(Self.leftOutMessage(kept: kept, total: selection.total, limits: limits)) }
            w.key("descriptor"); w.object { w.key("id"); w.value("results-left-out") }
            w.key("properties"); w.object {
                w.key("resultsLeftOut"); w.value(selection.leftOut)
                w.key("resultsTotal"); w.value(selection.total)
            }
        }
    }

    private func problem(_ p: Problem, _ w: JSONWriter) {
        w.object {
            w.key("level"); w.value(p.isError ? "error" : "warning")
            w.key("message"); w.object { w.key("text"); w.value(p.message.message) }
            w.key("locations"); w.array([0]) { _ in
                w.object {
                    w.key("physicalLocation"); w.object {
                        ResultWriter.artifactLocation(ArtifactURI(path: p.path, root: root), w)
                        if p.message.line > 0 {
                            ResultWriter.region(line: p.message.line, column: max(p.message.column, 1), w)
                        }
                    }
                }
            }
        }
    }

    static func level(_ s: Severity) -> String {
        switch s {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }
}
