/// A 1-based line and column (in characters, not bytes) of a place in a source file.
public struct SourcePosition: Sendable, Hashable, Comparable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// The events both readers (libyaml for YAML, our own for JSON) produce: the decoder is
/// written once against this, so YAML and JSON give the same model and the same errors.
public enum TreeEventKind: Sendable, Equatable {
    case documentStart
    case documentEnd
    case mappingStart
    case mappingEnd
    case sequenceStart
    case sequenceEnd
    /// A scalar; its bytes are in `TreeEventSource.scalarBytes` until the next event.
    case scalar(ScalarStyle)
    /// A YAML alias (`*name`); JSON has none.
    case alias
    case streamEnd
}

public enum ScalarStyle: Sendable, Equatable {
    /// Unquoted: a YAML plain scalar, or a JSON number, `true`, `false` or `null`.
    case plain
    /// Quoted or block text: always a string, never a number or null.
    case quoted
}

/// A reading error of the syntax layer, with where it happened.
public struct SyntaxError: Error, Sendable, Equatable {
    public var message: String
    public var position: SourcePosition
    public init(message: String, position: SourcePosition) {
        self.message = message
        self.position = position
    }
}

/// A pull reader of tree events. `next()` advances; `position` is where the current
/// event starts; `scalarBytes` holds the UTF-8 bytes of the current scalar (valid until
/// the next call to `next()`).
public protocol TreeEventSource {
    mutating func next() throws(SyntaxError) -> TreeEventKind
    var position: SourcePosition { get }
    /// The current scalar's UTF-8 bytes (JSON strings already unescaped); empty for other
    /// events. Valid until the next call to `next()`.
    var scalarBytes: UnsafeRawBufferPointer { get }
    /// When the value after the current key is a short list of plain numbers, reads it all
    /// into `numbers` and returns true, leaving the list's opening bracket as the current
    /// event; otherwise reads nothing and returns false.
    mutating func nextNumberList(into numbers: inout NumberList) -> Bool
    /// When the value after the current key is a plain number, reads it and returns it,
    /// leaving it as the current `.scalar(.plain)` event; otherwise reads nothing, nil.
    mutating func nextPlainNumber() -> Double?
    /// The byte offset of the current event's token, for a reader that can take over a
    /// list from another reader of the same file (`ListFragments`); nil for the others.
    var handoverOffset: Int? { get }
    /// Goes on at `place`, where another reader stopped inside the list holding the element
    /// that just opened (see `JSONEventReader.continueList`); false when it cannot.
    mutating func continueList(at place: JSONReadPlace, atElement: Bool) -> Bool
}

extension TreeEventSource {
    /// A reader that can read a whole list of numbers in one step does so (see
    /// `JSONEventReader.nextNumberList`); the others read nothing and return false.
    @inline(__always)
    public mutating func nextNumberList(into numbers: inout NumberList) -> Bool { false }

    /// The same for a single number: the readers that cannot read nothing and return nil.
    @inline(__always)
    public mutating func nextPlainNumber() -> Double? { nil }

    /// Readers that cannot hand a list over have no offset to give and never take one.
    public var handoverOffset: Int? { nil }
    public mutating func continueList(at place: JSONReadPlace, atElement: Bool) -> Bool { false }

    /// Calls `body` with `scalarBytes`.
    @inline(__always)
    public func withScalarBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(scalarBytes)
    }
}

/// A short list of numbers, kept inline: the lists in a dump (frames, points, transforms)
/// hold at most 16 numbers, and reading one then allocates and checks nothing.
public struct NumberList: Sendable {
    public static let capacity = 16
    private var storage: (Double, Double, Double, Double, Double, Double, Double, Double,
                          Double, Double, Double, Double, Double, Double, Double, Double)
        = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    /// How many numbers were appended; past `capacity` only the count goes on, so that an
    /// error can say how many a list had.
    public private(set) var count = 0

    public init() {}

    @inline(__always)
    public mutating func removeAll() { count = 0 }

    @inline(__always)
    public mutating func append(_ value: Double) {
        if count < Self.capacity {
            let offset = count &* 8
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: value, toByteOffset: offset, as: Double.self) }
        }
        count &+= 1
    }

    /// Number `i`, one of the first `capacity`.
    @inline(__always)
    public subscript(i: Int) -> Double {
        precondition(i >= 0 && i < Swift.min(count, Self.capacity), "index out of range")
        return withUnsafeBytes(of: storage) { $0.load(fromByteOffset: i &* 8, as: Double.self) }
    }

    /// The numbers kept, as an array.
    public var values: [Double] { (0..<Swift.min(count, Self.capacity)).map { self[$0] } }
}
