/// Escaping for GitHub-flavoured Markdown table cells, as the Markdown reporter writes
/// them for pull-request comments and job summaries.
///
/// Beyond the table's own syntax, text from a dump must not act on GitHub: `@team` would
/// notify a team and `#123` link (and cross-reference) an issue, so a zero-width joiner
/// goes between "@" and a letter or digit, and between "#" and a digit: the text reads the
/// same and mentions nothing. Line breaks become spaces (a row is one line); other
/// disguising scalars (ESC, C1, bidirectional overrides) are written `\u{1B}`.
enum MarkdownText {
    /// What breaks a mention or an issue reference.
    static let joiner: Unicode.Scalar = "\u{200D}"

    /// Plain text for a cell: "|" would end the cell, a line break the row, and "<" could
    /// open HTML the comment then renders; Markdown punctuation is escaped so that a
    /// layer named `*card*` reads as written.
    static func cell(_ s: String) -> String {
        escape(s, plainBytes: { !isCellSyntax($0) }) { scalar, out in
            switch scalar {
            case "|": out.append(contentsOf: "\\|".utf8)
            case "<": out.append(contentsOf: "&lt;".utf8)
            case ">": out.append(contentsOf: "&gt;".utf8)
            case "&": out.append(contentsOf: "&amp;".utf8)
            case "\\", "`", "*", "_", "[", "]", "~": out.append(UInt8(ascii: "\\")); out.append(UInt8(scalar.value))
            default: return false
            }
            return true
        }
    }

    /// Whether `cell` escapes this ASCII byte.
    private static func isCellSyntax(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "|"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "\\"), UInt8(ascii: "`"),
             UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "~"): true
        default: false
        }
    }

    /// A message in a cell, shortened (`HumanText.prose`).
    static func message(_ s: String) -> String { cell(HumanText.prose(s)) }

    /// A name (a screen) in a cell, shortened (`HumanText.name`).
    static func name(_ s: String) -> String { cell(HumanText.name(s)) }

    /// A layer path (or a file path a baseline names) as a code span, shortened
    /// (`HumanText.path`).
    static func layerPath(_ s: String) -> String { code(HumanText.path(s)) }

    /// Text Markdown is rendered from outside a table (reviewdog posts its messages as
    /// review comments): only mentions and issue references broken.
    ///
    /// Made from the bytes: only the scalar after each "@" or "#" is decoded, to see
    /// whether it would make a reference. (Scalar by scalar, each asked whether it is
    /// alphabetic, a layer named "cell@home" cost every rdjsonl diagnostic 80,000
    /// instructions more.)
    static func inert(_ s: String) -> String {
        var text = s
        return text.withUTF8 { bytes in
            guard bytes.contains(where: { $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "#") }) else { return s }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            var run = 0
            for i in bytes.indices where (bytes[i] == UInt8(ascii: "@") || bytes[i] == UInt8(ascii: "#")) && i + 1 < bytes.count {
                guard let (next, _) = bytes.scalar(startingAt: i + 1), breaksReference(Unicode.Scalar(bytes[i]), next) else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...i]))
                out.append(contentsOf: joinerUTF8)
                run = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
            return String(decoding: out, as: UTF8.self)
        }
    }

    private static let joinerUTF8 = Array(String(joiner).utf8)

    /// Whether `scalar` after `previous` would make a mention or an issue reference.
    private static func breaksReference(_ previous: Unicode.Scalar, _ scalar: Unicode.Scalar) -> Bool {
        (previous == "@" && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
            || (previous == "#" && ("0"..."9").contains(scalar))
    }

    /// A code span in a cell: fenced with one backtick more than the longest run of them
    /// inside, padded when it starts or ends with one; "|" is still escaped, because
    /// tables are split into cells before code spans are read.
    static func code(_ s: String) -> String {
        var longest = 0, run = 0
        var text = s
        text.withUTF8 { utf8 in
            for byte in utf8 {
                run = byte == UInt8(ascii: "`") ? run + 1 : 0
                longest = max(longest, run)
            }
        }
        let fence = String(repeating: "`", count: longest + 1)
        let body = escape(s, plainBytes: { $0 != UInt8(ascii: "|") }) { scalar, out in
            guard scalar == "|" else { return false }
            out.append(contentsOf: "\\|".utf8)
            return true
        }
        let pad = s.hasPrefix("`") || s.hasSuffix("`") ? " " : ""
        return fence + pad + body + pad + fence
    }

    /// `s` with line breaks as spaces, disguising scalars escaped, mentions and issue
    /// references broken, and what `special` writes for the scalars it takes. Built as
    /// UTF-8 bytes: appending scalar by scalar to a `String` cost a few hundred
    /// instructions per scalar, which made a pull request's markdown summary of a small
    /// dump cost as much as linting it.
    ///
    /// Text whose every byte is printable ASCII that `plainBytes` accepts, with no "@" or
    /// "#", needs none of it and is returned as it is (most names and paths).
    private static func escape(_ s: String, plainBytes plain: (UInt8) -> Bool,
                               _ special: (Unicode.Scalar, inout [UInt8]) -> Bool) -> String {
        var text = s
        let asItIs = text.withUTF8 { utf8 in
            utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "@") && $0 != UInt8(ascii: "#") && plain($0) }
        }
        if asItIs { return s }
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 16)
        var previous: Unicode.Scalar = " "
        for scalar in s.unicodeScalars {
            defer { previous = scalar }
            if breaksReference(previous, scalar) { append(joiner, to: &out) }
            if special(scalar, &out) { continue }
            switch scalar {
            case "\n", "\r": out.append(0x20)
            case _ where scalar.isDisguising: out.append(contentsOf: scalar.visibleEscape.utf8)
            default: append(scalar, to: &out)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func append(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        if scalar.isASCII {
            out.append(UInt8(scalar.value))
        } else {
            UTF8.encode(scalar) { out.append($0) }
        }
    }
}
