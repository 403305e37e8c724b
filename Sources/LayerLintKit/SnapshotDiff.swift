import LayerReport
import LayerRules

/// Compares two lint runs over two versions of the same dumps (`layerlint diff OLD NEW`).
/// Files pair by their path relative to each side's root; findings by rule, snapshot and
/// layer path, counted, so moved lines and reordered layers are not changes.
public enum SnapshotDiff {
    /// One side of the comparison: a file's report and its path relative to its side's root.
    public struct Side: Sendable {
        public var relativePath: String
        public var report: FileReport
        public init(relativePath: String, report: FileReport) { self.relativePath = relativePath; self.report = report }
    }

    public static func compare(old: [Side], new: [Side]) -> DiffReport {
        let oldByPath = Dictionary(old.map { ($0.relativePath, $0.report) }, uniquingKeysWith: { a, _ in a })
        let newByPath = Dictionary(new.map { ($0.relativePath, $0.report) }, uniquingKeysWith: { a, _ in a })
        let paths = Set(oldByPath.keys).union(newByPath.keys).sorted()
        return DiffReport(files: paths.map { compare(path: $0, old: oldByPath[$0], new: newByPath[$0]) })
    }

    static func compare(path: String, old: FileReport?, new: FileReport?) -> FileDiff {
        // Every key gets a number, from whichever side has it first, and each finding the
        // number of its key: both sides are then counted and matched by number. (Findings
        // grouped in an array per key cost an allocation per key, a copy per finding and a
        // second lookup of every key.)
        var numbers: [FindingKey: Int] = [:]
        numbers.reserveCapacity(findingCount(old) + findingCount(new))
        let before = keyNumbers(old, into: &numbers)
        let after = keyNumbers(new, into: &numbers)
        var oldCounts = [Int](repeating: 0, count: numbers.count), newCounts = oldCounts
        for n in before { oldCounts[n] += 1 }
        for n in after { newCounts[n] += 1 }
        // A finding is added when the new side has more of its key than the old one: the
        // extra ones are the last in the file, as a baseline would count them.
        let added = extras(of: new, numbered: after, beyond: oldCounts)
        let removed = extras(of: old, numbered: before, beyond: newCounts)
        var diff = FileDiff(path: path, oldPath: old?.path, newPath: new?.path,
                            added: inFileOrder(added), removed: inFileOrder(removed),
                            snapshots: snapshotChanges(old: old, new: new), oldError: old?.error, newError: new?.error)
        diff.pairs = drawnPairs(old: old, new: new)
        return diff
    }

    /// `findings` by line, column and rule. Their positions are sorted, not the findings:
    /// moving a finding retains and releases its strings.
    private static func inFileOrder(_ findings: [Finding]) -> [Finding] {
        let order = findings.withUnsafeBufferPointer { f in
            f.indices.sorted {
                (f[$0].location.line, f[$0].location.column, f[$0].rule) < (f[$1].location.line, f[$1].location.column, f[$1].rule)
            }
        }
        return order.map { findings[$0] }
    }

    private static func findingCount(_ file: FileReport?) -> Int {
        file?.snapshots.reduce(0) { $0 + $1.findings.count } ?? 0
    }

    /// The number of each finding's key (snapshot, rule, layer path as
    /// `FindingKey.matching` says), in file order; a key not yet numbered gets the next.
    private static func keyNumbers(_ file: FileReport?, into numbers: inout [FindingKey: Int]) -> [Int] {
        guard let file else { return [] }
        func number(_ entry: inout Int) -> Int { entry }
        var out: [Int] = []
        out.reserveCapacity(findingCount(file))
        for (k, s) in file.snapshots.enumerated() {
            let screen = snapshotKey(s, index: k, in: file)
            for f in s.findings {
                let next = numbers.count
                // One lookup: the entry is made with the next number when the key is new.
                out.append(number(&numbers[FindingKey.matching(f, file: "", screen: screen), default: next]))
            }
        }
        return out
    }

    /// The findings of `file` beyond the first `known[n]` of each key number `n`.
    private static func extras(of file: FileReport?, numbered numbers: [Int], beyond known: [Int]) -> [Finding] {
        guard let file else { return [] }
        var seen = [Int](repeating: 0, count: known.count)
        var out: [Finding] = []
        var k = 0
        for s in file.snapshots {
            for f in s.findings {
                let n = numbers[k]
                k += 1
                seen[n] += 1
                if seen[n] > known[n] { out.append(f) }
            }
        }
        return out
    }

    /// A snapshot is known by its screen; unnamed ones by their place among the unnamed.
    static func snapshotKey(_ s: SnapshotReport, index: Int, in file: FileReport) -> String {
        if let screen = s.screen { return "screen:" + screen }
        let place = file.snapshots[..<index].filter { $0.screen == nil }.count
        return "unnamed:\(place)"
    }

    private static func snapshotChanges(old: FileReport?, new: FileReport?) -> [SnapshotChange] {
        pairedSnapshots(old: old, new: new).map { before, after in
            SnapshotChange(screen: (after ?? before)!.screen, passesBefore: before?.estimate.passes,
                           passesAfter: after?.estimate.passes, line: (after ?? before)!.line,
                           framesPerSecondBefore: before.flatMap(Self.framesPerSecond),
                           framesPerSecondAfter: after.flatMap(Self.framesPerSecond))
        }
    }

    private static func framesPerSecond(_ s: SnapshotReport) -> Double? {
        s.estimate.hasFrameRateSources ? s.estimate.framesPerSecond : nil
    }

    /// The snapshots of both sides paired by `snapshotKey`: the new side's in order, each
    /// with its old counterpart if any, then the old ones no longer there.
    static func pairedSnapshots(old: FileReport?, new: FileReport?) -> [(old: SnapshotReport?, new: SnapshotReport?)] {
        var oldByKey: [String: SnapshotReport] = [:]
        var oldOrder: [String] = []
        if let old {
            for (k, s) in old.snapshots.enumerated() {
                let key = snapshotKey(s, index: k, in: old)
                if oldByKey[key] == nil { oldByKey[key] = s; oldOrder.append(key) }
            }
        }
        var pairs: [(old: SnapshotReport?, new: SnapshotReport?)] = []
        var matched = Set<String>()
        if let new {
            for (k, s) in new.snapshots.enumerated() {
                let key = snapshotKey(s, index: k, in: new)
                if oldByKey[key] != nil { matched.insert(key) }
                pairs.append((oldByKey[key], s))
            }
        }
        for key in oldOrder where !matched.contains(key) { pairs.append((oldByKey[key], nil)) }
        return pairs
    }
}
