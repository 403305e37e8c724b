import LayerRules

/// SARIF fingerprints, one per result in order (`SARIFReporter`): a hash of what
/// identifies a finding across runs — rule, screen, layer path (a budget violation's
/// scope) — and its occurrence among equal identities in the file, counted in file order.
struct SARIFFingerprints {
    /// What makes two results the same finding, as two hashes: `stable`, of rule, screen
    /// and layer path, which the fingerprint goes on from, and `whole`, this process's
    /// seeded hash of those and the file's path. Equal identities share both; two
    /// different ones would have to collide in both, the second with a seed no input can
    /// know, for an occurrence to be miscounted.
    private struct Identity: Hashable {
        var stable: UInt64
        var whole: Int
    }
    private var seen: [Identity: Int] = [:]

    /// Results hashed on one core before the others help.
    private static let blockSize = 1_024

    /// Each result's fingerprint, counted in order over all of them: a result a file
    /// leaves out still counts for those after it, which stay what they are in a file
    /// that has them all. The identities are hashed on every core; only the counting
    /// runs in order.
    static func all(_ results: ReportResults) -> [StableHash] {
        let count = results.count
        let identities = ThreadSlots(count: count, repeating: Identity(stable: 0, whole: 0))
        BlockRendering.share((count + blockSize - 1) / blockSize) { b in
            for i in b * blockSize..<min(count, (b + 1) * blockSize) {
                let identity = results.withIdentity(i) { identify(path: $0, rule: $1, screen: $2, last: $3) }
                identities.with(i) { $0 = identity }
            }
        }
        var fingerprints = SARIFFingerprints()
        return (0..<count).map { i in fingerprints.next(identities.with(i) { $0 }) }
    }

    /// The fingerprint of the next result.
    mutating func next(for r: LintResult) -> StableHash {
        if let finding = r.finding {
            var identity = Identity(stable: 0, whole: 0)
            finding.withLayerPath { identity = Self.identify(path: r.path, rule: r.rule, screen: r.screen, last: $0) }
            return next(identity)
        }
        var last = r.budget?.scope.rawValue ?? ""
        return next(last.withUTF8 { Self.identify(path: r.path, rule: r.rule, screen: r.screen, last: $0) })
    }

    private static func identify(path: String, rule: String, screen: String?, last: UnsafeBufferPointer<UInt8>) -> Identity {
        var stable = StableHash()
        stable.combine(rule); stable.combine(screen ?? ""); stable.combine(last)
        var whole = Hasher()
        whole.combine(path); whole.combine(rule); whole.combine(screen ?? "")
        whole.combine(bytes: UnsafeRawBufferPointer(last))
        return Identity(stable: stable.value, whole: whole.finalize())
    }

    private mutating func next(_ identity: Identity) -> StableHash {
        let occurrence = seen[identity, default: 0]
        seen[identity] = occurrence + 1
        var hash = StableHash(continuing: identity.stable)
        hash.combine(decimal: occurrence)
        return hash
    }
}
