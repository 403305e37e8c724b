import LayerFacts
import LayerModel

/// A concrete fix for one finding, in words and in code.
public struct FixSuggestion: Sendable, Hashable {
    public var summary: String
    public var swift: String
    public var objc: String
}

/// One rule's report on one layer.
///
/// A busy screen has a finding for every third layer, so a finding is kept small (96
/// bytes): its layer's path and names live in the snapshot's `PathTable`, its words are
/// shared templates, and what few findings carry sits in a box only they allocate.
public struct Finding: Sendable, Hashable {
    var paths: PathTable
    /// The catalog's words and the layer's numbers, put together only when a reporter asks:
    /// a large dump's findings then hold a few short values each, not pages of text.
    var words: FindingWords
    var values: FindingValues
    private var rare: FindingExtras?
    /// The pixels one offscreen pass over the layer covers (`TreeFacts.offscreenPixels`).
    public var areaPixels: Int = 0
    public var location: SourceLocation
    private var layerIndex: Int32
    private var passesNow: Int32
    private var passesAfter: Int32
    public var severity: Severity
    public var reason: OffscreenReason

    init(severity: Severity, layer: Int, paths: PathTable, location: SourceLocation,
         reason: OffscreenReason, passes: Int, passesAfterFix: Int, words: FindingWords, values: FindingValues,
         extras: FindingExtras?) {
        self.severity = severity; self.layerIndex = Int32(clamping: layer); self.paths = paths
        self.location = location; self.reason = reason
        passesNow = Int32(clamping: passes); passesAfter = Int32(clamping: passesAfterFix)
        self.words = words; self.values = values; rare = extras
    }

    /// The rule's id, from its shared words.
    public var rule: String { words.rule }
    public var layer: Int { Int(layerIndex) }
    /// The stable path of `layer` in its tree (see `LayerPaths`).
    public var layerPath: String { paths[layer] }
    /// Calls `body` with the UTF-8 bytes of `layerPath`, without making a string of them.
    public func withLayerPath(_ body: (UnsafeBufferPointer<UInt8>) -> Void) { paths.withPath(of: layer, body) }
    public var layerName: String? { paths.name(of: layer) }
    /// The UIKit view class of the layer, when the dump names one (configuration
    /// suppressions match it).
    public var layerViewClass: String? { paths.viewClass(of: layer) }
    public var passes: Int {
        get { Int(passesNow) }
        set { passesNow = Int32(clamping: newValue) }
    }
    public var passesAfterFix: Int {
        get { Int(passesAfter) }
        set { passesAfter = Int32(clamping: newValue) }
    }
    /// The pixels this trigger renders offscreen per frame now: passes × area.
    public var offscreenPixels: Int { passes * areaPixels }
    /// The same once the fix is applied.
    public var offscreenPixelsAfterFix: Int { passesAfterFix * areaPixels }
    /// What Xcode's inspector showed for this layer, when the dump carries it.
    public var observedOffscreenCount: Int? { rare?.observations?.offscreenCount }
    /// The optimization opportunities Xcode's view debugger listed for this layer.
    public var observedOptimizationOpportunities: [String] { rare?.observations?.optimizationOpportunities ?? [] }
    /// Set when UIKit or AppKit created the layer, not the app (`LayerOwnership`).
    public var systemOwner: SystemOwner? {
        get { rare?.systemOwner }
        set { rare = FindingExtras(observations: rare?.observations, systemOwner: newValue, frameRate: frameRate) }
    }
    /// Frames per second now and after the fix (the frame-rate rules), else nil.
    public var frameRate: FrameRateFigure? { rare?.frameRate }

    public var message: String { words.message.render(values) }
    public var fix: FixSuggestion {
        FixSuggestion(summary: words.fixSummary.render(values), swift: words.fixSwift.render(values),
                      objc: words.fixObjC.render(values))
    }
}

/// What few findings carry: Xcode's own observations (the layer's box, shared), a system
/// owner, a frame rate. Immutable: a change makes a new box, so findings stay values.
final class FindingExtras: Sendable, Hashable {
    let observations: XcodeObservations?
    let systemOwner: SystemOwner?
    let frameRate: FrameRateFigure?

    /// Nil when there is nothing to carry, so most findings allocate nothing.
    init?(observations: XcodeObservations?, systemOwner: SystemOwner?, frameRate: FrameRateFigure?) {
        guard observations != nil || systemOwner != nil || frameRate != nil else { return nil }
        self.observations = observations
        self.systemOwner = systemOwner
        self.frameRate = frameRate
    }

    static func == (a: FindingExtras, b: FindingExtras) -> Bool {
        a === b || (a.observations == b.observations && a.systemOwner == b.systemOwner && a.frameRate == b.frameRate)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(observations)
        hasher.combine(systemOwner)
    }
}

/// Where the app makes the change for a finding on a layer UIKit or AppKit created.
public struct SystemOwner: Sendable, Hashable {
    /// The path of the nearest layer the app owns (the cell whose `contentView` clips); nil
    /// when no layer above is the app's.
    public var appLayerPath: String?
    /// Whether the app reaches the layer from that view in one step (`contentView`, a
    /// background view, a button's label). Findings deeper in UIKit's insides are left out
    /// of a run unless it asks for them (`--include-system`).
    public var isReachable: Bool
    public init(appLayerPath: String?, isReachable: Bool) {
        self.appLayerPath = appLayerPath; self.isReachable = isReachable
    }
}

/// The templates a finding renders: one instance shared by every finding of a rule.
final class FindingWords: Sendable, Hashable {
    let rule: String
    let message: MessageTemplate
    let fixSummary: MessageTemplate
    let fixSwift: MessageTemplate
    let fixObjC: MessageTemplate
    init(rule: String, message: MessageTemplate, fixSummary: MessageTemplate, fixSwift: MessageTemplate, fixObjC: MessageTemplate) {
        self.rule = rule; self.message = message; self.fixSummary = fixSummary; self.fixSwift = fixSwift; self.fixObjC = fixObjC
    }
    static func == (a: FindingWords, b: FindingWords) -> Bool {
        a === b || (a.rule == b.rule && a.message == b.message && a.fixSummary == b.fixSummary && a.fixSwift == b.fixSwift && a.fixObjC == b.fixObjC)
    }
    func hash(into hasher: inout Hasher) { hasher.combine(message) }
}

/// A rule's placeholder values, sorted by name, with their hash worked out once. A rule
/// builds them once per distinct set of inputs (`RuleContext.values(for:_:)`), and every
/// finding with those words shares the one instance: a large dump's findings then hold a
/// reference each, not pages of text, and are never hashed string by string.
public final class RuleValues: Sendable, Hashable {
    fileprivate let pairs: [Pair]
    private let valuesHash: Int
    /// Which of the values every finding adds (`FindingValues`) these name themselves.
    fileprivate let overrides: FindingValues.Defaults
    fileprivate struct Pair: Sendable, Hashable { var name: String; var value: String }

    public init(_ values: [String: String]) {
        var pairs = values.map { Pair(name: $0.key, value: $0.value) }
        pairs.sort { $0.name < $1.name }
        self.pairs = pairs
        var hasher = Hasher()
        for p in pairs { hasher.combine(p.name); hasher.combine(p.value) }
        valuesHash = hasher.finalize()
        var overrides: FindingValues.Defaults = []
        if values["layer"] != nil { overrides.insert(.layer) }
        if values["passes"] != nil { overrides.insert(.passes) }
        if values["passesAfter"] != nil { overrides.insert(.passesAfter) }
        self.overrides = overrides
    }

    public subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    public var dictionary: [String: String] {
        Dictionary(uniqueKeysWithValues: pairs.map { ($0.name, $0.value) })
    }

    public static func == (a: RuleValues, b: RuleValues) -> Bool {
        a === b || (a.valuesHash == b.valuesHash && a.pairs == b.pairs)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(valuesHash) }
}

/// A finding's placeholder values: its rule's shared values, and the layer's label and
/// passes, which every finding adds unless the rule names them itself.
public struct FindingValues: Sendable, Hashable {
    private let rule: RuleValues
    // Empty or 0 when the rule's values replace them, so equal values compare equal.
    private let layer: String
    private let passes: Int32
    private let passesAfter: Int32

    fileprivate struct Defaults: OptionSet, Sendable {
        let rawValue: UInt8
        static let layer = Defaults(rawValue: 1 << 0)
        static let passes = Defaults(rawValue: 1 << 1)
        static let passesAfter = Defaults(rawValue: 1 << 2)
    }

    init(_ rule: RuleValues, layer: String, passes: Int, passesAfter: Int) {
        self.rule = rule
        self.layer = rule.overrides.contains(.layer) ? "" : layer
        self.passes = rule.overrides.contains(.passes) ? 0 : Int32(clamping: passes)
        self.passesAfter = rule.overrides.contains(.passesAfter) ? 0 : Int32(clamping: passesAfter)
    }

    public subscript(name: String) -> String? {
        if let value = rule[name] { return value }
        switch name {
        case "layer": return layer
        case "passes": return String(passes)
        case "passesAfter": return String(passesAfter)
        default: return nil
        }
    }

    public static func == (a: FindingValues, b: FindingValues) -> Bool {
        a.passes == b.passes && a.passesAfter == b.passesAfter && a.layer == b.layer && a.rule == b.rule
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rule)
        hasher.combine(layer)
        hasher.combine(passes)
        hasher.combine(passesAfter)
    }
}

/// One distinct text of findings: the message and fix their words and values give,
/// each rendered on first use.
public final class FindingText {
    private let words: FindingWords
    private let values: FindingValues

    fileprivate init(words: FindingWords, values: FindingValues) { self.words = words; self.values = values }

    public private(set) lazy var message: String = words.message.render(values)

    public private(set) lazy var fix = FixSuggestion(
        summary: words.fixSummary.render(values), swift: words.fixSwift.render(values), objc: words.fixObjC.render(values))
}

/// Renders findings' words once per distinct template and values: findings on repeated
/// cells read the same, so a report with thousands of them renders a handful of texts.
/// One instance serves one rendering, on one thread.
public final class FindingTexts {
    private struct Key: Hashable {
        let words: ObjectIdentifier
        let values: FindingValues
    }
    private var texts: [Key: FindingText] = [:]

    public init() {}

    /// The text of `f`, the same instance for every finding that reads the same.
    public func text(of f: Finding) -> FindingText {
        let key = Key(words: ObjectIdentifier(f.words), values: f.values)
        if let known = texts[key] { return known }
        let text = FindingText(words: f.words, values: f.values)
        texts[key] = text
        return text
    }

    public func message(of f: Finding) -> String { text(of: f).message }

    public func fix(of f: Finding) -> FixSuggestion { text(of: f).fix }
}
