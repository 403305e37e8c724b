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

    /// Replaces `out` with `f`'s message, a blank line, "Fix: " and the fix summary, as one
    /// JSON string (SARIF's `message.text`), the summary taken from `summary`, where it is
    /// already quoted: quoting escapes each scalar alone, so the two quoted strings join
    /// once the message's closing quote and the summary's opening one are left out.
    mutating func quoteMessage(of f: Finding, fixSummary summary: ByteText, into out: inout ByteText) {
        quote(.message, of: f, into: &out)
        out.removeLastByte()
        out.append("\\n\\nFix: ")
        summary.bytes.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(rebasing: $0.dropFirst())) }
    }
}
