import LayerReport

extension SnapshotDiff {
    /// The snapshots of both sides paired as `snapshotChanges` pairs them (by screen, or
    /// by place among the unnamed; new order, then the removed ones), when the run kept
    /// drawings: the html report draws both sides.
    static func drawnPairs(old: FileReport?, new: FileReport?) -> [SnapshotPair] {
        let drawn = (old?.snapshots ?? []).contains { $0.drawing != nil } || (new?.snapshots ?? []).contains { $0.drawing != nil }
        guard drawn else { return [] }
        var oldByKey: [String: SnapshotReport] = [:]
        var oldOrder: [String] = []
        if let old {
            for (k, s) in old.snapshots.enumerated() {
                let key = snapshotKey(s, index: k, in: old)
                if oldByKey[key] == nil { oldByKey[key] = s; oldOrder.append(key) }
            }
        }
        var pairs: [SnapshotPair] = []
        var matched = Set<String>()
        if let new {
            for (k, s) in new.snapshots.enumerated() {
                let key = snapshotKey(s, index: k, in: new)
                if oldByKey[key] != nil { matched.insert(key) }
                pairs.append(SnapshotPair(screen: s.screen, old: oldByKey[key], new: s))
            }
        }
        for key in oldOrder where !matched.contains(key) {
            pairs.append(SnapshotPair(screen: oldByKey[key]!.screen, old: oldByKey[key], new: nil))
        }
        return pairs
    }
}
