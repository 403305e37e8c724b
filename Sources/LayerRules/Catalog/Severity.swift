/// How much a finding matters. Ordered: `info < warning < error`.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    case info, warning, error

    /// 0, 1, 2 from info to error: the order as a number (reports sort results by it).
    package var rank: Int { self == .info ? 0 : self == .warning ? 1 : 2 }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}
