import LayerRules

/// SARIF fingerprints, one per result in order (`SARIFReporter`): a hash of what
/// identifies a finding across runs — rule, screen, layer path (a budget violation's
/// scope) — and its occurrence among equal identities in the file, counted in file order.
struct SARIFFingerprints {
    /// What makes two results the same finding. Hashed by its stable hash, which equal
    /// identities share, so a layer path is hashed once per result, not twice.
    private struct Identity: Hashable {
        var path: String
        var rule: String
        var screen: String
        var last: [UInt8]
        /// `StableHash` of rule, screen and last.
        var stable: UInt64

        func hash(into hasher: inout Hasher) { hasher.combine(stable) }
        static func == (a: Identity, b: Identity) -> Bool {
            a.stable == b.stable && a.last == b.last && a.rule == b.rule && a.screen == b.screen && a.path == b.path
        }
    }
    private var seen: [Identity: Int] = [:]

    /// Each result's fingerprint, counted in order over all of them: a result a file
    /// leaves out still counts for those after it, which stay what they are in a file
    /// that has them all.
    static func all(_ results: ReportResults) -> [StableHash] {
        var fingerprints = SARIFFingerprints()
        let texts = FindingTexts()
        return (0..<results.count).map { fingerprints.next(for: results.result($0, texts: texts).0) }
    }

    /// The fingerprint of the next result.
    mutating func next(for r: LintResult) -> StableHash {
        if let finding = r.finding {
            var hash = StableHash()
            finding.withLayerPath { hash = next(path: r.path, rule: r.rule, screen: r.screen, last: $0) }
            return hash
        }
        var last = r.budget?.scope.rawValue ?? ""
        return last.withUTF8 { next(path: r.path, rule: r.rule, screen: r.screen, last: $0) }
    }

    private mutating func next(path: String, rule: String, screen: String?, last: UnsafeBufferPointer<UInt8>) -> StableHash {
        var hash = StableHash()
        hash.combine(rule); hash.combine(screen ?? ""); hash.combine(last)
        let identity = Identity(path: path, rule: rule, screen: screen ?? "", last: Array(last), stable: hash.value)
        let occurrence = seen[identity, default: 0]
        seen[identity] = occurrence + 1
        hash.combine(decimal: occurrence)
        return hash
    }
}
