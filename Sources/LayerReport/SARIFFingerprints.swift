import LayerRules

/// SARIF fingerprints, one per result in order (`SARIFReporter`): a hash of what
/// identifies a finding across runs — rule, screen, layer path (a budget violation's
/// scope) — and its occurrence among equal identities in the file, counted in file order.
struct SARIFFingerprints {
    /// What makes two results the same finding: `stable`, the hash of rule, screen and
    /// layer path that the fingerprint goes on from; `check`, a hash of the same bytes
    /// seeded anew for each report; and the number of the file's path among the report's.
    /// Equal identities share all three; two different ones in one file would have to
    /// collide in both hashes, the second with a seed no input can know, for an occurrence
    /// to be miscounted.
    private struct Identity: Hashable {
        var stable: UInt64
        var check: UInt64
        var file: Int
    }
    private var seen: [Identity: Int] = [:]
    /// Each file's number, by its path: equal paths count together (a diff's added and
    /// removed findings of one file).
    private var files: [String: Int] = [:]
    private var lastFile = LastFileValue<Int>()
    /// An odd multiplier for `check`, drawn for this report.
    private let seed: UInt64

    init() { seed = UInt64.random(in: .min ... .max) | 1 }

    /// Results hashed on one core before the others help.
    private static let blockSize = 1_024

    /// Each result's fingerprint, counted in order over all of them: a result a file
    /// leaves out still counts for those after it, which stay what they are in a file
    /// that has them all. The identities are hashed on every core, each finding read in
    /// place; only the counting runs in order.
    static func all(_ results: ReportResults) -> [StableHash] {
        let count = results.count
        var fingerprints = SARIFFingerprints()
        let files = results.filePaths.map { fingerprints.number(ofFile: $0) }
        let seed = fingerprints.seed
        let identities = ThreadSlots(count: count, repeating: Identity(stable: 0, check: 0, file: 0))
        BlockRendering.share((count + blockSize - 1) / blockSize) { b in
            results.forEachIdentity(in: b * blockSize..<min(count, (b + 1) * blockSize)) { list, i, rule, screen, last in
                let identity = identify(file: files[list], rule: rule, screen: screen, last: last, seed: seed)
                identities.with(i) { $0 = identity }
            }
        }
        fingerprints.seen.reserveCapacity(count)
        return (0..<count).map { i in fingerprints.next(identities.with(i) { $0 }) }
    }

    /// The fingerprint of the next result.
    mutating func next(for r: LintResult) -> StableHash {
        let file = number(ofFile: r.path)
        if let finding = r.finding {
            var identity = Identity(stable: 0, check: 0, file: 0)
            finding.withLayerPath { identity = Self.identify(file: file, rule: r.rule, screen: r.screen, last: $0, seed: seed) }
            return next(identity)
        }
        var last = r.budget?.scope.rawValue ?? ""
        return next(last.withUTF8 { Self.identify(file: file, rule: r.rule, screen: r.screen, last: $0, seed: seed) })
    }

    private mutating func number(ofFile path: String) -> Int {
        // Results come file by file: the last file's number is asked for again and again.
        if let number = lastFile.value(for: path) { return number }
        let number: Int
        if let known = files[path] { number = known } else { number = files.count; files[path] = number }
        return lastFile.keep(number, for: path)
    }

    private static func identify(file: Int, rule: String, screen: String?, last: UnsafeBufferPointer<UInt8>, seed: UInt64) -> Identity {
        var rule = rule, screen = screen ?? ""
        var stable = StableHash()
        var check = seed
        rule.withUTF8 { stable.combine($0); mixCheck(&check, $0, seed: seed) }
        screen.withUTF8 { stable.combine($0); mixCheck(&check, $0, seed: seed) }
        stable.combine(last); mixCheck(&check, last, seed: seed)
        return Identity(stable: stable.value, check: check, file: file)
    }

    /// Mixes `utf8` into `check` eight bytes a step (Swift's `Hasher`, made and seeded for
    /// every result, cost more than the rest of its identity), then its length, so that
    /// ("ab", "c") and ("a", "bc") differ. Each step is a bijection of the word it mixes.
    private static func mixCheck(_ check: inout UInt64, _ utf8: UnsafeBufferPointer<UInt8>, seed: UInt64) {
        @inline(__always) func mix(_ x: UInt64) -> UInt64 {
            let m = x &* seed
            return m ^ (m >> 29)
        }
        var v = check, i = 0
        let n = utf8.count
        if let base = utf8.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i + 8 <= n {
                v = mix(v ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                i += 8
            }
            var tail: UInt64 = 0, shift: UInt64 = 0
            while i < n {
                tail |= UInt64(base[i]) << shift
                shift += 8
                i += 1
            }
            v = mix(v ^ tail)
        }
        check = mix(v ^ UInt64(n))
    }

    private mutating func next(_ identity: Identity) -> StableHash {
        let occurrence = Self.countOne(&seen[identity, default: 0])
        var hash = StableHash(continuing: identity.stable)
        hash.combine(decimal: occurrence)
        return hash
    }

    /// The count before this one, counted: one lookup of the identity, not two.
    private static func countOne(_ count: inout Int) -> Int {
        defer { count += 1 }
        return count
    }
}
