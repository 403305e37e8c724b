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
/// split once, when the catalog loads, so rendering a finding only joins pieces.
public struct MessageTemplate: Sendable, Hashable {
    public let text: String
    private let pieces: [Piece]

    private enum Piece: Sendable, Hashable {
        case literal(String)
        case placeholder(String)
        /// Text after a count that agrees with it in number: `{passes} offscreen passes`
        /// reads "1 offscreen pass" when the count is 1.
        case agreeing(count: String, singular: String, plural: String)
    }

    /// The words after a count whose plural is agreed with it.
    private static let countedNouns = [" passes": " pass", " offscreen passes": " offscreen pass", " more offscreen passes": " more offscreen pass"]

    /// `literal` as a piece after the placeholder `previous`: agreeing with it when it
    /// starts with a counted noun (and the noun ends there).
    private static func piece(_ literal: String, after previous: Piece?) -> Piece {
        guard case .placeholder(let name)? = previous else { return .literal(literal) }
        for (plural, singular) in countedNouns where literal.hasPrefix(plural) {
            let rest = literal.dropFirst(plural.count)
            guard rest.first.map({ !$0.isLetter }) ?? true else { continue }
            return .agreeing(count: name, singular: singular + rest, plural: literal)
        }
        return .literal(literal)
    }

    public init(_ text: String) {
        self.text = text
        var pieces: [Piece] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { pieces.append(Self.piece(String(rest[..<open]), after: pieces.last)) }
            pieces.append(.placeholder(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(Self.piece(String(rest), after: pieces.last)) }
        self.pieces = pieces
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
        // Where the last placeholder's value starts: an agreeing piece follows its count.
        var countStart = out.bytes.count
        for piece in pieces {
            switch piece {
            case .literal(let s): out.append(s)
            case .placeholder(let name):
                countStart = out.bytes.count
                if !values.write(name, to: &out) { out.append("{"); out.append(name); out.append("}") }
            case .agreeing(_, let singular, let plural):
                let one = out.bytes.count == countStart + 1 && out.bytes[countStart] == UInt8(ascii: "1")
                out.append(one ? singular : plural)
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
