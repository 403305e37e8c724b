import LayerModel

/// A problem found while reading a dump, at a place in its file.
public struct Diagnostic: Sendable, Hashable {
    public enum Severity: String, Sendable { case error, warning }
    public var severity: Severity
    public var message: String
    public var location: SourceLocation
    public init(severity: Severity, message: String, location: SourceLocation) {
        self.severity = severity; self.message = message; self.location = location
    }
}

/// The one error that stops reading a file.
public struct DecodeError: Error, Sendable, Hashable {
    public var message: String
    public var location: SourceLocation
    public init(message: String, location: SourceLocation) { self.message = message; self.location = location }
    init(_ message: String, at p: SourcePosition) {
        self.init(message: message, location: SourceLocation(line: p.line, column: p.column))
    }
}
