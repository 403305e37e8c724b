/// A rule's placeholder values, sorted by name, built when the rule matches: the snapshot
/// rules, and code that builds values by hand. Layer rules defer theirs (`RuleWordsKey`).
public final class RuleValues: WordsTable, @unchecked Sendable {
    fileprivate let pairs: [Pair]
    private let valuesHash: Int
    fileprivate struct Pair: Sendable, Hashable { var name: String; var value: String }

    public init(_ values: [String: String]) {
        var pairs = values.map { Pair(name: $0.key, value: $0.value) }
        pairs.sort { $0.name < $1.name }
        self.pairs = pairs
        var hasher = Hasher()
        for p in pairs { hasher.combine(p.name); hasher.combine(p.value) }
        valuesHash = hasher.finalize()
    }

    public subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    override func write(_ entry: Int32, _ name: String, to out: inout WordsText) -> Bool {
        guard let value = self[name] else { return false }
        out.append(value)
        return true
    }

    override func isEqual(_ entry: Int32, to other: WordsTable, _ otherEntry: Int32) -> Bool {
        guard let other = other as? RuleValues else { return false }
        return valuesHash == other.valuesHash && pairs == other.pairs
    }

    override func hash(_ entry: Int32, into hasher: inout Hasher) { hasher.combine(valuesHash) }
}

/// What a layer rule's words depend on (numbers, names, cases), kept instead of the words
/// themselves: a fix is lines of code with the layer's numbers, written only when a report
/// shows the finding, straight into the report's buffer. A key is a plain value holding
/// everything its words need, so findings keep a few numbers each, whatever their words
/// say, and equal keys read the same.
public protocol RuleWordsKey: Hashable, Sendable {
    /// Writes the value of the placeholder `name`; false when the key gives none (the
    /// layer's label and passes are the finding's).
    func write(_ name: String, to out: inout WordsText) -> Bool
}

/// Where findings' placeholder values come from: an entry of a table of keys. Subclassed
/// by the table of one key type and by `RuleValues`; compared and hashed by content.
public class WordsTable: @unchecked Sendable {
    func write(_ entry: Int32, _ name: String, to out: inout WordsText) -> Bool { false }
    /// Writes `template` with this entry's values: one call per text, not per placeholder.
    func write(_ entry: Int32, _ template: MessageTemplate, _ values: PlaceholderValues, to out: inout WordsText) {
        template.write(to: &out) { name, out in values.write(name, to: &out) }
    }
    func isEqual(_ entry: Int32, to other: WordsTable, _ otherEntry: Int32) -> Bool { false }
    func hash(_ entry: Int32, into hasher: inout Hasher) {}
    /// Whether other findings of the walk have this entry's words: worth keeping a
    /// report's text of them for the next.
    func repeats(_ entry: Int32) -> Bool { true }
}

/// The keys of one key type found in one rule walk; findings refer to their entry. A key
/// seen a moment ago (the same layer in the cell before) is found again by a small table
/// of recent keys and shared, so a list of equal cells keeps one; a key seen long ago is
/// kept again, which costs a few bytes and no lookup in a table of every key. Filled by
/// the one thread that walks, read-only once the walk is over, which is what makes sharing
/// it between threads safe.
final class KeyTable<Key: RuleWordsKey>: WordsTable, @unchecked Sendable {
    private var keys = ChunkedList<Key>()
    /// Per entry: whether more than one finding has it.
    private var shared = ChunkedList<Bool>()
    /// The entry of a recent key in each slot (by its hash), or -1.
    private var recent = [Int32](repeating: -1, count: 256)
    /// What `write` and `hash` do, made in `init`, which is compiled for each key type where
    /// a rule makes its table. The overrides run through the class's vtable as generic code,
    /// which looked up the type metadata of `ChunkedList<Key>` for each entry read: a
    /// tenth of writing a report's words. A whole text is written from one read of the
    /// key: looked up per placeholder, each value paid a dynamic call, the key's copy and
    /// an exclusivity check (the words of a 100,000-layer text report: 282 M instructions
    /// then, 248 M now).
    private let writeTemplate: (WordsTable, Int32, MessageTemplate, PlaceholderValues, inout WordsText) -> Void
    private let hashEntry: (WordsTable, Int32, inout Hasher) -> Void

    override init() {
        writeTemplate = { table, entry, template, values, out in
            let key = unsafeDowncast(table, to: KeyTable<Key>.self).keys[Int(entry)]
            template.write(to: &out) { name, out in key.write(name, to: &out) || values.writeOwn(name, to: &out) }
        }
        hashEntry = { table, entry, hasher in
            hasher.combine(unsafeDowncast(table, to: KeyTable<Key>.self).keys[Int(entry)])
        }
        super.init()
    }

    /// The entry of `key`: a recent equal key's, or a new one.
    func entry(for key: Key) -> Int32 {
        let slot = key.hashValue & (recent.count - 1)
        let known = recent[slot]
        if known >= 0, keys[Int(known)] == key {
            shared[Int(known)] = true
            return known
        }
        let entry = Int32(clamping: keys.count)
        keys.append(key)
        shared.append(false)
        recent[slot] = entry
        return entry
    }

    override func write(_ entry: Int32, _ template: MessageTemplate, _ values: PlaceholderValues, to out: inout WordsText) {
        writeTemplate(self, entry, template, values, &out)
    }

    override func isEqual(_ entry: Int32, to other: WordsTable, _ otherEntry: Int32) -> Bool {
        guard let other = other as? KeyTable<Key> else { return false }
        return keys[Int(entry)] == other.keys[Int(otherEntry)]
    }

    override func hash(_ entry: Int32, into hasher: inout Hasher) { hashEntry(self, entry, &hasher) }

    override func repeats(_ entry: Int32) -> Bool { shared[Int(entry)] }
}

/// A finding's words: an entry of a words table.
public struct WordsRef: Sendable, Hashable {
    let table: WordsTable
    let entry: Int32

    init(_ table: WordsTable, _ entry: Int32) { self.table = table; self.entry = entry }

    public static func == (a: WordsRef, b: WordsRef) -> Bool {
        (a.table === b.table && a.entry == b.entry) || a.table.isEqual(a.entry, to: b.table, b.entry)
    }

    public func hash(into hasher: inout Hasher) { table.hash(entry, into: &hasher) }
}

/// A finding's placeholder values: its rule's words, and the layer's label, which every
/// finding adds unless the rule names it itself. The passes come from the finding.
public struct FindingValues: Sendable, Hashable {
    let words: WordsRef
    let layer: String

    init(_ words: WordsRef, layer: String) {
        self.words = words
        self.layer = layer
    }

    /// Whether other findings of the walk read the same words.
    var repeats: Bool { words.table.repeats(words.entry) }
}

/// What a template's placeholders read for one finding: its values and passes.
public struct PlaceholderValues: Sendable {
    let values: FindingValues
    let passes: Int
    let passesAfter: Int

    /// Writes the value of `name`; false when there is none.
    func write(_ name: String, to out: inout WordsText) -> Bool {
        values.words.table.write(values.words.entry, name, to: &out) || writeOwn(name, to: &out)
    }

    /// Writes `template` with these values.
    func write(_ template: MessageTemplate, to out: inout WordsText) {
        values.words.table.write(values.words.entry, template, self, to: &out)
    }

    /// The values every finding has, which its rule's words do not give.
    func writeOwn(_ name: String, to out: inout WordsText) -> Bool {
        switch name {
        case "layer": out.append(values.layer)
        case "passes": out.append(passes)
        case "passesAfter": out.append(passesAfter)
        default: return false
        }
        return true
    }
}
