/// A shell-style pattern for file paths, layer paths, layer names and view classes.
///
/// - `?` matches one character, `*` any run of characters, `[abc]`, `[a-z]` and `[!a-z]`
///   (or `[^a-z]`) one character of (or not of) a set, `\` takes the next character
///   literally (layer paths contain `[0]`: write `UIImageView\[0]`).
/// - In a path pattern `/` separates segments: `*`, `?` and sets never match `/`, and
///   `**` as a whole segment matches any number of segments (`**/x` also matches `x`,
///   `a/**` anything below `a`). A name pattern has no segments; there `*` matches `/`
///   too and `**` means `*`.
///
/// The whole text must match: `*.yml` names files in the top folder only.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// `/` separates segments (file paths, layer paths).
        case path
        /// One string without structure (layer names, view classes).
        case name
    }

    public let pattern: String
    public let kind: Kind
    private let tokens: [Token]

    public var description: String { pattern }

    enum Token: Sendable, Hashable {
        case literal(Character)
        case anyCharacter
        case set(ranges: [ClosedRange<Character>], negated: Bool)
        /// Any run of characters; `crossesSegments` lets it include `/`.
        case anyRun(crossesSegments: Bool)
        /// `**/`: nothing, or any run of characters that ends with `/`.
        case anySegments
    }

    /// Why a pattern is not a glob, and the 0-based character offset it concerns.
    public struct SyntaxError: Error, Sendable, Equatable {
        public var message: String
        public var offset: Int
    }

    public init(_ pattern: String, kind: Kind) throws(SyntaxError) {
        self.pattern = pattern
        self.kind = kind
        tokens = try Self.tokens(of: Array(pattern), kind: kind)
    }

    public static func == (a: Glob, b: Glob) -> Bool { a.pattern == b.pattern && a.kind == b.kind }
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern); hasher.combine(kind) }

    public func matches(_ text: String) -> Bool {
        var matcher = Matcher(tokens: tokens, text: Array(text), separatorMatters: kind == .path)
        return matcher.matches(0, 0)
    }

    private static func tokens(of p: [Character], kind: Kind) throws(SyntaxError) -> [Token] {
        guard !p.isEmpty else { throw SyntaxError(message: "a pattern cannot be empty", offset: 0) }
        var out: [Token] = []
        var i = 0
        while i < p.count {
            switch p[i] {
            case "\\":
                guard i + 1 < p.count else { throw SyntaxError(message: "'\\' at the end escapes nothing", offset: i) }
                out.append(.literal(p[i + 1]))
                i += 2
            case "?":
                out.append(.anyCharacter)
                i += 1
            case "[":
                let (token, end) = try set(in: p, at: i)
                out.append(token)
                i = end
            case "*":
                var end = i
                while end < p.count && p[end] == "*" { end += 1 }
                let stars = end - i
                if kind == .name || stars == 1 {
                    out.append(.anyRun(crossesSegments: kind == .name))
                    i = end
                    continue
                }
                guard stars == 2 else { throw SyntaxError(message: "'\(String(repeating: "*", count: stars))' is not a pattern; use '*' or '**'", offset: i) }
                let startsSegment = i == 0 || p[i - 1] == "/"
                let endsSegment = end == p.count || p[end] == "/"
                guard startsSegment && endsSegment else {
                    throw SyntaxError(message: "'**' must be a whole path segment, as in 'a/**/b'; use '*' within a segment", offset: i)
                }
                if end < p.count {
                    out.append(.anySegments)
                    i = end + 1  // the `/` belongs to the token
                } else {
                    out.append(.anyRun(crossesSegments: true))
                    i = end
                }
            default:
                out.append(.literal(p[i]))
                i += 1
            }
        }
        return out
    }

    /// Reads `[...]` starting at `start`; returns the token and the offset after `]`.
    private static func set(in p: [Character], at start: Int) throws(SyntaxError) -> (Token, Int) {
        var i = start + 1
        var negated = false
        if i < p.count && (p[i] == "!" || p[i] == "^") { negated = true; i += 1 }
        var ranges: [ClosedRange<Character>] = []
        var first = true
        while i < p.count {
            if p[i] == "]" && !first { return (.set(ranges: ranges, negated: negated), i + 1) }
            first = false
            var low = p[i]
            if low == "\\" {
                guard i + 1 < p.count else { break }
                i += 1
                low = p[i]
            }
            i += 1
            if i + 1 < p.count && p[i] == "-" && p[i + 1] != "]" {
                let high = p[i + 1]
                guard low <= high else {
                    throw SyntaxError(message: "the range '\(low)-\(high)' runs backwards", offset: i - 1)
                }
                ranges.append(low...high)
                i += 2
            } else {
                ranges.append(low...low)
            }
        }
        throw SyntaxError(message: "'[' opens a set that no ']' closes (write '\\[' for a literal bracket)", offset: start)
    }
}

/// Backtracking over tokens with a memo of failed (token, character) pairs, so a pattern
/// with many stars stays linear in pattern × text instead of exponential.
private struct Matcher {
    let tokens: [Glob.Token]
    let text: [Character]
    let separatorMatters: Bool
    var failed = Set<Int>()

    init(tokens: [Glob.Token], text: [Character], separatorMatters: Bool) {
        self.tokens = tokens; self.text = text; self.separatorMatters = separatorMatters
    }

    mutating func matches(_ t: Int, _ c: Int) -> Bool {
        if t == tokens.count { return c == text.count }
        let key = t * (text.count + 1) + c
        if failed.contains(key) { return false }
        let result = step(t, c)
        if !result { failed.insert(key) }
        return result
    }

    private mutating func step(_ t: Int, _ c: Int) -> Bool {
        switch tokens[t] {
        case .literal(let ch):
            return c < text.count && text[c] == ch && matches(t + 1, c + 1)
        case .anyCharacter:
            return c < text.count && !isSeparator(c) && matches(t + 1, c + 1)
        case .set(let ranges, let negated):
            guard c < text.count, !isSeparator(c) else { return false }
            let inSet = ranges.contains { $0.contains(text[c]) }
            return inSet != negated && matches(t + 1, c + 1)
        case .anyRun(let crosses):
            var end = c
            while true {
                if matches(t + 1, end) { return true }
                guard end < text.count, crosses || !isSeparator(end) else { return false }
                end += 1
            }
        case .anySegments:
            if matches(t + 1, c) { return true }
            for end in c..<text.count where text[end] == "/" {
                if matches(t + 1, end + 1) { return true }
            }
            return false
        }
    }

    private func isSeparator(_ c: Int) -> Bool { separatorMatters && text[c] == "/" }
}
