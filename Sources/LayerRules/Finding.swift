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
    public var layerPath: String
    public var layerName: String?
    public var location: SourceLocation
    public var reason: OffscreenReason
    public var passes: Int
    public var passesAfterFix: Int
    public var message: String
    public var fix: FixSuggestion
    /// What Xcode's inspector showed for this layer, when the dump carries it.
    public var observedOffscreenCount: Int?
}
