import LayerModel

/// JSON quoting for bytes a reporter already has (a layer path from
/// `Finding.withLayerPath`) and for pieces it pre-quotes once (`FindingTextCache`).
/// Each is exactly what `JSONText.appendQuoted` writes for the same text.
enum JSONBytes {
    /// `utf8` as a JSON string, quotes included. Printable ASCII without a quote or a
    /// backslash (nearly every layer path) is copied; other text is escaped by `JSONText`.
    static func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout ByteText) {
        // Longer text (a layer path) goes straight to `JSONText`, whose first step is the
        // word-at-a-time scan: checked here byte by byte first, such text was read twice.
        if utf8.count < 16 && isPlain(utf8) {
            out.append(byte: 0x22); out.append(utf8); out.append(byte: 0x22)
        } else {
            out.appendJSONQuoted(utf8: utf8)
        }
    }

    /// Whether the bytes are JSON text as they are: printable ASCII without a quote or a
    /// backslash. One pass, byte by byte: for the short keys and values a writer checks
    /// by the million, cheaper than the word-at-a-time scan's setup.
    @inline(__always)
    static func isPlain(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in utf8 where b &- 0x20 >= 0x5F || b == 0x22 || b == 0x5C { return false }
        return true
    }

    /// `s` as a JSON string, quotes included, as bytes to copy later.
    static func quoted(_ s: String) -> ByteText {
        var out = ByteText()
        out.appendJSONQuoted(s)
        return out
    }

    /// `s` quoted without its quotes: a piece of a JSON string written in several parts.
    /// JSON escapes each scalar on its own, so the parts' escapes make the whole one's.
    static func inner(_ s: String) -> ByteText {
        var out = ByteText()
        var quoted = JSONText.quoted(s)
        quoted.withUTF8 { out.append(UnsafeBufferPointer(rebasing: $0.dropFirst().dropLast())) }
        return out
    }
}
