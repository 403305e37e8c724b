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
        set { rare = FindingExtras.carrying(observations: rare?.observations, systemOwner: newValue, frameRate: frameRate) }
    }
    /// Frames per second now and after the fix (the frame-rate rules), else nil.
    public var frameRate: FrameRateFigure? { rare?.frameRate }

    var placeholderValues: PlaceholderValues { PlaceholderValues(values: values, passes: passes, passesAfter: passesAfterFix) }
    public var message: String { words.message.render(placeholderValues) }
    public var fix: FixSuggestion {
        let values = placeholderValues
        return FixSuggestion(summary: words.fixSummary.render(values), swift: words.fixSwift.render(values),
                             objc: words.fixObjC.render(values))
    }
}

/// The parts of a finding's words, for writing one straight into a report.
public enum FindingTextPart: Sendable {
    case message, fixSummary, fixSwift, fixObjC
}

extension Finding {
    /// Whether other findings of the snapshot read the same words: only then is a text
    /// worth keeping for the next finding (`FindingTexts`, a reporter's cache).
    public var wordsRepeat: Bool { values.repeats }

    /// Appends `part` of the finding's words to `out`, with no string made on the way.
    public func write(_ part: FindingTextPart, to out: inout WordsText) {
        let template = switch part {
        case .message: words.message
        case .fixSummary: words.fixSummary
        case .fixSwift: words.fixSwift
        case .fixObjC: words.fixObjC
        }
        template.write(placeholderValues, to: &out)
    }
}

/// What few findings carry: Xcode's own observations (the layer's box, shared), a system
/// owner, a frame rate. Immutable: a change makes a new box, so findings stay values.
final class FindingExtras: Sendable, Hashable {
    let observations: XcodeObservations?
    let systemOwner: SystemOwner?
    let frameRate: FrameRateFigure?

    /// Nil when there is nothing to carry, so most findings allocate nothing. (A failable
    /// initialiser would not do: a class's allocates before it can fail.)
    static func carrying(observations: XcodeObservations?, systemOwner: SystemOwner?,
                         frameRate: FrameRateFigure?) -> FindingExtras? {
        guard observations != nil || systemOwner != nil || frameRate != nil else { return nil }
        return FindingExtras(observations: observations, systemOwner: systemOwner, frameRate: frameRate)
    }

    private init(observations: XcodeObservations?, systemOwner: SystemOwner?, frameRate: FrameRateFigure?) {
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

/// One distinct text of findings: the message and fix their words and values give,
/// each rendered on first use.
public final class FindingText {
    private let words: FindingWords
    private let values: PlaceholderValues
    /// Whether other findings read the same: a report keeps what it derives from a text
    /// only then (`FindingTextCache`).
    public let repeats: Bool

    fileprivate init(words: FindingWords, values: PlaceholderValues) {
        self.words = words; self.values = values; repeats = values.values.repeats
    }

    public private(set) lazy var message: String = words.message.render(values)

    /// The fix in words alone, for reports that show no code (annotations, review comments).
    public private(set) lazy var fixSummary: String = words.fixSummary.render(values)

    public private(set) lazy var fix = FixSuggestion(
        summary: fixSummary, swift: words.fixSwift.render(values), objc: words.fixObjC.render(values))
}

/// Renders findings' words once per distinct template and values: findings on repeated
/// cells read the same, so a report with thousands of them renders a handful of texts.
/// Texts that no other finding shares (every layer with its own numbers) are not kept,
/// and the table starts over once it holds `capacity` texts, so a million distinct
/// findings cost the memory of one. One instance serves one rendering, on one thread.
public final class FindingTexts {
    private struct Key: Hashable {
        let words: ObjectIdentifier
        let values: FindingValues
        let passes: Int32
        let passesAfter: Int32
    }
    private var texts: [Key: FindingText] = [:]
    private let capacity: Int

    public init() { capacity = 4096 }

    /// A table that starts over at `capacity` texts (tests).
    public init(capacity: Int) { self.capacity = max(capacity, 1) }

    /// The text of `f`, the same instance for every finding that reads the same while
    /// the table keeps it.
    public func text(of f: Finding) -> FindingText {
        let key = Key(words: ObjectIdentifier(f.words), values: f.values,
                      passes: Int32(clamping: f.passes), passesAfter: Int32(clamping: f.passesAfterFix))
        let values = PlaceholderValues(values: f.values, passes: f.passes, passesAfter: f.passesAfterFix)
        guard values.values.repeats else { return FindingText(words: f.words, values: values) }
        if let known = texts[key] { return known }
        let text = FindingText(words: f.words, values: values)
        if texts.count >= capacity { texts.removeAll(keepingCapacity: true) }
        texts[key] = text
        return text
    }

    public func message(of f: Finding) -> String { text(of: f).message }

    public func fix(of f: Finding) -> FixSuggestion { text(of: f).fix }
}
