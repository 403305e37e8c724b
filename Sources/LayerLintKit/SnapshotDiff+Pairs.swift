import LayerReport

extension SnapshotDiff {
    /// The snapshots of both sides paired as `snapshotChanges` pairs them (by screen, or
    /// by place among the unnamed; new order, then the removed ones), when the run kept
    /// drawings: the html report draws both sides.
    static func drawnPairs(old: FileReport?, new: FileReport?) -> [SnapshotPair] {
        let drawn = (old?.snapshots ?? []).contains { $0.drawing != nil } || (new?.snapshots ?? []).contains { $0.drawing != nil }
        guard drawn else { return [] }
        return pairedSnapshots(old: old, new: new).map { before, after in
            SnapshotPair(screen: (after ?? before)!.screen, old: before, new: after)
        }
    }
}
