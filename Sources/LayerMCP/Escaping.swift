import LayerLintKit

/// Text from a dump, a file name or a client, made safe to hand to a model: disguising
/// scalars (controls, line breaks, bidirectional overrides) written as escapes, as the
/// text reporter does, and cut to a bound so that no one field can make a reply large.
enum Escaping {
    static func text(_ s: String, limit: Int = 2_000) -> String {
        let escaped = TerminalText.escaped(s)
        guard escaped.unicodeScalars.count > limit else { return escaped }
        return String(String.UnicodeScalarView(escaped.unicodeScalars.prefix(limit))) + "…"
    }

    /// Code (a fix's Swift or Objective-C) keeps its line breaks; other controls are escaped.
    static func code(_ s: String, limit: Int = 4_000) -> String {
        s.split(separator: "\n", omittingEmptySubsequences: false).map { text(String($0), limit: limit) }
            .joined(separator: "\n")
    }
}
