import LayerFacts
import LayerModel

/// A concrete fix for one finding, in words and in code.
public struct FixSuggestion: Sendable, Hashable {
    public var summary: String
    public var swift: String
    public var objc: String
}

/// One rule's report on one layer.
public struct Finding: Sendable, Hashable {
    public var rule: String
    public var severity: Severity
    public var layer: Int
    /// The stable path of `layer` in its tree (see `LayerPaths`).
    public var layerPath: String { paths[layer] }
    var paths: PathTable
    public var layerName: String?
    /// The UIKit view class of the layer, when the dump names one (configuration
    /// suppressions match it).
    public var layerViewClass: String?
    public var location: SourceLocation
    public var reason: OffscreenReason
    public var passes: Int
    public var passesAfterFix: Int
    /// What Xcode's inspector showed for this layer, when the dump carries it.
    public var observedOffscreenCount: Int?
    /// The optimization opportunities Xcode's view debugger listed for this layer.
    public var observedOptimizationOpportunities: [String] = []
    /// The catalog's words and the layer's numbers, put together only when a reporter asks:
    /// a large dump's findings then hold a few short values each, not pages of text.
    var words: FindingWords
    var values: FindingValues

    public var message: String { words.message.render(values) }
    public var fix: FixSuggestion {
        FixSuggestion(summary: words.fixSummary.render(values), swift: words.fixSwift.render(values),
                      objc: words.fixObjC.render(values))
    }
}

/// The templates a finding renders: one instance shared by every finding of a rule.
final class FindingWords: Sendable, Hashable {
    let message: MessageTemplate
    let fixSummary: MessageTemplate
    let fixSwift: MessageTemplate
    let fixObjC: MessageTemplate
    init(message: MessageTemplate, fixSummary: MessageTemplate, fixSwift: MessageTemplate, fixObjC: MessageTemplate) {
        self.message = message; self.fixSummary = fixSummary; self.fixSwift = fixSwift; self.fixObjC = fixObjC
    }
    static func == (a: FindingWords, b: FindingWords) -> Bool {
        a === b || (a.message == b.message && a.fixSummary == b.fixSummary && a.fixSwift == b.fixSwift && a.fixObjC == b.fixObjC)
    }
    func hash(into hasher: inout Hasher) { hasher.combine(message) }
}

/// A finding's placeholder values, in a small array: fewer bytes than a dictionary, and
/// a template has only a handful of placeholders to look up.
public struct FindingValues: Sendable, Hashable {
    private var pairs: [Pair]
    /// The values' hash, worked out once: findings are looked up by their values when
    /// equal sets are shared and again when their texts are rendered, and the values
    /// are long (fix code, path data).
    private var valuesHash: Int
    private struct Pair: Sendable, Hashable { var name: String; var value: String }

    /// `values` and those of `defaults` whose names it does not have.
    init(_ values: [String: String], adding defaults: [(String, String)]) {
        var pairs: [Pair] = []
        pairs.reserveCapacity(values.count + defaults.count)
        for (name, value) in values { pairs.append(Pair(name: name, value: value)) }
        for (name, value) in defaults where values[name] == nil { pairs.append(Pair(name: name, value: value)) }
        pairs.sort { $0.name < $1.name }
        self.pairs = pairs
        // The values alone: a rule always fills the same names.
        var hasher = Hasher()
        for p in pairs { hasher.combine(p.value) }
        valuesHash = hasher.finalize()
    }

    public subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    public static func == (a: FindingValues, b: FindingValues) -> Bool { a.valuesHash == b.valuesHash && a.pairs == b.pairs }

    public func hash(into hasher: inout Hasher) { hasher.combine(valuesHash) }
}

/// Renders findings' words once per distinct template and values: findings on repeated
/// cells read the same, so a report with thousands of them renders a handful of texts.
/// One instance serves one rendering, on one thread.
public final class FindingTexts {
    private struct Key: Hashable {
        let words: ObjectIdentifier
        let values: FindingValues
    }
    private var messages: [Key: String] = [:]
    private var fixes: [Key: FixSuggestion] = [:]

    public init() {}

    public func message(of f: Finding) -> String { Self.remembered(f, in: &messages) { $0.message } }

    public func fix(of f: Finding) -> FixSuggestion { Self.remembered(f, in: &fixes) { $0.fix } }

    private static func remembered<T>(_ f: Finding, in table: inout [Key: T], _ render: (Finding) -> T) -> T {
        let key = Key(words: ObjectIdentifier(f.words), values: f.values)
        if let known = table[key] { return known }
        let value = render(f)
        table[key] = value
        return value
    }
}
