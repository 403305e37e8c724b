/// A pull reader of JSON text (RFC 8259, strict) producing the same `TreeEventKind`s as the
/// libyaml reader, so the decoder is written once for both formats.
///
/// For a JSON text the events are: `.documentStart`, the value's events, `.documentEnd`,
/// then `.streamEnd` (again on every further call). An object gives `.mappingStart`, for
/// each member its key as `.scalar(.quoted)` followed by the value's events, then
/// `.mappingEnd`; an array gives `.sequenceStart`, its elements, `.sequenceEnd`. Strings
/// are `.scalar(.quoted)` with escapes decoded to UTF-8; numbers, `true`, `false` and
/// `null` are `.scalar(.plain)` with their bytes as written.
///
/// `position` is where the current event's token starts (1-based line; column in
/// characters, a tab counting one): the first value token for `.documentStart`, the
/// bracket for the container events, the opening quote or first byte for scalars, and the
/// end of input for `.documentEnd` and `.streamEnd`. It is computed only when asked for.
///
/// The reader works on the raw bytes, never builds a `String` or allocates per event
/// (strings with escapes are decoded into one reused buffer), and keeps nesting in an
/// explicit bit stack (no recursion), so a document nested 100,000 levels deep reads like
/// any other.
///
/// Errors are RFC 8259 strict, at the offending character: no comments, trailing commas,
/// single quotes, NaN or Infinity; invalid UTF-8 anywhere is an error. A UTF-8 byte order
/// mark at the start is skipped. An empty (or whitespace-only) input throws on the first
/// call. After an error, every further call to `next()` throws the same error.
public struct JSONEventReader: TreeEventSource {
    /// The deepest nesting of arrays and objects accepted; one more level gives the error
    /// "nesting deeper than N levels" at the opening bracket.
    public var maxDepth: Int = 10_000_000

    // MARK: Input

    /// The whole input; the caller keeps it alive while the reader is used.
    let base: UnsafeRawPointer
    /// The input's length in bytes.
    let end: Int
    /// Where the JSON text starts: 3 after a UTF-8 byte order mark, else 0.
    let bodyStart: Int

    // MARK: Reading state

    /// The next byte to read.
    var off: Int = 0
    var state: State = .begin
    /// How many arrays and objects are open.
    var depth: Int = 0
    /// Whether the innermost open container is an object (false at depth 0).
    var inObject: Bool = false
    /// Bit `k` (word `k / 64`, bit `k % 64`) tells whether the container at depth `k + 1`
    /// is an object.
    var levels: [UInt64] = []
    /// The deepest `depth` reached (for a reader that took over part of a file).
    var deepest: Int = 0
    /// The error every call throws once reading failed.
    var failure: SyntaxError?

    // MARK: Lines (for `off`)

    /// The 1-based line of `off` (tokens never span lines, so also of the current event).
    var line: Int = 1
    /// A byte offset on the current line, at or before the current token, whose column is
    /// `anchorColumn`: the line start, moved forward on very long lines so that asking for
    /// a position never rescans more than 64 bytes.
    var anchor: Int = 0
    var anchorColumn: Int = 1

    // MARK: Current event

    /// Where the current event's token starts (the end of input for the final events).
    var tokenStart: Int = 0
    /// The current scalar: `scalarCount` bytes at `scalarStart` in the input, or at the
    /// start of `scratch` when `scalarInScratch` (a string with escapes).
    var scalarStart: Int = 0
    var scalarCount: Int = 0
    var scalarInScratch: Bool = false
    /// The reused buffer for unescaped strings; created on the first escape.
    var scratch: ScratchBuffer?

    enum State: UInt8 {
        case begin, topValue, afterTop, arrayFirst, arrayNext, objectFirst, objectNext
        case afterKey, finished, failed
    }

    /// Reads `bytes`, the whole JSON file, which the caller keeps alive (and unchanged)
    /// for as long as the reader is used. A UTF-8 byte order mark at the start is skipped.
    public init(bytes: UnsafeRawBufferPointer) {
        // An empty buffer may have no address; it is then never read through.
        base = bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!
        end = bytes.count
        if end >= 3, base.load(as: UInt8.self) == 0xEF,
           base.load(fromByteOffset: 1, as: UInt8.self) == 0xBB,
           base.load(fromByteOffset: 2, as: UInt8.self) == 0xBF {
            bodyStart = 3
        } else {
            bodyStart = 0
        }
        off = bodyStart
        anchor = bodyStart
        tokenStart = bodyStart
    }

    // MARK: TreeEventSource

    public mutating func next() throws(SyntaxError) -> TreeEventKind {
        switch state {
        case .objectNext:
            var c = skipWhitespace()
            if c == 0x2C {  // ,
                let comma = off
                off &+= 1
                c = skipWhitespace()
                if c == 0x22 { return try key() }
                if c == 0x7D { throw fail("trailing comma is not allowed in JSON", at: comma) }
                throw unexpected(c, "expected a string key after ',' in object")
            }
            if c == 0x7D { return closeContainer() }
            throw unexpected(c, "expected ',' or '}' in object")
        case .afterKey:
            var c = skipWhitespace()
            guard c == 0x3A else { throw unexpected(c, "expected ':' after object key") }
            off &+= 1
            c = skipWhitespace()
            return try value(c)
        case .arrayNext:
            var c = skipWhitespace()
            if c == 0x2C {
                let comma = off
                off &+= 1
                c = skipWhitespace()
                if c == 0x5D { throw fail("trailing comma is not allowed in JSON", at: comma) }
                return try value(c)
            }
            if c == 0x5D { return closeContainer() }
            throw unexpected(c, "expected ',' or ']' in array")
        case .objectFirst:
            let c = skipWhitespace()
            if c == 0x22 { return try key() }
            if c == 0x7D { return closeContainer() }
            throw unexpected(c, "expected a string key or '}' in object")
        case .arrayFirst:
            let c = skipWhitespace()
            if c == 0x5D { return closeContainer() }
            return try value(c)
        case .begin:
            let c = skipWhitespace()
            if c < 0 { throw fail("unexpected end of file, expected a value", at: end) }
            state = .topValue
            setToken(off)
            scalarCount = 0
            return .documentStart
        case .topValue:
            return try value(skipWhitespace())
        case .afterTop:
            let c = skipWhitespace()
            if c >= 0 { throw unexpected(c, "trailing characters after the JSON value") }
            state = .finished
            setToken(end)
            scalarCount = 0
            scalarInScratch = false
            return .documentEnd
        case .finished:
            setToken(end)
            scalarCount = 0
            scalarInScratch = false
            return .streamEnd
        case .failed:
            throw failure!
        }
    }

    /// Where the current event's token starts: 1-based line, and column in characters.
    // Inlined, like the helpers below: called on a struct that is being mutated, an
    // out-of-line non-mutating call makes the compiler copy the whole reader first.
    @inline(__always)
    public var position: SourcePosition {
        SourcePosition(line: line, column: anchorColumn &+ characterCount(from: anchor, to: tokenStart))
    }

    /// Calls `body` with the current scalar's UTF-8 bytes (escapes decoded); empty for
    /// events other than `.scalar`. The bytes are valid only inside `body` and until the
    /// next call to `next()`.
    @inline(__always)
    public var scalarBytes: UnsafeRawBufferPointer {
        if scalarInScratch, let scratch {
            return UnsafeRawBufferPointer(start: scratch.pointer, count: scalarCount)
        }
        return UnsafeRawBufferPointer(start: base + scalarStart, count: scalarCount)
    }

    /// How many arrays and objects are open after the current event.
    public var currentDepth: Int { depth }

    // MARK: Structure

    /// Reads the value starting with byte `c` at `off` (`c` < 0 at end of input).
    @inline(__always)
    mutating func value(_ c: Int) throws(SyntaxError) -> TreeEventKind {
        let start = off
        switch c {
        case 0x22:  // "
            try scanString()
            setToken(start)
            afterValue()
            return .scalar(.quoted)
        case 0x7B:  // {
            try open(object: true)
            return .mappingStart
        case 0x5B:  // [
            try open(object: false)
            return .sequenceStart
        case 0x2D, 0x30...0x39:  // - 0-9
            try scanNumber()
            setToken(start)
            afterValue()
            return .scalar(.plain)
        case 0x74:  // t
            try scanLiteral(0x6575_7274, length: 4)  // "true"
            setToken(start)
            afterValue()
            return .scalar(.plain)
        case 0x66:  // f
            try scanLiteral(0x736C_6166, length: 5, last: 0x65)  // "false"
            setToken(start)
            afterValue()
            return .scalar(.plain)
        case 0x6E:  // n
            try scanLiteral(0x6C6C_756E, length: 4)  // "null"
            setToken(start)
            afterValue()
            return .scalar(.plain)
        default:
            throw badValue(c)
        }
    }

    /// Reads an object key (a string at `off`).
    @inline(__always)
    mutating func key() throws(SyntaxError) -> TreeEventKind {
        let start = off
        try scanString()
        setToken(start)
        state = .afterKey
        return .scalar(.quoted)
    }

    @inline(__always)
    mutating func open(object: Bool) throws(SyntaxError) {
        if depth >= maxDepth { throw fail("nesting deeper than \(maxDepth) levels", at: off) }
        let word = depth &>> 6
        let bit = UInt64(1) &<< UInt64(depth & 63)
        if word == levels.count { levels.append(0) }
        if object { levels[word] |= bit } else { levels[word] &= ~bit }
        depth &+= 1
        if depth > deepest { deepest = depth }
        inObject = object
        setToken(off)
        off &+= 1
        scalarCount = 0
        scalarInScratch = false
        state = object ? .objectFirst : .arrayFirst
    }

    /// Closes the innermost container at `off` (its bracket already checked).
    @inline(__always)
    mutating func closeContainer() -> TreeEventKind {
        let wasObject = inObject
        setToken(off)
        off &+= 1
        scalarCount = 0
        scalarInScratch = false
        depth &-= 1
        if depth == 0 {
            inObject = false
        } else {
            let d = depth &- 1
            inObject = (levels[d &>> 6] &>> UInt64(d & 63)) & 1 != 0
        }
        afterValue()
        return wasObject ? .mappingEnd : .sequenceEnd
    }

    @inline(__always)
    mutating func afterValue() {
        state = depth == 0 ? .afterTop : (inObject ? .objectNext : .arrayNext)
    }

    // MARK: Whitespace and positions

    @inline(__always)
    func byte(_ i: Int) -> UInt8 { base.load(fromByteOffset: i, as: UInt8.self) }

    @inline(__always)
    func word(_ i: Int) -> UInt64 { UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self)) }

    /// Skips JSON whitespace (space, tab, line feed, carriage return) from `off`, counting
    /// lines; returns the byte there (`off` left on it), or -1 at the end of input.
    @inline(__always)
    mutating func skipWhitespace() -> Int {
        var i = off
        if i < end {
            let c = byte(i)
            if c > 0x20 { return Int(c) }
        }
        var newLine = false
        while true {
            if i &+ 8 <= end {
                // Runs of spaces (indentation) eight at a time.
                let notSpace = word(i) ^ 0x2020_2020_2020_2020
                if notSpace == 0 { i &+= 8; continue }
                i &+= notSpace.trailingZeroBitCount &>> 3
            } else if i >= end {
                off = end
                return -1
            }
            let c = byte(i)
            if c > 0x20 {
                off = i
                if newLine {
                    // Only one-byte whitespace since the line start: move the anchor
                    // past the indentation so positions need not count it.
                    anchorColumn = 1 &+ (i &- anchor)
                    anchor = i
                }
                return Int(c)
            }
            switch c {
            case 0x20, 0x09:
                i &+= 1
            case 0x0A:
                i &+= 1
                line &+= 1
                anchor = i
                anchorColumn = 1
                newLine = true
            case 0x0D:
                i &+= 1
                // "\r\n" is one line break, counted at the "\n".
                if i >= end || byte(i) != 0x0A {
                    line &+= 1
                    anchor = i
                    anchorColumn = 1
                    newLine = true
                }
            default:
                off = i
                return Int(c)
            }
        }
    }

    /// Makes `start` the current event's token start, on the current line.
    @inline(__always)
    mutating func setToken(_ start: Int) {
        tokenStart = start
        if start &- anchor > 64 {
            anchorColumn &+= characterCount(from: anchor, to: start)
            anchor = start
        }
    }

    /// The number of characters (UTF-8 lead bytes) in `from..<to`.
    @inline(__always)
    func characterCount(from: Int, to: Int) -> Int {
        var i = from
        var n = 0
        while i &+ 8 <= to {
            let x = word(i)
            let continuation = x & ~(x &<< 1) & 0x8080_8080_8080_8080
            n &+= continuation == 0 ? 8 : 8 &- continuation.nonzeroBitCount
            i &+= 8
        }
        let rest = to &- i
        if rest <= 0 { return n }
        if i &+ 8 <= end {
            // The last 1-7 bytes as one (masked) word.
            let x = word(i)
            let continuation = x & ~(x &<< 1) & (0x8080_8080_8080_8080 & ((1 &<< UInt64(rest &* 8)) &- 1))
            return n &+ rest &- continuation.nonzeroBitCount
        }
        while i < to {
            if byte(i) & 0xC0 != 0x80 { n &+= 1 }
            i &+= 1
        }
        return n
    }

    /// The line and column of byte offset `o`, on the current line or any earlier one.
    func positionOf(_ o: Int) -> SourcePosition {
        if o >= anchor {
            return SourcePosition(line: line, column: anchorColumn &+ characterCount(from: anchor, to: o))
        }
        // Before the anchor (error paths only): count line breaks back to `o`, then find
        // the start of its line.
        var breaks = 0
        var i = o
        while i < anchor {
            let c = byte(i)
            if c == 0x0A || (c == 0x0D && (i &+ 1 >= end || byte(i &+ 1) != 0x0A)) { breaks &+= 1 }
            i &+= 1
        }
        var lineStart = o
        while lineStart > bodyStart {
            let c = byte(lineStart &- 1)
            if c == 0x0A || (c == 0x0D && byte(lineStart) != 0x0A) { break }
            lineStart &-= 1
        }
        return SourcePosition(line: line &- breaks, column: 1 &+ characterCount(from: lineStart, to: o))
    }
}

/// The reused buffer for decoded strings (JSON strings with escapes, YAML quoted scalars).
/// A class so it outlives copies of the reader's struct; a reader writes to it only when
/// it is the sole owner (else it makes its own), so copies of a reader stay independent.
final class ScratchBuffer {
    let pointer: UnsafeMutableRawPointer
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        pointer = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit { pointer.deallocate() }
}
