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
    public init(path: String, snapshots: [SnapshotReport] = [], warnings: [InputMessage] = [], error: InputMessage? = nil) {
        self.path = path; self.snapshots = snapshots; self.warnings = warnings; self.error = error
    }
}

/// Everything one run found, in input order.
public struct LintReport: Sendable {
    public var files: [FileReport]
    public init(files: [FileReport]) { self.files = files }

    public var layerCount: Int { files.reduce(0) { $0 + $1.snapshots.reduce(0) { $0 + $1.layerCount } } }
    public var findings: [Finding] { files.flatMap { $0.snapshots.flatMap(\.findings) } }
    public var passes: Int { files.reduce(0) { $0 + $1.snapshots.reduce(0) { $0 + $1.estimate.passes } } }
    public var passesAfterFixes: Int { files.reduce(0) { $0 + $1.snapshots.reduce(0) { $0 + $1.estimate.passesAfterFixes } } }
    public var errorCount: Int { files.filter { $0.error != nil }.count }
    public var snapshotCount: Int { files.reduce(0) { $0 + $1.snapshots.count } }

    /// Whether a finding reaches `severity`.
    public func hasFinding(atLeast severity: Severity) -> Bool {
        files.contains { $0.snapshots.contains { $0.findings.contains { $0.severity >= severity } } }
    }
}
