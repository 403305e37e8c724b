#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayerModel
import LayerEstimate
import LayerRules

/// A message about an input, not about a layer: a read error or a warning such as a
/// misspelt key.
public struct InputMessage: Sendable, Hashable {
    public var severity: String
    public var message: String
    public var line: Int
    public var column: Int
    public init(severity: String, message: String, line: Int, column: Int) {
        self.severity = severity; self.message = message; self.line = line; self.column = column
    }
}

public struct SnapshotReport: Sendable {
    public var screen: String?
    public var line: Int
    public var layerCount: Int
    public var refreshRate: Double
    public var findings: [Finding]
    public var estimate: SnapshotEstimate
    /// Properties the dump does not carry for some layer (an import from a view hierarchy):
    /// the estimate then counts what is known, a lower bound.
    public var unknownProperties: UnknownProperties = []
    /// Findings inside layers UIKit or AppKit created, left out of the list because the run
    /// did not ask for them (`--include-system`), and the passes of those layers: the
    /// estimate counts them, budgets do not.
    /// The rules that could not judge this snapshot because the dump does not carry what
    /// they need (an import of a format without shadows or masks): "0 findings" from them
    /// means nothing, and reports say so.
    public var rulesNotRun: [RuleBlindness] = []
    public var hiddenSystemFindings = 0
    public var hiddenSystemPasses = 0
    /// The layers drawn to scale, for the html and svg reports; nil unless a run asks
    /// (`Linter.drawings`).
    public var drawing: SnapshotDrawing?
    /// The configuration's passes budget per snapshot, when it sets one (for the html chart).
    public var passesBudget: Int?
    /// The passes the budget counts: the app's, and what it reaches.
    public var budgetedPasses: Int { estimate.passes - hiddenSystemPasses }
    /// The pixels of layers UIKit or AppKit created deep inside, left out like their passes.
    public var hiddenSystemOffscreenPixels = 0
    /// The pixels the `maxOffscreenPixels` budget counts: the app's, and what it reaches.
    public var budgetedOffscreenPixels: Int { max(0, estimate.offscreenPixels - hiddenSystemOffscreenPixels) }
    public init(screen: String?, line: Int, layerCount: Int, refreshRate: Double, findings: [Finding], estimate: SnapshotEstimate) {
        self.screen = screen; self.line = line; self.layerCount = layerCount; self.refreshRate = refreshRate
        self.findings = findings; self.estimate = estimate
    }
}

public struct FileReport: Sendable {
    public var path: String
    public var snapshots: [SnapshotReport]
    public var warnings: [InputMessage]
    public var error: InputMessage?
    /// Snapshots (or the whole file) over the configured passes budget.
    public var budgetViolations: [BudgetViolation] = []
    /// Findings left out because the configuration suppresses them, with a reason.
    public var suppressedCount = 0
    /// Findings left out because the baseline has them.
    public var baselinedCount = 0
    public init(path: String, snapshots: [SnapshotReport] = [], warnings: [InputMessage] = [], error: InputMessage? = nil) {
        self.path = path; self.snapshots = snapshots; self.warnings = warnings; self.error = error
    }
}

/// Everything one run found, in input order.
public struct LintReport: Sendable {
    public var files: [FileReport]
    /// Set when the run compared its findings with a baseline.
    public var baseline: BaselineOutcome?
    public init(files: [FileReport], baseline: BaselineOutcome? = nil) { self.files = files; self.baseline = baseline }

    public var layerCount: Int { files.reduce(0) { $0 + $1.snapshots.reduce(0) { $0 + $1.layerCount } } }
    /// Every finding in one new array; `forEachFinding` and `findingCount` read them in
    /// place, without copying tens of thousands of findings to count or group them.
    public var findings: [Finding] { files.flatMap { $0.snapshots.flatMap(\.findings) } }
    public var findingCount: Int { files.reduce(0) { $0 + $1.snapshots.reduce(0) { $0 + $1.findings.count } } }
    public func forEachFinding(_ body: (Finding) -> Void) {
        for file in files { for s in file.snapshots { s.findings.forEach(body) } }
    }
    /// How many findings each severity has. Counted by rank, reading each severity in
    /// place: a dictionary keyed by severity hashed its name for every finding (26 M
    /// instructions of a text report's summary, on one core, for 44,000 findings).
    public var findingCountsByRank: [Int] {
        var counts = [0, 0, 0]
        for file in files {
            for s in file.snapshots { s.findings.withUnsafeBufferPointer { for k in $0.indices { counts[$0[k].severity.rank] += 1 } } }
        }
        return counts
    }
    public var passes: Int { files.reduce(0) { $0 + $1.snapshots.reduce(0) { $0 + $1.estimate.passes } } }
    public var passesAfterFixes: Int { files.reduce(0) { $0 + $1.snapshots.reduce(0) { $0 + $1.estimate.passesAfterFixes } } }
    /// Pixels rendered offscreen per frame, summed over every snapshot (saturating).
    public var offscreenPixels: Int { sum(\.offscreenPixels) }
    public var offscreenPixelsAfterFixes: Int { sum(\.offscreenPixelsAfterFixes) }
    private func sum(_ key: KeyPath<SnapshotEstimate, Int>) -> Int {
        var total = 0
        for f in files {
            for s in f.snapshots {
                let (t, o) = total.addingReportingOverflow(s.estimate[keyPath: key])
                total = o ? Int.max : t
            }
        }
        return total
    }
    /// The highest frames per second any snapshot asks for, now and after the fixes; nil
    /// when no snapshot has a repeating animation or a running display link.
    public var framesPerSecond: (now: Double, after: Double)? {
        let estimates = files.flatMap(\.snapshots).map(\.estimate).filter(\.hasFrameRateSources)
        guard !estimates.isEmpty else { return nil }
        return (estimates.map(\.framesPerSecond).max()!, estimates.map(\.framesPerSecondAfterFixes).max()!)
    }
    public var errorCount: Int { files.filter { $0.error != nil }.count }
    public var snapshotCount: Int { files.reduce(0) { $0 + $1.snapshots.count } }
    public var unknownProperties: UnknownProperties {
        files.reduce([]) { $0.union($1.snapshots.reduce([]) { $0.union($1.unknownProperties) }) }
    }
    public var budgetViolations: [BudgetViolation] { files.flatMap(\.budgetViolations) }
    public var suppressedCount: Int { files.reduce(0) { $0 + $1.suppressedCount } }
    public var baselinedCount: Int { files.reduce(0) { $0 + $1.baselinedCount } }
    public var hiddenSystemFindings: Int { files.reduce(0) { $0 + $1.snapshots.reduce(0) { $0 + $1.hiddenSystemFindings } } }
    /// Each rule that could not judge some snapshot, with every property it missed, in
    /// the order the rules run.
    public var rulesNotRun: [RuleBlindness] {
        var out: [RuleBlindness] = []
        for file in files {
            for s in file.snapshots {
                for b in s.rulesNotRun {
                    if let k = out.firstIndex(where: { $0.rule == b.rule }) { out[k].missing.formUnion(b.missing) } else { out.append(b) }
                }
            }
        }
        return out
    }

    /// Whether a finding reaches `severity`.
    public func hasFinding(atLeast severity: Severity) -> Bool {
        files.contains { $0.snapshots.contains { $0.findings.contains { $0.severity >= severity } } }
    }
}

/// A snapshot or a file whose passes per frame exceed the budget the configuration sets.
public struct BudgetViolation: Sendable, Hashable {
    public enum Scope: String, Sendable, Hashable { case snapshot, file }
    public var scope: Scope
    /// The snapshot's screen (snapshot scope; nil when the dump names none).
    public var screen: String?
    /// The snapshot's line, or 1 for a file.
    public var line: Int
    public var passes: Int
    /// The ceiling that was passed: passes, or pixels for `maxOffscreenPixels`.
    public var budget: Int
    /// What the budget caps.
    public var measure: Measure = .passes
    /// The pixels rendered offscreen per frame, for a pixel budget.
    public var offscreenPixels: Int?
    public enum Measure: String, Sendable, Hashable { case passes, offscreenPixels }
    public init(scope: Scope, screen: String?, line: Int, passes: Int, budget: Int) {
        self.scope = scope; self.screen = screen; self.line = line; self.passes = passes; self.budget = budget
    }

    /// A snapshot over the `maxOffscreenPixels` budget.
    public init(screen: String?, line: Int, passes: Int, offscreenPixels: Int, pixelBudget: Int) {
        self.init(scope: .snapshot, screen: screen, line: line, passes: passes, budget: pixelBudget)
        measure = .offscreenPixels
        self.offscreenPixels = offscreenPixels
    }

    public var message: String {
        let what = scope == .file ? "the file's snapshots" : "snapshot \(screen.map { "'\($0)'" } ?? "(unnamed)")"
        if measure == .offscreenPixels, let pixels = offscreenPixels {
            return "\(what) renders \(pixels) pixels offscreen per frame (\(Megapixels.text(pixels)) megapixels), over the budget of \(budget)"
        }
        return "\(what) cost \(CountText.offscreenPasses(passes)) per frame, over the budget of \(budget)"
    }
}

/// What identifies a finding across runs and reformatting: never its line. Baselines
/// and snapshot diffs count findings by this key.
public struct FindingKey: Sendable, Hashable, Comparable {
    /// The file, relative to the baseline's folder or to the compared folder.
    public var file: String
    /// The snapshot's screen, "" when the dump names none.
    public var screen: String
    public var rule: String
    public var layerPath: String
    public init(file: String, screen: String, rule: String, layerPath: String) {
        self.file = file; self.screen = screen; self.rule = rule; self.layerPath = layerPath
    }
    /// The key as runs are matched: a layer path segment without an index is its label's
    /// first (`[0]`). A layer keeps its key when a sibling of the same label is added
    /// after it and both gain indexes (`Card` becomes `Card[0]`), so only the new one is new.
    /// (Made from the path's bytes, `LayerPathBytes`: split by Characters, a baseline of
    /// 9,000 findings took 1.2 billion instructions to match, three times the lint's.)
    public var matching: FindingKey {
        var k = self
        var path = layerPath
        k.layerPath = path.withUTF8(Self.matchingPath)
        return k
    }

    /// The `matching` key of finding `f`, its path made from the finding's bytes.
    public static func matching(_ f: Finding, file: String, screen: String) -> FindingKey {
        var path = ""
        f.withLayerPath { path = matchingPath($0) }
        return FindingKey(file: file, screen: screen, rule: f.rule, layerPath: path)
    }

    private static func matchingPath(_ utf8: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        LayerPathBytes.appendMatching(utf8, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `keys` in order (`<`). Two printable ASCII strings compare by their bytes, the order
    /// `String` gives them without its checks: sorting a baseline's keys, whose paths share
    /// their first hundred bytes, took most of the time to write it.
    public static func sorted(_ keys: some Sequence<FindingKey>) -> [FindingKey] {
        let keys = Array(keys)
        return order(of: keys).map { keys[$0] }
    }

    /// The positions of `keys` in the order `sorted` gives them: what goes with each key
    /// (a baseline's counts) is read by position, without looking its key up again.
    public static func order(of keys: [FindingKey]) -> [Int] {
        let ascii = keys.map(ASCIIFields.init)
        // Positions are sorted, and the keys read in place: moving the keys themselves
        // retained and released their four strings at every step of the merge.
        var order = Array(keys.indices)
        keys.withUnsafeBufferPointer { keys in
            order.sort { i, j in
                let both = ascii[i].intersection(ascii[j])
                return fieldOrder(keys[i].file, keys[j].file, bytes: both.contains(.file))
                    ?? fieldOrder(keys[i].screen, keys[j].screen, bytes: both.contains(.screen))
                    ?? fieldOrder(keys[i].rule, keys[j].rule, bytes: both.contains(.rule))
                    ?? fieldOrder(keys[i].layerPath, keys[j].layerPath, bytes: both.contains(.layerPath)) ?? false
            }
        }
        return order
    }

    /// Which of a key's strings are printable ASCII (checked eight bytes at a time; any
    /// other string compares as `String` does, control characters included).
    private struct ASCIIFields: OptionSet {
        let rawValue: UInt8
        init(rawValue: UInt8) { self.rawValue = rawValue }
        static let file = ASCIIFields(rawValue: 1), screen = ASCIIFields(rawValue: 2)
        static let rule = ASCIIFields(rawValue: 4), layerPath = ASCIIFields(rawValue: 8)

        init(_ key: FindingKey) {
            func ascii(_ s: String) -> Bool { s.utf8.withContiguousStorageIfAvailable { $0.isPrintableASCII } ?? false }
            var fields: ASCIIFields = []
            if ascii(key.file) { fields.insert(.file) }
            if ascii(key.screen) { fields.insert(.screen) }
            if ascii(key.rule) { fields.insert(.rule) }
            if ascii(key.layerPath) { fields.insert(.layerPath) }
            self = fields
        }
    }

    /// Whether `a < b`, nil when they are equal: by their bytes when both are printable
    /// ASCII (the order `String` gives them, without its checks), else as `String` compares them.
    private static func fieldOrder(_ a: String, _ b: String, bytes: Bool) -> Bool? {
        // Equal fields mostly share one string (many keys of one file, snapshot and rule):
        // `==` tells them at once.
        a == b ? nil : bytes ? byteOrder(a, b) : a < b
    }

    /// Whether `a`'s bytes come before `b`'s, nil when they are the same.
    private static func byteOrder(_ a: String, _ b: String) -> Bool? {
        let order = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in compare(x, y) }
        } ?? nil
        let comparison = order ?? Array(a.utf8).withUnsafeBufferPointer { x in
            Array(b.utf8).withUnsafeBufferPointer { y in compare(x, y) }
        }
        return comparison == 0 ? nil : comparison < 0
    }

    /// Negative, zero or positive as `x` comes before, is, or comes after `y`, by bytes.
    private static func compare(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(x.count, y.count)
        let order = common == 0 ? 0 : Int(memcmp(x.baseAddress!, y.baseAddress!, common))
        return order != 0 ? order : x.count - y.count
    }

    public static func < (a: FindingKey, b: FindingKey) -> Bool {
        (a.file, a.screen, a.rule, a.layerPath) < (b.file, b.screen, b.rule, b.layerPath)
    }
}

/// How the findings of a run compare with a baseline.
public struct BaselineOutcome: Sendable, Hashable {
    /// Findings the baseline covered; they are left out of the report.
    public var matched: Int
    /// Baselined findings no longer found, with how many of each went away: the baseline
    /// can be tightened (`--strict-baseline` fails on them).
    public var gone: [(key: FindingKey, count: Int)]
    public init(matched: Int, gone: [(key: FindingKey, count: Int)]) { self.matched = matched; self.gone = gone }
    public static func == (a: BaselineOutcome, b: BaselineOutcome) -> Bool {
        a.matched == b.matched && a.gone.map(\.key) == b.gone.map(\.key) && a.gone.map(\.count) == b.gone.map(\.count)
    }
    public func hash(into h: inout Hasher) { h.combine(matched); for g in gone { h.combine(g.key); h.combine(g.count) } }
}
