/// Untrusted text for a terminal or a CI log: the text reporter and the messages the
/// command line writes to standard error.
///
/// Every disguising scalar (`Unicode.Scalar.isDisguising`: controls, ESC, CR, line
/// breaks, C1, bidirectional overrides) is written as its Swift escape, `\u{1B}`, so a
/// name can neither repaint the terminal nor start a line of its own. A line never
/// starts (after spaces) with `::`, which a GitHub Actions runner reads as a workflow
/// command in any step's output.
public enum TerminalText {
    /// `s` on one line, every disguising scalar escaped.
    public static func escaped(_ s: String) -> String {
        var s = s
        if s.withUTF8({ $0.isPrintableASCII || !$0.hasDisguisingScalar }) { return s }
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            if scalar.isDisguising { out.append(contentsOf: scalar.visibleEscape.unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }

    /// Appends `s` escaped.
    public static func append(_ s: String, to out: inout ByteText) {
        var s = s
        s.withUTF8 { append($0, to: &out) }
    }

    /// Appends UTF-8 text escaped; printable ASCII is copied as it is.
    public static func append(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout ByteText) {
        if utf8.isPrintableASCII { out.append(utf8); return }
        out.append(escaped(String(decoding: utf8, as: UTF8.self)))
    }

    /// Appends a layer path shortened (`HumanText.path`) and escaped. Per finding: the
    /// usual path (printable ASCII, short segments) is checked in one pass and copied.
    public static func appendLayerPath(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout ByteText) {
        if isUnchangedLayerPath(utf8) {
            out.append(utf8)
            return
        }
        out.append(escaped(HumanText.path(String(decoding: utf8, as: UTF8.self))))
    }

    /// Appends a layer path shortened and escaped (`layerPath`), then escaped for a
    /// format by `format`. The usual path, whose `layerPath` is itself and which has none
    /// of the bytes `special` marks for the format, is copied as it is.
    static func appendLayerPath(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout ByteText,
                                special: ByteSet, format: (String) -> String) {
        if isUnchangedLayerPath(utf8) && !special.occurs(in: utf8) {
            out.append(utf8)
            return
        }
        out.append(format(layerPath(String(decoding: utf8, as: UTF8.self))))
    }

    /// Whether `layerPath` leaves these bytes as they are: no scalar to escape (printable
    /// ASCII, or names such as "カード" or "café" without a disguising scalar), no segment
    /// too long (none can be in a path of at most `nameLimit` bytes). Printable ASCII
    /// alone went through `String` for every other path: a screen of Japanese layer names
    /// cost the text, JUnit, checkstyle and rdjsonl reports several times its ASCII twin.
    static func isUnchangedLayerPath(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        (utf8.isPrintableASCII || !utf8.hasDisguisingScalar)
            && (utf8.count <= HumanText.nameLimit || HumanText.fits(utf8, separator: { $0 == UInt8(ascii: "/") }, total: HumanText.pathLimit))
    }

    /// A name (a screen, a class, a key) shortened and escaped.
    public static func name(_ s: String) -> String { escaped(HumanText.name(s)) }

    /// A layer path shortened and escaped.
    public static func layerPath(_ s: String) -> String { escaped(HumanText.path(s)) }

    /// A message on one line, shortened and escaped.
    public static func message(_ s: String) -> String { escaped(HumanText.prose(s)) }

    /// Text that starts a line (a file path before `:line:column:`): escaped, and its
    /// first ":" escaped too when it would start a workflow command.
    public static func lineStart(_ s: String) -> String {
        if let first = s.utf8.first, first != UInt8(ascii: ":") && first != UInt8(ascii: " ") && s.isPrintableASCII { return s }
        return defused(escaped(s))
    }

    /// Text of several lines (fix code, a multi-line error): each line escaped and
    /// defused, the line breaks kept.
    public static func lines(_ s: String) -> String {
        if s.isPrintableASCII && !s.contains("::") { return s }
        return s.split(separator: "\n", omittingEmptySubsequences: false)
            .map { defused(escaped(String($0))) }.joined(separator: "\n")
    }

    /// A message about the run itself for standard error (a configuration error, a report
    /// that cannot be written), which may name paths and quote text a pull request controls:
    /// long runs shortened (`HumanText.prose`), each line escaped and defused (`lines`).
    public static func diagnostic(_ s: String) -> String { lines(HumanText.prose(s)) }

    /// Whether `message` leaves these bytes as they are: no overlong word, and no scalar
    /// to escape (printable ASCII, or other text such as "×" without a disguising scalar).
    static func isUnchangedMessage(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        HumanText.isUnchangedProse(utf8) && (utf8.isPrintableASCII || !utf8.hasDisguisingScalar)
    }

    /// Appends `message` of these bytes: the usual message (no overlong word, nothing to
    /// escape) is copied as it is.
    static func appendMessage(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout ByteText) {
        if isUnchangedMessage(utf8) { out.append(utf8); return }
        out.append(message(String(decoding: utf8, as: UTF8.self)))
    }

    /// Appends `message` of these bytes, then escaped for a format by `format`, as
    /// `appendLayerPath(_:to:special:format:)` does for paths: the usual message, which
    /// has none of the bytes `special` marks, is copied as it is.
    static func appendMessage(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout ByteText,
                              special: ByteSet, format: (String) -> String) {
        if isUnchangedMessage(utf8) && !special.occurs(in: utf8) {
            out.append(utf8)
            return
        }
        out.append(format(message(String(decoding: utf8, as: UTF8.self))))
    }

    /// Appends code (`lines` of its `prose`) with `indent` after each line break.
    static func appendCode(_ utf8: UnsafeBufferPointer<UInt8>, indent: String, to out: inout ByteText) {
        if HumanText.isUnchangedProse(utf8) && isPlainLines(utf8) {
            appendIndented(utf8, indent: indent, to: &out)
        } else {
            appendLines(HumanText.prose(String(decoding: utf8, as: UTF8.self)), indent: indent, to: &out)
        }
    }

    private static func appendIndented(_ utf8: UnsafeBufferPointer<UInt8>, indent: String, to out: inout ByteText) {
        var start = 0
        for (k, byte) in utf8.enumerated() where byte == 0x0A {
            out.append(UnsafeBufferPointer(rebasing: utf8[start...k]))
            out.append(indent)
            start = k + 1
        }
        out.append(UnsafeBufferPointer(rebasing: utf8[start...]))
    }

    /// Appends `lines(s)` with `indent` after each of its line breaks: plain lines (see
    /// `isPlainLines`) are copied a line at a time.
    private static func appendLines(_ s: String, indent: String, to out: inout ByteText) {
        var s = s
        let plain = s.withUTF8 { utf8 -> Bool in
            guard isPlainLines(utf8) else { return false }
            appendIndented(utf8, indent: indent, to: &out)
            return true
        }
        guard !plain else { return }
        var first = true
        for line in lines(s).split(separator: "\n", omittingEmptySubsequences: false) {
            if !first { out.append(byte: 0x0A); out.append(indent) }
            out.append(String(line))
            first = false
        }
    }

    /// Printable ASCII and line breaks, no line starting (after spaces and tabs) with "::".
    static func isPlainLines(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var lineStart = true
        var previousColon = false
        var i = 0
        while i < utf8.count {
            // Inside a line only a byte that is not printable ASCII matters: the rest of
            // the line is passed eight bytes at a time.
            if !lineStart {
                i = utf8.end(ofPrintableFrom: i)
                guard i < utf8.count else { break }
            }
            let byte = utf8[i]
            i += 1
            if byte == 0x0A { lineStart = true; previousColon = false; continue }
            guard byte >= 0x20 && byte < 0x7F else { return false }
            if lineStart {
                if byte == 0x20 || byte == 0x09 { continue }
                if byte == UInt8(ascii: ":") {
                    if previousColon { return false }
                    previousColon = true
                    continue
                }
                lineStart = false
                previousColon = false
            }
        }
        return true
    }

    /// `line` with its first ":" written `\u{3A}` when, after spaces and tabs, it starts
    /// with "::" (the runner trims leading white space before it looks).
    static func defused(_ line: String) -> String {
        let body = line.drop { $0 == " " || $0 == "\t" }
        guard body.hasPrefix("::") else { return line }
        return String(line[..<body.startIndex]) + "\\u{3A}" + body.dropFirst()
    }
}
