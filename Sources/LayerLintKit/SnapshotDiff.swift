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
        let before = occurrences(old)
        let after = occurrences(new)
        // A finding is added when the new side has more of its key than the old one: the
        // extra ones are the last in the file, as a baseline would count them.
        var added: [Finding] = []
        var removed: [Finding] = []
        for (key, findings) in after {
            let known = before[key]?.count ?? 0
            if findings.count > known { added += findings[known...] }
        }
        for (key, findings) in before {
            let still = after[key]?.count ?? 0
            if findings.count > still { removed += findings[still...] }
        }
        let inFileOrder: (Finding, Finding) -> Bool = {
            ($0.location.line, $0.location.column, $0.rule) < ($1.location.line, $1.location.column, $1.rule)
        }
        var diff = FileDiff(path: path, oldPath: old?.path, newPath: new?.path,
                            added: added.sorted(by: inFileOrder), removed: removed.sorted(by: inFileOrder),
                            snapshots: snapshotChanges(old: old, new: new), oldError: old?.error, newError: new?.error)
        diff.pairs = drawnPairs(old: old, new: new)
        return diff
    }

    /// Findings by key (snapshot, rule, layer path as `FindingKey.matching` says), in file order.
    private static func occurrences(_ file: FileReport?) -> [FindingKey: [Finding]] {
        var out: [FindingKey: [Finding]] = [:]
        guard let file else { return out }
        for (k, s) in file.snapshots.enumerated() {
            let screen = snapshotKey(s, index: k, in: file)
            for f in s.findings { out[FindingKey.matching(f, file: "", screen: screen), default: []].append(f) }
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
