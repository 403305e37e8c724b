import LayerFacts
import LayerGeometry
import LayerModel

/// What a rule found on one layer: the numbers that fill its catalog templates, what the
/// trigger costs now, and what is left after the fix.
public struct RuleMatch: Sendable {
    public var reason: OffscreenReason
    /// Passes this trigger costs now.
    public var passes: Int
    /// Passes left on this layer for this trigger once the fix is applied.
    public var passesAfterFix: Int
    /// Overrides the catalog's default severity (for example info when the clip is free).
    public var severity: Severity?
    /// A named entry of the catalog's `messageVariants` to use instead of `message`.
    public var messageVariant: String?
    /// The words that fill the catalog's templates, besides the layer and its passes.
    public var words: WordsRef
    /// Frames per second now and after the fix, for the frame-rate rules.
    public var frameRate: FrameRateFigure?
    /// Where the finding points when not at its layer's key (a display link in the header).
    public var location: SourceLocation?

    public init(reason: OffscreenReason, passes: Int, passesAfterFix: Int, severity: Severity? = nil,
                messageVariant: String? = nil, words: WordsRef) {
        self.reason = reason; self.passes = passes; self.passesAfterFix = passesAfterFix
        self.severity = severity; self.messageVariant = messageVariant; self.words = words
    }

    public init(reason: OffscreenReason, passes: Int, passesAfterFix: Int, severity: Severity? = nil,
                messageVariant: String? = nil, values: [String: String]) {
        self.init(reason: reason, passes: passes, passesAfterFix: passesAfterFix, severity: severity,
                  messageVariant: messageVariant, words: WordsRef(RuleValues(values), 0))
    }
}

/// Shared inputs of one rule evaluation.
public struct RuleContext: Sendable {
    public let facts: TreeFacts
    public let recognizer: ShapeRecognizer
    private let shapes = RecognizedShapes()
    public var tree: LayerTree { facts.tree }
    public init(facts: TreeFacts, recognizer: ShapeRecognizer = ShapeRecognizer()) {
        self.facts = facts; self.recognizer = recognizer
    }

    /// The words of `key`, shared with an equal key seen a moment before (`KeyTable`): the
    /// cells of a list repeat the same layers, and a key holds what the words depend on
    /// (numbers, names), not the words, which are written only when a report shows them.
    public func words<Key: RuleWordsKey>(_ key: Key) -> WordsRef {
        // One table per key type, found by the type's identity: boxing keys in
        // `AnyHashable` costs a dynamic conformance check per lookup.
        let id = ObjectIdentifier(Key.self)
        let table: KeyTable<Key>
        if let existing = shapes.tables[id] {
            table = unsafeDowncast(existing, to: KeyTable<Key>.self)
        } else {
            table = KeyTable<Key>()
            shapes.tables[id] = table
        }
        return WordsRef(table, table.entry(for: key))
    }

    /// Ends the walk: the words tables stay with the findings, the memo lets them go.
    func finish() { shapes.tables = [:] }

    /// What `path` is, recognised once per distinct path text in the snapshot: a list of
    /// cells repeats the same mask path thousands of times.
    public func recognize(_ path: LayerPath) -> RecognizedShape? {
        if let known = shapes.byText[path.svg] { return known }
        let shape = recognizer.recognize(path.path)
        shapes.byText[path.svg] = .some(shape)
        return shape
    }
}

/// The memos behind `RuleContext.recognize` and `words(_:)`. One engine walk owns them,
/// on one thread.
private final class RecognizedShapes: @unchecked Sendable {
    var byText: [String: RecognizedShape?] = [:]
    var tables: [ObjectIdentifier: WordsTable] = [:]
}

/// The detection code of one rule; its words live in `rules/<id>.yml`.
public protocol LayerRule: Sendable {
    static var id: String { get }
    /// What a layer must have for `check` to be worth calling; the engine passes other
    /// layers by (most layers of a screen have no clip, mask or shadow).
    static var triggers: RuleTriggers { get }
    func check(_ layer: Int, in context: RuleContext) -> RuleMatch?
    /// Findings about the snapshot as a whole (its display links, its Info.plist), reported
    /// on the root layer; called once per snapshot. A rule that has only these declares no
    /// triggers.
    func checkSnapshot(in context: RuleContext) -> [RuleMatch]
}

extension LayerRule {
    public static var triggers: RuleTriggers { .everyLayer }
    public func checkSnapshot(in context: RuleContext) -> [RuleMatch] { [] }
}

/// The kinds of property a rule can start from.
public struct RuleTriggers: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let masksToBounds = RuleTriggers(rawValue: 1 << 0)
    public static let mask = RuleTriggers(rawValue: 1 << 1)
    /// Shadow, shape, transforms, border, unknowns: `Layer.hasRareProperties`.
    public static let rareProperties = RuleTriggers(rawValue: 1 << 2)
    /// Any layer at all (a rule that declares nothing).
    public static let everyLayer = RuleTriggers(rawValue: 1 << 7)

    /// The triggers `layer` offers.
    @inline(__always)
    public init(of layer: borrowing Layer) {
        var t: RuleTriggers = .everyLayer
        if layer.masksToBounds { t.insert(.masksToBounds) }
        if layer.mask >= 0 { t.insert(.mask) }
        if layer.hasRareProperties { t.insert(.rareProperties) }
        self = t
    }
}

/// Every rule this build has code for. The test suite checks it against the catalog.
public enum RuleRegistry {
    public static let all: [any LayerRule] = [
        ShadowWithoutPathRule(),
        PlainLayerMaskRule(),
        SimpleShapeMaskRule(),
        UnneededClipRule(),
        GroupOpacityRule(),
        RasterizeScaleRule(),
        ClippedShadowRule(),
        StaleShadowPathRule(),
        VisualEffectRule(),
        RasterizeUncacheableRule(),
        UncappedAnimationRule(),
        DisplayLinkRateRule(),
        PromotionDisabledRule(),
    ]
    public static var ids: [String] { all.map { type(of: $0).id } }
}
