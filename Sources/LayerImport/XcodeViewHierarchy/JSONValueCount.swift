import LayerDecode
/// Counts the values of a JSON text in one pass, without building them: what a JSON
/// parser that builds objects would allocate, so that it can be refused first.
enum JSONValueCount {
    /// Objects and lists, strings (keys included) and other scalars (numbers, `true`,
    /// `false`, `null`). The text is not validated; the parser does that later. Stops
    /// counting once past `limit`.
    static func count(_ bytes: [UInt8], stoppingAfter limit: Int) -> Int {
        var count = 0
        var inString = false, escaped = false, inScalar = false
        for b in bytes {
            if inString {
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch b {
            case UInt8(ascii: "\""):
                inString = true
                inScalar = false
                count += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                inScalar = false
                count += 1
            case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "]"), UInt8(ascii: "}"),
                 UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                inScalar = false
            default:
                if !inScalar {
                    inScalar = true
                    count += 1
                }
            }
            if count > limit { return count }
        }
        return count
    }
}
