import LayerRules

/// Writes parts of findings' words that no other finding shares, one after another into
/// the same buffer: nothing is kept or allocated per finding.
struct FindingWordsScratch {
    private var words = WordsText()

    /// Calls `body` with the UTF-8 bytes of `part` of `f`'s words.
    mutating func with(_ part: FindingTextPart, of f: Finding, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        words.removeAll()
        f.write(part, to: &words)
        words.bytes.withUnsafeBufferPointer(body)
    }

    /// Replaces `out` with `part` of `f`'s words as a JSON string.
    mutating func quote(_ part: FindingTextPart, of f: Finding, into out: inout ByteText) {
        out.removeAll()
        with(part, of: f) { out.appendJSONQuoted(utf8: $0) }
    }

    /// Replaces `out` with `f`'s message and fix summary, a blank line and "Fix: " between
    /// them, as one JSON string (SARIF's `message.text`).
    mutating func quoteMessageAndFix(of f: Finding, into out: inout ByteText) {
        words.removeAll()
        f.write(.message, to: &words)
        words.append("\n\nFix: ")
        f.write(.fixSummary, to: &words)
        out.removeAll()
        words.bytes.withUnsafeBufferPointer { out.appendJSONQuoted(utf8: $0) }
    }
}
