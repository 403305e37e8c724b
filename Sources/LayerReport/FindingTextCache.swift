import LayerRules

/// What one reporter derives from a finding's text (its message escaped for the format,
/// its fix quoted), built once per distinct text in one rendering: findings on repeated
/// cells share their `FindingText`, so a report with thousands of findings escapes a
/// handful of texts and each finding copies bytes.
///
/// Keyed by the text's identity; each entry keeps its text alive, so an identity is never
/// reused while the cache lives. Texts that never repeat (every layer with its own
/// numbers) would fill it with a copy of the whole report, so it starts over once it holds
/// `capacity` entries. A value, owned by one rendering: nothing is shared between
/// reporters, threads or runs.
struct FindingTextCache<Entry> {
    private var entries: [ObjectIdentifier: (text: FindingText, entry: Entry)] = [:]
    static var capacity: Int { 4096 }

    /// The entry for `text`, made by `make` the first time the text is seen.
    mutating func entry(for text: FindingText, _ make: (FindingText) -> Entry) -> Entry {
        // A text no other finding shares is never asked for again.
        guard text.repeats else { return make(text) }
        let id = ObjectIdentifier(text)
        if let known = entries[id] { return known.entry }
        let entry = make(text)
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        entries[id] = (text, entry)
        return entry
    }

    /// How many distinct texts have entries (tests).
    var count: Int { entries.count }
}
