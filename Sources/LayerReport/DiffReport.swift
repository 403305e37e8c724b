import LayerRules

/// Two versions of a set of dumps compared (`layerlint diff OLD NEW`): files are paired
/// by their path relative to OLD and NEW, findings by `FindingKey` and counted.
public struct DiffReport: Sendable {
    public var files: [FileDiff]
    public init(files: [FileDiff]) { self.files = files }

    public var added: [Finding] { files.flatMap(\.added) }
    public var removed: [Finding] { files.flatMap(\.removed) }
    public var passesBefore: Int { files.reduce(0) { $0 + $1.snapshots.reduce(0) { $0 + ($1.passesBefore ?? 0) } } }
    public var passesAfter: Int { files.reduce(0) { $0 + $1.snapshots.reduce(0) { $0 + ($1.passesAfter ?? 0) } } }
    public var errorCount: Int { files.reduce(0) { $0 + ($1.oldError == nil ? 0 : 1) + ($1.newError == nil ? 0 : 1) } }
}

public struct FileDiff: Sendable {
    /// The path relative to both sides, which pairs them.
    public var path: String
    /// The file on each side as it was read; nil where the file does not exist on that side.
    public var oldPath: String?
    public var newPath: String?
    /// Findings of the new file that the old one did not have (their lines are in `newPath`).
    public var added: [Finding]
    /// Findings of the old file that the new one no longer has (their lines are in `oldPath`).
    public var removed: [Finding]
    /// Every snapshot of either side, paired by screen (or by position when unnamed).
    public var snapshots: [SnapshotChange]
    public var oldError: InputMessage?
    public var newError: InputMessage?
    /// Each snapshot of either side with its reports, paired as `snapshots` pairs them, for
    /// the reports that draw both sides (html); empty unless the run kept drawings.
    public var pairs: [SnapshotPair] = []
    public init(path: String, oldPath: String?, newPath: String?, added: [Finding], removed: [Finding],
                snapshots: [SnapshotChange], oldError: InputMessage? = nil, newError: InputMessage? = nil) {
        self.path = path; self.oldPath = oldPath; self.newPath = newPath; self.added = added; self.removed = removed
        self.snapshots = snapshots; self.oldError = oldError; self.newError = newError
    }
}

/// One snapshot's passes per frame before and after; nil on the side that lacks it.
public struct SnapshotChange: Sendable, Hashable {
    public var screen: String?
    public var passesBefore: Int?
    public var passesAfter: Int?
    /// The new snapshot's line, or the old one's when it was removed.
    public var line: Int
    /// Frames per second the snapshot's repeating animations and display links ask for on
    /// each side; nil where the side lacks the snapshot or nothing in it repeats.
    public var framesPerSecondBefore: Double?
    public var framesPerSecondAfter: Double?
    public init(screen: String?, passesBefore: Int?, passesAfter: Int?, line: Int,
                framesPerSecondBefore: Double? = nil, framesPerSecondAfter: Double? = nil) {
        self.screen = screen; self.passesBefore = passesBefore; self.passesAfter = passesAfter; self.line = line
        self.framesPerSecondBefore = framesPerSecondBefore; self.framesPerSecondAfter = framesPerSecondAfter
    }
    public var delta: Int { (passesAfter ?? 0) - (passesBefore ?? 0) }
    public var frameRateChanged: Bool { framesPerSecondBefore != framesPerSecondAfter }
}

/// One snapshot on each side of a diff (nil where a side lacks it), with its findings and
/// drawing.
public struct SnapshotPair: Sendable {
    public var screen: String?
    public var old: SnapshotReport?
    public var new: SnapshotReport?
    public init(screen: String?, old: SnapshotReport?, new: SnapshotReport?) { self.screen = screen; self.old = old; self.new = new }
}
