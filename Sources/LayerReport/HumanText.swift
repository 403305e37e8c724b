/// How much of an untrusted text the human-facing formats show (text, GitHub
/// annotations, Markdown, JUnit, Checkstyle, reviewdog's comments, standard error).
///
/// A layer name, a screen or a token an error quotes can be a megabyte long, and a layer
/// path repeats every ancestor's name for every finding beneath it: shown whole, one long
/// name makes a report of a megabyte per finding. People read these formats, so they show
/// the start of a long name and an ellipsis; JSON and SARIF, which programs read, keep
/// every name whole. Lengths count Unicode scalars, so a cut never splits a UTF-8
/// sequence (it may split a cluster such as a flag emoji, which then shows as its parts).
public enum HumanText {
    /// A name, and each segment of a layer path: longer ones keep this many scalars and
    /// end with "…".
    public static let nameLimit = 120
    /// A whole layer path, after its segments are shortened; a longer one keeps its start
    /// and its end (the layer itself) around "…".
    public static let pathLimit = 1_000
    /// A message (a finding's, a fix, an input error): every run of more than `nameLimit`
    /// scalars without a space or line break (a name, a quoted token) is shortened like a
    /// name, and the whole keeps at most this many.
    public static let proseLimit = 4_000
    public static let ellipsis: Unicode.Scalar = "…"

    /// `s` shortened to `nameLimit` scalars.
    public static func name(_ s: String) -> String {
        guard s.utf8.count > nameLimit else { return s }
        var s = s
        return s.withUTF8 { b in
            let cut = prefixEnd(b, b.startIndex, b.endIndex, scalars: nameLimit)
            guard cut < b.endIndex else { return String(decoding: b, as: UTF8.self) }
            var out = Array(b[..<cut])
            out.append(contentsOf: ellipsisUTF8)
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// A layer path (segments joined by "/"): each segment shortened like a name, keeping
    /// the sibling index (`[3]`) that ends it, and the whole to `pathLimit`.
    public static func path(_ s: String) -> String {
        var s = s
        if s.withUTF8({ fits($0, separator: { $0 == slash }, total: pathLimit) }) { return s }
        return s.withUTF8 { b in
            // Bytes, not scalars: a path of a million segments is one pass.
            var out: [UInt8] = []
            out.reserveCapacity(min(b.count, 4 * pathLimit))
            var i = b.startIndex
            while true {
                var j = i
                while j < b.endIndex && b[j] != slash { j += 1 }
                appendSegment(b, i, j, to: &out)
                guard j < b.endIndex else { break }
                out.append(slash)
                i = j + 1
            }
            return out.withUnsafeBufferPointer { o in
                // Bytes bound scalars: only a longer path has its scalars counted.
                guard o.count > pathLimit, o.reduce(0, { $0 + (isScalarStart($1) ? 1 : 0) }) > pathLimit else {
                    return String(decoding: o, as: UTF8.self)
                }
                let head = pathLimit / 4, tail = pathLimit - head - 1
                let headEnd = prefixEnd(o, o.startIndex, o.endIndex, scalars: head)
                var tailStart = o.endIndex, kept = 0
                while kept < tail { tailStart -= 1; if isScalarStart(o[tailStart]) { kept += 1 } }
                var short = Array(o[..<headEnd])
                short.append(contentsOf: ellipsisUTF8)
                short.append(contentsOf: o[tailStart...])
                return String(decoding: short, as: UTF8.self)
            }
        }
    }

    /// A message: runs of more than `nameLimit` scalars without a space or line break
    /// shortened like names, and the whole to `proseLimit`.
    /// Whether `prose` leaves these bytes as they are.
    static func isUnchangedProse(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        utf8.count <= nameLimit || fits(utf8, separator: isBreak, total: proseLimit)
    }

    public static func prose(_ s: String) -> String {
        guard s.utf8.count > nameLimit else { return s }
        var s = s
        if s.withUTF8({ fits($0, separator: isBreak, total: proseLimit) }) { return s }
        return s.withUTF8 { b in
            // Written by index into room for every byte and an ellipsis for each cut (a cut
            // drops a run of more than `nameLimit` scalars, or ends the text): appended a
            // byte at a time, a message with a 130-letter name cost 10,000 instructions.
            let room = b.count + ellipsisUTF8.count * (b.count / (nameLimit + 1) + 2)
            let out = [UInt8](unsafeUninitializedCapacity: room) { out, written in
                var n = 0
                func put(_ bytes: [UInt8]) { for byte in bytes { out[n] = byte; n += 1 } }
                var run = 0, total = 0, copying = true
                for byte in b {
                    guard isScalarStart(byte) else {
                        if copying { out[n] = byte; n += 1 }
                        continue
                    }
                    if total == proseLimit { put(ellipsisUTF8); break }
                    run = isBreak(byte) ? 0 : run + 1
                    copying = run <= nameLimit
                    if run == nameLimit + 1 { put(ellipsisUTF8); total += 1 }
                    if copying { out[n] = byte; n += 1; total += 1 }
                }
                written = n
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    private static let slash = UInt8(ascii: "/")
    private static let ellipsisUTF8: [UInt8] = Array("…".utf8)

    private static func isBreak(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Whether `byte` starts a scalar (is not a UTF-8 continuation byte).
    private static func isScalarStart(_ byte: UInt8) -> Bool { byte & 0xC0 != 0x80 }

    /// Whether UTF-8 text certainly needs no shortening: no more bytes than `total`, and
    /// no more than `nameLimit` bytes between two separators (bytes bound scalars).
    /// Reporters ask per finding: each step looks back from the farthest byte a run may
    /// reach for its last separator, so prose is checked a few bytes per word.
    @inline(__always)
    static func fits(_ bytes: UnsafeBufferPointer<UInt8>, separator: (UInt8) -> Bool, total: Int) -> Bool {
        guard bytes.count <= total else { return false }
        var start = 0  // where the current run starts
        while bytes.count - start > nameLimit {
            var j = start + nameLimit
            while j >= start && !separator(bytes[j]) { j -= 1 }
            if j < start { return false }  // nameLimit + 1 bytes without a separator
            start = j + 1
        }
        return true
    }

    /// The index in `b[start..<end]` where the scalar after the first `scalars` starts
    /// (`end` when there are no more).
    private static func prefixEnd(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, scalars: Int) -> Int {
        var seen = 0
        var i = start
        while i < end {
            if isScalarStart(b[i]) {
                if seen == scalars { return i }
                seen += 1
            }
            i += 1
        }
        return end
    }

    /// Appends the segment `b[start..<end]` shortened like a name, its sibling index
    /// (`[3]`) kept.
    private static func appendSegment(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, to out: inout [UInt8]) {
        var labelEnd = end
        if end - start >= 3 && b[end - 1] == UInt8(ascii: "]") {
            var i = end - 1, digits = 0
            // Indexes are Int32s: a longer run of digits is part of the name.
            while i > start, digits <= 10 {
                let c = b[i - 1]
                if c == UInt8(ascii: "[") && digits > 0 { labelEnd = i - 1; break }
                guard c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") else { break }
                digits += 1; i -= 1
            }
        }
        let cut = prefixEnd(b, start, labelEnd, scalars: nameLimit)
        // Rebased, so each piece is one copy (a slice of the buffer was appended a byte at
        // a time: a path with a 130-letter name cost the github report 17,000 instructions).
        out.append(contentsOf: UnsafeBufferPointer(rebasing: b[start..<cut]))
        if cut < labelEnd { out.append(contentsOf: ellipsisUTF8) }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: b[labelEnd..<end]))
    }
}
