import LayerModel

/// A source a rule rests on (the domain note's A1, A3, W14 …).
public struct RuleReference: Sendable, Hashable {
    public var id: String
    public var title: String
    public var url: String
}

/// A dump in a rule's catalog entry, with the layers it must (or must not) report.
public struct RuleExample: Sendable, Hashable {
    public var description: String
    /// YAML dump text.
    public var dump: String
    /// Layer paths the rule must report; empty for non-triggering examples.
    public var expectedLayers: [String]
    /// Text the fix must contain, when the example says.
    public var expectedFix: [String]
    /// Line of the example in its rule file, for test failures.
    public var line: Int
}

/// Text with `{placeholder}`s that a rule fills with the layer's own numbers. The text is
/// split once, when the catalog loads, so rendering a finding only joins pieces: its
/// literal pieces are ranges of one UTF-8 buffer, copied without looking at a `String`.
public struct MessageTemplate: Sendable, Hashable {
    public let text: String
    private let pieces: [Piece]
    /// The literal pieces' bytes, one after another.
    private let literals: [UInt8]

    private enum Piece: Sendable, Hashable {
        case literal(Range<Int>)
        case placeholder(String)
        /// Text after a count that agrees with it in number: `{passes} offscreen passes`
        /// reads "1 offscreen pass" when the count is 1.
        case agreeing(singular: Range<Int>, plural: Range<Int>)
    }

    /// The words after a count whose plural is agreed with it.
    private static let countedNouns = [" passes": " pass", " offscreen passes": " offscreen pass", " more offscreen passes": " more offscreen pass"]

    /// `literal` as a piece after the placeholder `previous`, its bytes added to `bytes`:
    /// agreeing with the count when it starts with a counted noun (and the noun ends there).
    private static func piece(_ literal: String, after previous: Piece?, into bytes: inout [UInt8]) -> Piece {
        func stored(_ s: String) -> Range<Int> {
            let start = bytes.count
            bytes.append(contentsOf: s.utf8)
            return start..<bytes.count
        }
        guard case .placeholder? = previous else { return .literal(stored(literal)) }
        for (plural, singular) in countedNouns where literal.hasPrefix(plural) {
            let rest = literal.dropFirst(plural.count)
            guard rest.first.map({ !$0.isLetter }) ?? true else { continue }
            return .agreeing(singular: stored(singular + rest), plural: stored(literal))
        }
        return .literal(stored(literal))
    }

    public init(_ text: String) {
        self.text = text
        var pieces: [Piece] = []
        var bytes: [UInt8] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { pieces.append(Self.piece(String(rest[..<open]), after: pieces.last, into: &bytes)) }
            pieces.append(.placeholder(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(Self.piece(String(rest), after: pieces.last, into: &bytes)) }
        self.pieces = pieces
        literals = bytes
    }

    /// The placeholder names the text uses.
    public var placeholders: [String] {
        pieces.compactMap { if case .placeholder(let name) = $0 { name } else { nil } }
    }

    public func render(_ values: PlaceholderValues) -> String {
        var out = WordsText()
        write(values, to: &out)
        return out.string
    }

    /// Appends the text with its placeholders filled; a placeholder without a value is
    /// written as it stands.
    public func write(_ values: PlaceholderValues, to out: inout WordsText) {
        values.write(self, to: &out)
    }

    /// Appends the text, each placeholder's value written by `value` (false: it has none).
    func write(to out: inout WordsText, _ value: (String, inout WordsText) -> Bool) {
        literals.withUnsafeBufferPointer { literals in
            // Where the last placeholder's value starts: an agreeing piece follows its count.
            var countStart = out.bytes.count
            for piece in pieces {
                switch piece {
                case .literal(let range): out.append(UnsafeBufferPointer(rebasing: literals[range]))
                case .placeholder(let name):
                    countStart = out.bytes.count
                    if !value(name, &out) { out.append("{"); out.append(name); out.append("}") }
                case .agreeing(let singular, let plural):
                    let one = out.bytes.count == countStart + 1 && out.bytes[countStart] == UInt8(ascii: "1")
                    out.append(UnsafeBufferPointer(rebasing: literals[one ? singular : plural]))
                }
            }
        }
    }
}

/// Everything about a rule except its detection code: `rules/<id>.yml`, embedded.
public struct RuleDescription: Sendable, Hashable {
    public var id: String
    public var title: String
    public var summary: String
    public var severity: Severity
    public var category: String
    /// What the trigger costs, in words (e.g. "5 with a blurred shadow, 1 without blur").
    public var passes: String
    public var message: MessageTemplate
    /// Message variants a rule may pick by name (e.g. `free` for a clip that costs nothing).
    public var messageVariants: [String: MessageTemplate]
    public var fixSummary: MessageTemplate
    public var fixSwift: MessageTemplate
    public var fixObjC: MessageTemplate
    public var rationale: String
    /// What the rule does when the dump does not carry a fact it rests on (an import from
    /// a format without shadows, say): silent, or info naming the missing fact.
    public var unknowns: String
    /// The properties the rule rests on (`needs:`): on a dump that does not carry one of
    /// them, the rule cannot find what it looks for, and reports say so.
    public var needs: UnknownProperties
    public var references: [RuleReference]
    public var triggering: [RuleExample]
    public var nonTriggering: [RuleExample]
    /// The file it came from.
    public var fileName: String
}
