import LayerEstimate
import LayerRules

/// One thing the CI formats report at a place in a file: a finding, or a snapshot (or a
/// file) over the passes budget. Flattening both into one shape keeps every format from
/// re-deciding how a budget violation is located and worded: it is an error of the
/// pseudo rule `passes-budget` at (file, line, column 1).
struct LintResult {
    var rule: String
    var severity: Severity
    var path: String
    var line: Int
    var column: Int
    /// The snapshot's screen; nil when the dump names none, and in diffs, which pair
    /// findings by file and do not say which snapshot a finding came from.
    var screen: String?
    /// The finding and its shared text; nil for a budget violation. Kept whole, not
    /// copied into strings: a report of many findings renders each text once
    /// (`FindingTextCache`) and copies each layer path's bytes (`withLayerPath`).
    var finding: Finding?
    var text: FindingText?
    var passes: Int
    var budget: BudgetViolation?

    init(_ f: Finding, path: String, screen: String?, texts: FindingTexts) {
        rule = f.rule; severity = f.severity; self.path = path
        line = Int(f.location.line); column = Int(f.location.column); self.screen = screen
        finding = f; text = texts.text(of: f); passes = f.passes
    }

    init(_ v: BudgetViolation, path: String) {
        rule = PassesBudgetRule.id; severity = .error; self.path = path
        line = max(v.line, 1); column = 1; screen = v.screen
        passes = v.passes; budget = v
    }

    /// The reported layer; nil for a budget violation.
    var layerPath: String? { finding?.layerPath }
    var message: String { text?.message ?? budget?.message ?? "" }
    /// Passes once this result's fix is made; nil for a budget violation.
    var passesAfterFix: Int? { finding?.passesAfterFix }
    var observedOffscreenCount: Int? { finding?.observedOffscreenCount }
    /// The finding's pixels (`Finding.areaPixels`, `offscreenPixels`); nil for a budget violation.
    var areaPixels: Int? { finding?.areaPixels }
    var offscreenPixels: Int? { finding?.offscreenPixels }
    var fix: FixSuggestion? { text?.fix }
    /// Frames per second now and after the fix, for a frame-rate finding.
    var framesPerSecond: (now: Double, afterFix: Double)? { finding?.frameRate.map { ($0.now, $0.afterFix) } }

    /// The layer path's last segment, or the rule for a budget violation.
    var layerName: String? { layerPath.map(Self.lastSegment) }

    /// The last non-empty segment of a layer path, or the path when it has none, its
    /// segments split by Characters: a "/" with a combining mark after it is no separator.
    static func lastSegment(of path: String) -> String {
        var path = path
        return path.withUTF8 { String(decoding: lastSegment(of: $0), as: UTF8.self) }
    }

    /// The bytes of `lastSegment(of:)`, found from the path's end without making a
    /// string, its separators as `LayerPathBytes` finds them. (Split by Characters
    /// instead, every path with a Japanese name cost a SARIF result as much as the rest of
    /// it.)
    static func lastSegment(of utf8: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var end = utf8.count
        while end > 0 && LayerPathBytes.isSeparator(utf8, at: end - 1) { end -= 1 }
        guard end > 0 else { return utf8 }
        var start = end
        while start > 0 && !LayerPathBytes.isSeparator(utf8, at: start - 1) { start -= 1 }
        return UnsafeBufferPointer(rebasing: utf8[start..<end])
    }

    /// A file's findings in snapshot order, then its budget violations.
    static func all(in file: FileReport, texts: FindingTexts) -> [LintResult] {
        var out: [LintResult] = []
        forEach(in: file, texts: texts) { out.append($0) }
        return out
    }

    /// `all(in:texts:)` one by one, for a format that writes each as it comes.
    static func forEach(in file: FileReport, texts: FindingTexts, _ body: (LintResult) -> Void) {
        for s in file.snapshots {
            for f in s.findings { body(LintResult(f, path: file.path, screen: s.screen, texts: texts)) }
        }
        for v in file.budgetViolations { body(LintResult(v, path: file.path)) }
    }

    /// `forEach(in:texts:_:)` for a format whose results stand alone, each written by
    /// `write` (with its index among the file's results) into the text it is given: a
    /// long list of findings is written on every core (`BlockRendering`), and `writer`
    /// makes what the results of one block share (the caches of repeated texts), so no
    /// state crosses threads.
    static func render<Writer>(_ file: FileReport, into out: inout ByteText, writer: @escaping @Sendable () -> Writer,
                               _ write: @escaping @Sendable (inout Writer, Int, LintResult, inout ByteText) -> Void) {
        let path = file.path
        var first = 0
        for s in file.snapshots {
            let findings = s.findings, screen = s.screen, base = first
            BlockRendering.render(count: findings.count, into: &out) { range, text in
                var w = writer()
                let texts = FindingTexts()
                for k in range { write(&w, base + k, LintResult(findings[k], path: path, screen: screen, texts: texts), &text) }
            }
            first += findings.count
        }
        var w = writer()
        for (k, v) in file.budgetViolations.enumerated() { write(&w, first + k, LintResult(v, path: path), &out) }
    }

    /// A diff's new findings, located in the new file.
    static func added(in file: FileDiff, texts: FindingTexts) -> [LintResult] {
        file.added.map { LintResult($0, path: file.newPath ?? file.path, screen: nil, texts: texts) }
    }

    /// A diff's fixed findings, located in the old file.
    static func removed(in file: FileDiff, texts: FindingTexts) -> [LintResult] {
        file.removed.map { LintResult($0, path: file.oldPath ?? file.path, screen: nil, texts: texts) }
    }
}

/// A file's results, each made when it is written (`LintResult`): its findings then its
/// budget violations, as `LintResult.all` orders them, or a diff's findings of one kind.
/// Read by index, so a report can group or choose results, and write them in blocks on
/// several threads, without copying them: it holds the snapshots' own arrays.
struct ResultList: Sendable {
    private var path: String
    /// Each snapshot's findings, with its screen.
    private var parts: [(findings: [Finding], screen: String?)] = []
    /// The index of each part's first finding.
    private var starts: [Int] = []
    private var findingCount = 0
    private var budgets: [BudgetViolation] = []

    init(_ file: FileReport) {
        path = file.path
        for s in file.snapshots where !s.findings.isEmpty { append(s.findings, screen: s.screen) }
        budgets = file.budgetViolations
    }

    /// A diff's findings, which name no screen.
    init(path: String, findings: [Finding]) {
        self.path = path
        if !findings.isEmpty { append(findings, screen: nil) }
    }

    private mutating func append(_ findings: [Finding], screen: String?) {
        parts.append((findings, screen)); starts.append(findingCount); findingCount += findings.count
    }

    var count: Int { findingCount + budgets.count }
    var isEmpty: Bool { count == 0 }

    func rule(_ i: Int) -> String { i < findingCount ? finding(i).0.rule : PassesBudgetRule.id }
    func severity(_ i: Int) -> Severity { i < findingCount ? finding(i).0.severity : .error }

    func result(_ i: Int, texts: FindingTexts) -> LintResult {
        guard i < findingCount else { return LintResult(budgets[i - findingCount], path: path) }
        let (f, screen) = finding(i)
        return LintResult(f, path: path, screen: screen, texts: texts)
    }

    /// The file the results are in.
    var filePath: String { path }

    /// Calls `body` with what identifies each result of `range` across runs
    /// (`SARIFFingerprints`): its index, the rule, the screen, and the layer path's bytes
    /// (a budget violation's scope). The findings are read in place, part by part: reading
    /// each by its index copied it, and found its part again.
    func forEachIdentity(in range: Range<Int>, _ body: (Int, String, String?, UnsafeBufferPointer<UInt8>) -> Void) {
        var i = range.lowerBound
        let findingsEnd = min(range.upperBound, findingCount)
        if i < findingsEnd {
            var k = starts.part(containing: i)
            while i < findingsEnd {
                let start = starts[k], screen = parts[k].screen
                let end = min(findingsEnd, start + parts[k].findings.count)
                parts[k].findings.withUnsafeBufferPointer { findings in
                    for j in i..<end {
                        findings[j - start].withLayerPath { body(j, findings[j - start].rule, screen, $0) }
                    }
                }
                i = end
                k += 1
            }
        }
        while i < range.upperBound {
            let v = budgets[i - findingCount]
            var scope = v.scope.rawValue
            scope.withUTF8 { body(i, PassesBudgetRule.id, v.screen, $0) }
            i += 1
        }
    }

    /// Finding `i` and its screen.
    private func finding(_ i: Int) -> (Finding, String?) {
        let k = starts.part(containing: i)
        return (parts[k].findings[i - starts[k]], parts[k].screen)
    }
}

/// Every result of a report in order, each with its baseline state (a diff's), read
/// by its ordinal (`ResultList`s one after another).
struct ReportResults: Sendable {
    private let lists: [(list: ResultList, baselineState: String?)]
    /// The ordinal of each list's first result.
    private let starts: [Int]
    let count: Int

    init(_ lists: [(ResultList, String?)]) {
        self.lists = lists.map { (list: $0.0, baselineState: $0.1) }
        var starts: [Int] = [], count = 0
        for (list, _) in lists { starts.append(count); count += list.count }
        self.starts = starts; self.count = count
    }

    func result(_ ordinal: Int, texts: FindingTexts) -> (LintResult, baselineState: String?) {
        let k = starts.part(containing: ordinal)
        return (lists[k].list.result(ordinal - starts[k], texts: texts), lists[k].baselineState)
    }

    /// The file of each list, in order.
    var filePaths: [String] { lists.map(\.list.filePath) }

    /// `ResultList.forEachIdentity` over the results of `range`, with the number of each
    /// result's list.
    func forEachIdentity(in range: Range<Int>, _ body: (_ list: Int, Int, String, String?, UnsafeBufferPointer<UInt8>) -> Void) {
        guard !range.isEmpty else { return }
        var k = starts.part(containing: range.lowerBound)
        var i = range.lowerBound
        while i < range.upperBound {
            let start = starts[k]
            let end = min(range.upperBound, start + lists[k].list.count)
            if i < end {
                lists[k].list.forEachIdentity(in: (i - start)..<(end - start)) { j, rule, screen, last in
                    body(k, start + j, rule, screen, last)
                }
            }
            i = max(i, end)
            k += 1
        }
    }
}

extension Array where Element == Int {
    /// In ascending starts of consecutive parts, the last part starting at or before `i`
    /// (an empty part shares its start with the next), found by halving.
    func part(containing i: Int) -> Int {
        var low = 0, high = count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if self[middle] <= i { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

/// The pseudo rule every format reports budget violations under.
enum PassesBudgetRule {
    static let id = "passes-budget"
    static let title = "Offscreen passes over budget"
    static let summary = "A snapshot, or a whole file, costs more offscreen render passes per frame than the budget the configuration sets."
    static let rationale = """
        Every offscreen pass makes the render server switch to another texture and back within \
        the frame; a budget caps what a screen may spend, so that a change adding passes fails \
        review before it shows up as hitches on a device.
        """
    static let fix = """
        Fix the findings the snapshot reports (each one names the layer, its passes, and the code \
        that removes them), or raise the budget in the configuration when the cost is deliberate.
        """
}
