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

    /// `quoted(s)`, appended to UTF-8 output without making a `String` of it: the
    /// writers quote every key and value of a report this way.
    public static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        var s = s
        s.withUTF8 { appendQuoted(utf8: $0, to: &out) }
    }

    /// `appendQuoted` of text given as UTF-8 bytes: one pass over the bytes, copying runs
    /// and escaping in place, so text with other scalars (a size's "×" in every message)
    /// costs what ASCII costs. Bytes that are not valid UTF-8 are written as the `String`
    /// made of them reads (each bad sequence a U+FFFD).
    public static func appendQuoted(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        // Where the plain text ends is where the loop below starts: text that is plain
        // throughout is copied whole, and other text is not scanned twice.
        var i = bytes.end(ofPrintableFrom: 0, orJSONSpecial: true)
        if i == bytes.count {
            out.append(0x22); out.append(contentsOf: bytes); out.append(0x22)
            return
        }
        let start = out.count
        out.append(0x22)
        var run = 0
        func escape(_ value: UInt32, length: Int) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
            appendEscape(value, to: &out)
            run = i + length
        }
        while i < bytes.count {
            i = bytes.end(ofPrintableFrom: i, orJSONSpecial: true)
            guard i < bytes.count else { break }
            let byte = bytes[i]
            if byte < 0x80 {
                if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F { escape(UInt32(byte), length: 1) }
                i += 1
                continue
            }
            // A run of other scalars (a Japanese name) is decoded here, one after another.
            repeat {
                guard let (scalar, length) = scalar(in: bytes, at: i) else {
                    out.removeSubrange(start...)
                    var repaired = String(decoding: bytes, as: UTF8.self)
                    repaired.withUTF8 { appendQuoted(utf8: $0, to: &out) }
                    return
                }
                if needsEscape(scalar) { escape(scalar, length: length) }
                i += length
            } while i < bytes.count && bytes[i] >= 0x80
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        out.append(0x22)
    }

    /// The escape of one scalar: a short form where JSON has one, else `\u` and four
    /// lowercase hex digits (every scalar escaped lies in the BMP).
    private static func appendEscape(_ value: UInt32, to out: inout [UInt8]) {
        // Byte by byte: an array literal of two bytes went through the generic append of a
        // sequence, and fix code escapes a line break every forty bytes or so.
        out.append(0x5C)
        switch value {
        case 0x22: out.append(0x22)
        case 0x5C: out.append(0x5C)
        case 0x0A: out.append(0x6E)
        case 0x0D: out.append(0x72)
        case 0x09: out.append(0x74)
        default:
            let hex: StaticString = "0123456789abcdef"
            out.append(0x75)
            for shift in stride(from: 12, through: 0, by: -4) { out.append(hex.utf8Start[Int((value >> UInt32(shift)) & 0xF)]) }
        }
    }

    /// The scalar whose UTF-8 starts at `i` and its length in bytes; nil for a sequence
    /// that is not well-formed (a stray continuation byte, an overlong form, a surrogate,
    /// beyond U+10FFFF, cut short).
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int)? {
        let lead = bytes[i]
        let length = lead < 0xC2 ? 0 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : lead < 0xF5 ? 4 : 0
        guard length > 0, i + length <= bytes.count else { return nil }
        var value = UInt32(lead) & (0x7F >> UInt32(length))
        for k in 1..<length {
            let next = bytes[i + k]
            guard next & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(next & 0x3F)
        }
        let lowest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= lowest, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return nil }
        return (value, length)
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
    public var isPrintableASCII: Bool { end(ofPrintableFrom: 0, orJSONSpecial: false) == count }

    /// Where the printable ASCII from `start` on ends: the index of the first byte after
    /// it that is not (with `orJSONSpecial`, a quote or a backslash neither), or `count`.
    /// Eight bytes at a time; the bytes to refuse are constants, so the check of a word is
    /// a few instructions.
    public func end(ofPrintableFrom start: Int, orJSONSpecial special: Bool = false) -> Int {
        guard let base = baseAddress else { return count }
        let high: UInt64 = 0x8080_8080_8080_8080, ones: UInt64 = 0x0101_0101_0101_0101
        // A zero byte of `w ^ c` marks a byte equal to `c`; exact as a whole (a borrow
        // only reaches bytes above one that matched).
        func hasZeroByte(_ x: UInt64) -> Bool { (x &- ones) & ~x & high != 0 }
        var i = start
        while i + 8 <= count {
            let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            let below = (w &- ones &* 0x20) & ~w & high
            if (w & high) | below != 0 || hasZeroByte(w ^ (ones &* 0x7F)) { break }
            if special && (hasZeroByte(w ^ (ones &* 0x22)) || hasZeroByte(w ^ (ones &* 0x5C))) { break }
            i += 8
        }
        while i < count {
            let b = base[i]
            if b &- 0x20 >= 0x5F || (special && (b == 0x22 || b == 0x5C)) { return i }
            i += 1
        }
        return count
    }
}
