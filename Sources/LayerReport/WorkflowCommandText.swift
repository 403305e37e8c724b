import LayerModel

/// Text inside a GitHub Actions workflow command (`::warning file=…,title=…::message`).
///
/// GitHub documents, and `@actions/core` writes, these escapes: in the message, "%" as
/// `%25`, CR as `%0D` and LF as `%0A`; in a property value also ":" as `%3A` and "," as
/// `%2C`. The runner reads one command per line, so with line breaks escaped nothing in a
/// message can start a command of its own (`::add-mask::`, `::error::`, `::stop-commands::`).
/// Other disguising scalars (ESC, C1, bidirectional overrides) are written `\u{1B}` as in
/// `TerminalText`, because the job log renders ANSI sequences.
public enum WorkflowCommandText {
    /// A command's message. Line breaks are `%0A`, which the annotation shows as line
    /// breaks: callers escape untrusted pieces with `TerminalText` first, so that only
    /// LayerLint's own line breaks show as such.
    public static func data(_ s: String) -> String { escaped(s, property: false) }

    /// A property value (`file`, `title`).
    public static func property(_ s: String) -> String { escaped(s, property: true) }

    /// Through `append`, the path the reporter takes, so one escaping serves both.
    private static func escaped(_ s: String, property: Bool) -> String {
        var out = ByteText()
        append(s, property: property, to: &out)
        return out.string
    }

    /// `data(s)` or `property(s)`, appended as bytes. ASCII text, which is nearly every
    /// message, is escaped byte by byte in runs; other text goes through `escape`.
    public static func append(_ s: String, property: Bool, to out: inout ByteText) {
        var s = s
        let done = s.withUTF8 { bytes -> Bool in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
            var run = 0
            for (i, byte) in bytes.enumerated() {
                let escaped: StaticString?
                switch byte {
                case 0x25: escaped = "%25"
                case 0x0D: escaped = "%0D"
                case 0x0A: escaped = "%0A"
                case 0x3A where property: escaped = "%3A"
                case 0x2C where property: escaped = "%2C"
                case _ where byte < 0x20 || byte == 0x7F: escaped = nil
                default: continue
                }
                out.append(UnsafeBufferPointer(rebasing: bytes[run..<i]))
                if let escaped {
                    out.append(UnsafeBufferPointer(start: escaped.utf8Start, count: escaped.utf8CodeUnitCount))
                } else {
                    out.append(Unicode.Scalar(byte).visibleEscape)
                }
                run = i + 1
            }
            out.append(UnsafeBufferPointer(rebasing: bytes[run...]))
            return true
        }
        if !done { out.append(escape(s, property: property)) }
    }

    private static func escape(_ s: String, property: Bool) -> String {
        if s.isPrintableASCII && !s.utf8.contains(where: { $0 == 0x25 || (property && ($0 == 0x3A || $0 == 0x2C)) }) {
            return s
        }
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            case _ where scalar.isDisguising: out += scalar.visibleEscape
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension WorkflowCommandText {
    /// A line of plain text in a step's log that must not act as a workflow command: the
    /// runner reads a line as one when, after leading white space (any Unicode white
    /// space: it trims with .NET's `TrimStart`), it starts with `::`, and, in the legacy
    /// form, when `##[` appears anywhere in it. Disguising scalars are escaped as in
    /// `TerminalText`; a leading "::" becomes `\u{3A}:` and every "##[" becomes `##\u{5B}`,
    /// the same visible escapes the text report uses.
    public static func plainLine(_ s: String) -> String {
        var line = TerminalText.escaped(s)
        // Per finding: a line with neither "##[" nor a leading "::" (nearly every line) is
        // checked in one pass over its bytes and stays as it is.
        if line.utf8.withContiguousStorageIfAvailable(isPlainLine) == true { return line }
        if line.contains("##[") { line = line.replacingAll("##[", with: "##\\u{5B}") }
        let body = line.unicodeScalars.drop { $0.properties.isWhitespace }
        guard body.starts(with: "::".unicodeScalars) else { return line }
        let lead = String(String.UnicodeScalarView(line.unicodeScalars[..<body.startIndex]))
        return lead + "\\u{3A}" + String(String.UnicodeScalarView(body.dropFirst()))
    }
}

extension WorkflowCommandText {
    /// What `isPlainLine` looks for before it looks for "##[".
    fileprivate static let numberSign = ByteSet(UInt8(ascii: "#"))
    /// What `data` escapes in a path that `TerminalText.layerPath` leaves as it is.
    static let percentSign = ByteSet(UInt8(ascii: "%"))

    /// Appends `plainLine` of these bytes (valid UTF-8): the usual line (`isPlainLine`) is
    /// copied.
    static func appendPlainLine(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout ByteText) {
        if isPlainLine(utf8) { out.append(utf8) } else { out.append(plainLine(String(decoding: utf8, as: UTF8.self))) }
    }
}

/// Whether `plainLine` leaves these bytes as they are: no disguising scalar, no "##[",
/// and, after its leading spaces, neither "::" nor a scalar beyond ASCII (which may be
/// white space the runner trims). A line with a "×" or a Japanese name used to be
/// searched for "##[" Character by Character: 140,000 instructions a line, most of the
/// github report's time on a screen of such names.
private func isPlainLine(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard b.isPrintableASCII || !b.hasDisguisingScalar else { return false }
    var start = 0
    while start < b.count && b[start] == 0x20 { start += 1 }
    if start < b.count && b[start] >= 0x80 { return false }
    if start + 1 < b.count && b[start] == 0x3A && b[start + 1] == 0x3A { return false }
    // "#" and "[" are ASCII: no byte of a longer UTF-8 sequence is either. Most lines
    // hold no "#" at all, which sixteen bytes at a time tells.
    guard WorkflowCommandText.numberSign.occurs(in: b) else { return true }
    var i = 0
    while i + 2 < b.count {
        if b[i] == 0x23 && b[i + 1] == 0x23 && b[i + 2] == 0x5B { return false }
        i += 1
    }
    return true
}

private extension String {
    /// Every occurrence of `target` replaced, scanning by Unicode scalars (no Foundation).
    func replacingAll(_ target: String, with replacement: String) -> String {
        let t = Array(target.unicodeScalars)
        let scalars = Array(unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            if i + t.count <= scalars.count && Array(scalars[i..<(i + t.count)]) == t {
                out.append(contentsOf: replacement.unicodeScalars); i += t.count
            } else {
                out.append(scalars[i]); i += 1
            }
        }
        return String(out)
    }
}
