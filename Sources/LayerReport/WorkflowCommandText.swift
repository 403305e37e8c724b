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
    public static func data(_ s: String) -> String { escape(s, property: false) }

    /// A property value (`file`, `title`).
    public static func property(_ s: String) -> String { escape(s, property: true) }

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
