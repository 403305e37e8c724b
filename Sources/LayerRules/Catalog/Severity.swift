/// How much a finding matters. Ordered: `info < warning < error`.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    case info, warning, error

    private var rank: Int { self == .info ? 0 : self == .warning ? 1 : 2 }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}
