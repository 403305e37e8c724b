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
    /// The values that fill the catalog's templates, besides the layer and its passes.
    public var ruleValues: RuleValues
    /// Frames per second now and after the fix, for the frame-rate rules.
    public var frameRate: FrameRateFigure?
    /// Where the finding points when not at its layer's key (a display link in the header).
    public var location: SourceLocation?
    /// `ruleValues` as a dictionary, for code that builds or edits them by hand.
    public var values: [String: String] {
        get { ruleValues.dictionary }
        set { ruleValues = RuleValues(newValue) }
    }

    public init(reason: OffscreenReason, passes: Int, passesAfterFix: Int, severity: Severity? = nil,
                messageVariant: String? = nil, values: RuleValues) {
        self.reason = reason; self.passes = passes; self.passesAfterFix = passesAfterFix
        self.severity = severity; self.messageVariant = messageVariant; self.ruleValues = values
    }

    public init(reason: OffscreenReason, passes: Int, passesAfterFix: Int, severity: Severity? = nil,
                messageVariant: String? = nil, values: [String: String]) {
        self.init(reason: reason, passes: passes, passesAfterFix: passesAfterFix, severity: severity,
                  messageVariant: messageVariant, values: RuleValues(values))
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

    /// The values a rule builds for `key`, built once per distinct key in the snapshot: the
    /// cells of a list repeat the same layers, so their findings repeat the same fix text,
    /// and building it (numbers to code, interpolation) costs more than finding them. Keys
    /// hold what the words depend on (numbers, string ids), not the words themselves, so
    /// a repeated layer costs one cheap lookup.
    public func values<Key: Hashable & Sendable>(for key: Key, _ build: () -> [String: String]) -> RuleValues {
        // One table per key type, found by the type's identity: boxing keys in
        // `AnyHashable` costs a dynamic conformance check per lookup.
        let id = ObjectIdentifier(Key.self)
        let memo: ValuesMemo<Key>
        if let existing = shapes.values[id] {
            memo = unsafeDowncast(existing, to: ValuesMemo<Key>.self)
        } else {
            memo = ValuesMemo<Key>()
            shapes.values[id] = memo
        }
        if let known = memo.table[key] { return known }
        let values = RuleValues(build())
        memo.table[key] = values
        return values
    }

    /// What `path` is, recognised once per distinct path text in the snapshot: a list of
    /// cells repeats the same mask path thousands of times.
    public func recognize(_ path: LayerPath) -> RecognizedShape? {
        if let known = shapes.byText[path.svg] { return known }
        let shape = recognizer.recognize(path.path)
        shapes.byText[path.svg] = .some(shape)
        return shape
    }
}

/// The memos behind `RuleContext.recognize` and `values(for:_:)`. One engine walk owns
/// them, on one thread.
private final class RecognizedShapes: @unchecked Sendable {
    var byText: [String: RecognizedShape?] = [:]
    var values: [ObjectIdentifier: AnyObject] = [:]
}

/// The values built for one type of key.
private final class ValuesMemo<Key: Hashable> {
    var table: [Key: RuleValues] = [:]
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
