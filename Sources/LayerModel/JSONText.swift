/// JSON string quoting, shared by the decoder (extra keys) and the writers (the JSON,
/// SARIF and reviewdog reports).
///
/// Beyond what JSON requires (quote, backslash, C0 controls), DEL, the C1 controls, the
/// line and paragraph separators U+2028 and U+2029 (line breaks to JavaScript before
/// ES2019 and to many log viewers) and the bidirectional formatting characters are
/// written as `\u` escapes: the value is unchanged for a parser, and the raw report shown
/// in a terminal or a diff can neither run escape sequences nor reorder a line. Strings
/// hold valid Unicode (Swift repairs invalid UTF-8 in a path with U+FFFD when it makes
/// the `String`), so no lone surrogate can be written.
public enum JSONText {
    public static func quoted(_ s: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count + 2)
        appendQuoted(s, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Scalar by scalar: for text that is not all ASCII.
    private static func quotedScalars(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where needsEscape(scalar.value):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `quoted(s)`, appended to UTF-8 output without making a `String` of it: the
    /// writers quote every key and value of a report this way.
    public static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        var s = s
        s.withUTF8 { appendQuoted(utf8: $0, to: &out) }
    }

    /// `appendQuoted` of text given as UTF-8 bytes.
    public static func appendQuoted(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        // ASCII (nearly every key, path and message) is escaped in runs of bytes; text
        // with other scalars goes through `quotedScalars`, which knows the scalars to escape.
        if bytes.isPlainJSON {
            out.append(0x22); out.append(contentsOf: bytes); out.append(0x22)
            return
        }
        guard !bytes.contains(where: { $0 >= 0x80 }) else {
            out.append(contentsOf: quotedScalars(String(decoding: bytes, as: UTF8.self)).utf8)
            return
        }
        out.append(0x22)
        var run = 0
        for (i, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
            switch byte {
            case 0x22: out.append(contentsOf: [0x5C, 0x22])
            case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: out.append(contentsOf: [0x5C, 0x72])
            case 0x09: out.append(contentsOf: [0x5C, 0x74])
            default:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            }
            run = i + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        out.append(0x22)
    }

    /// C0, DEL, C1, U+061C, U+200E/F, U+2028...U+202E, U+2066...U+2069: all in the BMP,
    /// so one `\u` escape each.
    private static func needsEscape(_ v: UInt32) -> Bool {
        if v < 0x20 || (v >= 0x7F && v <= 0x9F) { return true }
        if v < 0x061C { return false }
        return v == 0x061C || v == 0x200E || v == 0x200F || (0x2028...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether every byte is printable ASCII (U+0020...U+007E): such text needs nothing
    /// but each format's own specials. Reporters ask per finding, so eight bytes are
    /// checked at once: a byte with its high bit set, below 0x20, or equal to 0x7F.
    public var isPrintableASCII: Bool { isPrintableASCII(excluding: []) }

    /// Printable ASCII without a quote or a backslash: JSON text as it is.
    var isPlainJSON: Bool { isPrintableASCII(excluding: [0x22, 0x5C]) }

    /// Printable ASCII with none of the `excluded` bytes, eight bytes at a time.
    func isPrintableASCII(excluding excluded: [UInt8]) -> Bool {
        guard let base = baseAddress else { return true }
        let high: UInt64 = 0x8080_8080_8080_8080, ones: UInt64 = 0x0101_0101_0101_0101
        // A zero byte of `w ^ c` marks a byte equal to `c`; exact as a whole (a borrow
        // only reaches bytes above one that matched).
        func hasZeroByte(_ x: UInt64) -> Bool { (x &- ones) & ~x & high != 0 }
        var i = 0
        while i + 8 <= count {
            let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            let below = (w &- ones &* 0x20) & ~w & high
            if (w & high) | below != 0 || hasZeroByte(w ^ (ones &* 0x7F)) { return false }
            for c in excluded where hasZeroByte(w ^ (ones &* UInt64(c))) { return false }
            i += 8
        }
        while i < count {
            let b = base[i]
            if b &- 0x20 >= 0x5F || excluded.contains(b) { return false }
            i += 1
        }
        return true
    }
}
