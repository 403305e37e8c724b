/// Colour for the text report on a terminal (`--color`). The escape sequences are
/// LayerLint's own and are added around text the report already escaped
/// (`TerminalText`), so a name cannot add one of its own or end ours.
///
/// A file's lines are painted knowing the file's escaped path, so a position line is
/// recognised by its exact start (`path:line:column: severity: `), never by searching
/// text a dump wrote.
public enum TerminalColor {
    static let reset = "\u{1B}[0m"
    static let bold = "\u{1B}[1m"
    static let dim = "\u{1B}[2m"
    static let green = "\u{1B}[32m"

    static func severity(_ word: Substring) -> String? {
        switch word {
        case "error": "\u{1B}[1;31m"
        case "warning": "\u{1B}[1;33m"
        case "info", "note": "\u{1B}[1;36m"
        default: nil
        }
    }

    /// Whether a run colours its text report: `always` and `never` decide; `auto` colours
    /// a terminal unless `NO_COLOR` is set to anything (https://no-color.org) or `TERM`
    /// is `dumb`.
    public static func enabled(_ choice: String, isTerminal: Bool, environment: [String: String]) -> Bool {
        switch choice {
        case "always": return true
        case "never": return false
        default:
            if let v = environment["NO_COLOR"], !v.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return isTerminal
        }
    }

    /// `text` (one file's lines of the text report, which start with `path`) painted.
    static func paint(_ text: ByteText, path: String, into out: inout ByteText) {
        for line in text.string.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            out.append(paintLine(line, path: path)); out.append(byte: 0x0A)
        }
    }

    static func paintLine(_ line: Substring, path: String) -> String {
        if line.hasPrefix(path + ":") {
            // path:line:column: severity: message [rule]
            var rest = line.dropFirst(path.count + 1)
            var position = path + ":"
            for _ in 0..<2 {
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                guard !digits.isEmpty, rest.dropFirst(digits.count).first == ":" else { break }
                position += digits + ":"
                rest = rest.dropFirst(digits.count + 1)
            }
            guard rest.hasPrefix(" ") else { return bold + position + reset + rest }
            let word = rest.dropFirst().prefix { $0 != ":" }
            guard let colour = severity(word), rest.dropFirst(word.count + 1).hasPrefix(": ") else {
                return bold + position + reset + rest
            }
            var message = rest.dropFirst(word.count + 3)
            var rule = ""
            if message.hasSuffix("]"), let open = message.lastIndex(of: "["), open > message.startIndex,
               message[message.index(before: open)] == " " {
                rule = " " + dim + message[open...] + reset
                message = message[..<message.index(before: open)]
            }
            return bold + position + reset + " " + colour + word + ":" + reset + " " + message + rule
        }
        if line.hasPrefix("    layer: ") { return dim + "    layer:" + reset + line.dropFirst(10) }
        if line.hasPrefix("    fix: ") { return green + "    fix:" + reset + line.dropFirst(8) }
        if line.hasPrefix("        ") { return dim + line + reset }
        return String(line)
    }
}
