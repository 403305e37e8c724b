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
        var out = String.UnicodeScalarView()
        append(s.unicodeScalars[...], limit: nameLimit, to: &out)
        return String(out)
    }

    /// A layer path (segments joined by "/"): each segment shortened like a name, keeping
    /// the sibling index (`[3]`) that ends it, and the whole to `pathLimit`.
    public static func path(_ s: String) -> String {
        var s = s
        if s.withUTF8({ fits($0, separator: { $0 == UInt8(ascii: "/") }, total: pathLimit) }) { return s }
        let scalars = s.unicodeScalars
        var out = String.UnicodeScalarView()
        var start = scalars.startIndex
        for i in scalars.indices where scalars[i] == "/" {
            appendSegment(scalars[start..<i], to: &out)
            out.append("/")
            start = scalars.index(after: i)
        }
        appendSegment(scalars[start...], to: &out)
        let all = Array(out)
        guard all.count > pathLimit else { return String(out) }
        let head = pathLimit / 4, tail = pathLimit - head - 1
        var kept = String.UnicodeScalarView(all[..<head])
        kept.append(ellipsis)
        kept.append(contentsOf: all[(all.count - tail)...])
        return String(kept)
    }

    /// A message: runs of more than `nameLimit` scalars without a space or line break
    /// shortened like names, and the whole to `proseLimit`.
    public static func prose(_ s: String) -> String {
        var s = s
        if s.withUTF8({ fits($0, separator: isBreak, total: proseLimit) }) { return s }
        var out = String.UnicodeScalarView()
        var run = 0, total = 0
        for scalar in s.unicodeScalars {
            if total == proseLimit { out.append(ellipsis); break }
            if scalar.value < 0x80 && isBreak(UInt8(scalar.value)) {
                run = 0
            } else {
                run += 1
                if run > nameLimit {
                    if run == nameLimit + 1 { out.append(ellipsis); total += 1 }
                    continue
                }
            }
            out.append(scalar); total += 1
        }
        return String(out)
    }

    private static func isBreak(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Whether UTF-8 text certainly needs no shortening: no more bytes than `total`, and
    /// no more than `nameLimit` bytes between two separators (bytes bound scalars).
    static func fits(_ bytes: UnsafeBufferPointer<UInt8>, separator: (UInt8) -> Bool, total: Int) -> Bool {
        guard bytes.count <= total else { return false }
        guard bytes.count > nameLimit else { return true }
        var run = 0
        for byte in bytes {
            run = separator(byte) ? 0 : run + 1
            if run > nameLimit { return false }
        }
        return true
    }

    /// Appends at most `limit` scalars of `s`, and the ellipsis when there were more.
    private static func append(_ s: Substring.UnicodeScalarView, limit: Int, to out: inout String.UnicodeScalarView) {
        var n = 0
        for scalar in s {
            if n == limit { out.append(ellipsis); return }
            out.append(scalar); n += 1
        }
    }

    /// A path segment shortened like a name, its sibling index (`[3]`) kept.
    private static func appendSegment(_ segment: Substring.UnicodeScalarView, to out: inout String.UnicodeScalarView) {
        var labelEnd = segment.endIndex
        if segment.last == "]" {
            var i = segment.index(before: segment.endIndex), digits = 0
            while i > segment.startIndex {
                let before = segment.index(before: i)
                if segment[before] == "[" && digits > 0 { labelEnd = before; break }
                // Indexes are Int32s: a longer run of digits is part of the name.
                guard ("0"..."9").contains(segment[before]), digits < 10 else { break }
                digits += 1; i = before
            }
        }
        append(segment[..<labelEnd], limit: nameLimit, to: &out)
        out.append(contentsOf: segment[labelEnd...])
    }
}
