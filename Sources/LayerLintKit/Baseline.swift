import LayerReport
import LayerRules
import YAML

/// Known findings a team accepts for now: a run with `--baseline` reports only findings
/// beyond them. Entries are keyed by file, snapshot, rule and layer path, never by line,
/// and counted, so reformatting a dump or reordering its layers keeps old findings old.
public struct Baseline: Sendable, Equatable {
    /// How many findings of each key are known.
    public let counts: [FindingKey: Int]
    /// The same entries by file, as `matching` keys with the key written in the file:
    /// a run looks up each file's entries once.
    private let byFile: [String: [FindingKey: (written: FindingKey, count: Int)]]

    public init(counts: [FindingKey: Int] = [:]) {
        // Each key is hashed as few times as it can be: hashing was a seventh of writing a
        // baseline of 44,000 findings (a path with a name beyond ASCII is normalised to be hashed).
        self.counts = counts.values.allSatisfy { $0 > 0 } ? counts : counts.filter { $0.value > 0 }
        func add(_ key: FindingKey, _ n: Int, to entry: inout (written: FindingKey, count: Int)) {
            entry = (written: key, count: entry.count + n)
        }
        // Each file's table is made with room for all its keys: growing, it hashed every
        // key it held again at each doubling.
        var keysByFile: [String: [(key: FindingKey, count: Int)]] = [:]
        for (key, n) in self.counts { keysByFile[key.file, default: []].append((key, n)) }
        self.byFile = keysByFile.mapValues { keys in
            var entries = [FindingKey: (written: FindingKey, count: Int)](minimumCapacity: keys.count)
            for (key, n) in keys { add(key, n, to: &entries[key.matching, default: (written: key, count: 0)]) }
            return entries
        }
    }

    public static func == (a: Baseline, b: Baseline) -> Bool { a.counts == b.counts }

    /// Every finding of `report`, with files named relative to `folder` (the baseline's own).
    public init(report: LintReport, relativeTo folder: String) {
        var counts = [FindingKey: Int](minimumCapacity: report.findingCount)
        for file in report.files {
            let name = RelativePath.of(file.path, from: folder)
            for s in file.snapshots { for f in s.findings { counts[Self.key(f, file: name, screen: s.screen), default: 0] += 1 } }
        }
        self.init(counts: counts)
    }

    static func key(_ f: Finding, file: String, screen: String?) -> FindingKey {
        FindingKey(file: file, screen: screen ?? "", rule: f.rule, layerPath: f.layerPath)
    }

    public var findingCount: Int { counts.values.reduce(0, +) }
    public var fileCount: Int { Set(counts.keys.map(\.file)).count }

    /// Leaves out of `report` the findings the baseline covers and tells what it covered
    /// and which baselined findings are gone. Files that were not linted in this run, or
    /// could not be read, have nothing gone.
    public func apply(to report: inout LintReport, relativeTo folder: String) {
        var gone: [(key: FindingKey, count: Int)] = []
        for k in report.files.indices {
            gone += apply(to: &report.files[k], named: RelativePath.of(report.files[k].path, from: folder))
        }
        report.baseline = BaselineOutcome(matched: report.baselinedCount, gone: gone.sorted { $0.key < $1.key })
    }

    /// The same for one file, named as the baseline names it: files are independent, so
    /// each can be compared as soon as it is linted. Returns the file's gone entries.
    /// Where a key has more findings than the baseline counts, the last ones in the file
    /// are the new ones. Paths match as `FindingKey.matching` says.
    public func apply(to file: inout FileReport, named name: String) -> [(key: FindingKey, count: Int)] {
        guard let entries = byFile[name] else { return [] }
        var remaining = entries.mapValues(\.count)
        for s in file.snapshots.indices {
            let screen = file.snapshots[s].screen
            var kept: [Finding] = []
            for f in file.snapshots[s].findings {
                let key = FindingKey.matching(f, file: name, screen: screen ?? "")
                if let entry = remaining.index(forKey: key), remaining.values[entry] > 0 {
                    remaining.values[entry] -= 1
                    file.baselinedCount += 1
                } else {
                    kept.append(f)
                }
            }
            file.snapshots[s].findings = kept
        }
        guard file.error == nil else { return [] }
        // Gone entries are told by the baseline's own paths, as the user reads them in the file.
        return remaining.filter { $0.value > 0 }.map { (key: entries[$0.key]!.written, count: $0.value) }
    }
}

// MARK: - The file

extension Baseline {
    /// The baseline as a file: YAML, one entry per key, sorted, every string quoted, so
    /// that it reads well and changes line by line in a diff.
    public var fileText: String {
        var out = Array("""
        # LayerLint baseline: findings known when it was written. `layerlint lint --baseline FILE`
        # reports only findings beyond these. Entries match by file (relative to this file's
        # folder), snapshot, rule and layer path, never by line; regenerate with --write-baseline.
        version: 1

        """.utf8)
        let entries = Array(counts)
        let keys = entries.map(\.key)
        if keys.isEmpty { return String(decoding: out, as: UTF8.self) + "findings: []\n" }
        // Written as bytes: interpolated strings made each entry several times over.
        func line(_ label: StaticString, _ value: String) {
            label.withUTF8Buffer { out.append(contentsOf: $0) }
            out.append(contentsOf: value.utf8)
            out.append(0x0A)
        }
        func quotedLine(_ label: StaticString, _ value: String) {
            label.withUTF8Buffer { out.append(contentsOf: $0) }
            YAMLText.appendDoubleQuoted(value, to: &out)
            out.append(0x0A)
        }
        out.append(contentsOf: "findings:\n".utf8)
        for k in FindingKey.order(of: keys) {
            let (key, count) = entries[k]
            quotedLine("  - file: ", key.file)
            if !key.screen.isEmpty { quotedLine("    screen: ", key.screen) }
            quotedLine("    rule: ", key.rule)
            quotedLine("    layer: ", key.layerPath)
            line("    count: ", String(count))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Reads a baseline file, strictly: a misspelt key would silently baseline nothing.
    public init(fileText text: String, path: String) throws(BaselineError) {
        if let counts = Self.writtenCounts(text) {
            self.init(counts: counts)
        } else {
            self.init(counts: try Self.parsedCounts(text, path: path))
        }
    }

    /// The counts of a baseline file in any YAML form, read by the YAML parser.
    static func parsedCounts(_ text: String, path: String) throws(BaselineError) -> [FindingKey: Int] {
        func fail(_ message: String, _ mark: YAMLMark?) -> BaselineError {
            BaselineError(path: path, line: mark?.line ?? 1, column: mark?.column ?? 1, message: message)
        }
        let docs: [YAMLNode]
        do { docs = try YAMLNode.documents(in: text) } catch { throw fail(error.message, error.mark) }
        guard docs.count == 1, case .mapping(let top, let topMark) = docs[0].content else {
            throw fail("a baseline is one mapping with `version: 1` and `findings`", docs.first?.mark)
        }
        for pair in top where pair.key != "version" && pair.key != "findings" {
            throw fail("unknown key '\(pair.key)'; a baseline has `version` and `findings`", pair.keyMark)
        }
        guard let version = docs[0]["version"] else { throw fail("missing `version: 1`", topMark) }
        guard version.string == "1" else { throw fail("unsupported baseline version '\(version.string ?? "")'; this LayerLint reads version 1", version.mark) }
        guard let list = docs[0]["findings"], case .sequence(let items, _) = list.content else {
            throw fail("`findings` must be a list", docs[0]["findings"]?.mark ?? topMark)
        }
        var counts: [FindingKey: Int] = [:]
        let fields: Set<String> = ["file", "screen", "rule", "layer", "count"]
        for item in items {
            guard case .mapping(let pairs, let mark) = item.content else { throw fail("each finding is a mapping", item.mark) }
            for pair in pairs where !fields.contains(pair.key) {
                throw fail("unknown key '\(pair.key)'; an entry has file, screen, rule, layer and count", pair.keyMark)
            }
            func text(_ field: String) throws(BaselineError) -> String {
                guard let s = item[field]?.string, !s.isEmpty else { throw fail("missing `\(field)`", item[field]?.mark ?? mark) }
                return s
            }
            let key = FindingKey(file: try text("file"), screen: item["screen"]?.string ?? "", rule: try text("rule"),
                                 layerPath: try text("layer"))
            guard let countText = item["count"]?.string, let count = Int(countText), count > 0 else {
                throw fail("`count` must be a whole number above 0", item["count"]?.mark ?? mark)
            }
            counts[key, default: 0] += count
        }
        return counts
    }
}

public struct BaselineError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String
    public var description: String { "\(path):\(line):\(column): error: \(message)" }
}
