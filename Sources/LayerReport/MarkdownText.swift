/// Escaping for GitHub-flavoured Markdown table cells.
enum MarkdownText {
    /// Plain text for a cell: "|" would end the cell, a line break the row, and "<" could
    /// open HTML the comment then renders; Markdown punctuation is escaped so that a
    /// layer named `*card*` reads as written.
    static func cell(_ s: String) -> String {
        s.escaping([
            "|": "\\|", "\n": " ", "\r": " ", "<": "&lt;", ">": "&gt;", "&": "&amp;",
            "\\": "\\\\", "`": "\\`", "*": "\\*", "_": "\\_", "[": "\\[", "]": "\\]",
        ])
    }

    /// A code span in a cell: fenced with one backtick more than the longest run of them
    /// inside, padded when it starts or ends with one; "|" is still escaped, because
    /// tables are split into cells before code spans are read.
    static func code(_ s: String) -> String {
        var longest = 0, run = 0
        for scalar in s.unicodeScalars {
            run = scalar == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let body = s.escaping(["|": "\\|", "\n": " ", "\r": " "])
        let pad = s.hasPrefix("`") || s.hasSuffix("`") ? " " : ""
        return fence + pad + body + pad + fence
    }
}
