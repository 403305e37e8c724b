/// A syntax error in SVG path data, with where it is.
public struct SVGPathError: Error, Sendable, Equatable {
    public var message: String
    /// 0-based offset of the offending character into the path text. For `parse(String)`
    /// it counts Swift `Character`s; for the byte overload it counts Unicode scalars. Path
    /// data is ASCII, so the two agree unless the text holds "\r\n" or combining marks.
    public var offset: Int

    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }
}

/// Reads SVG path data (the `d` attribute; SVG 1.1 §8.3 and SVG 2 §9.3 grammar) into a
/// CGPath-style `Path`: absolute coordinates, H/V as lines, S/T with their reflected
/// control points spelled out, and arcs as cubic Béziers of at most 90° each.
///
/// It reads bytes in one forward pass without recursion, so time is linear in the text and
/// the only allocation is the element array. The first error stops the parse (SVG's error
/// rule renders the path up to the error; a linter wants the error instead).
public struct SVGPathParser: Sendable {
    public init() {}

    public func parse(_ text: String) throws(SVGPathError) -> Path {
        var text = text
        let result: Result<Path, SVGPathError> = text.withUTF8 { utf8 in
            Result { () throws(SVGPathError) -> Path in try parse(UnsafeRawBufferPointer(utf8)) }
        }
        switch result {
        case .success(let path):
            return path
        case .failure(var error):
            // The byte overload reported a scalar offset; the String caller wants Characters.
            let scalars = text.unicodeScalars
            let index = scalars.index(scalars.startIndex, offsetBy: error.offset)
            error.offset = text.distance(from: text.startIndex, to: index)
            throw error
        }
    }

    /// Parses UTF-8 bytes directly: the hot path, with no String made unless an error
    /// message needs to quote a non-ASCII character.
    public func parse(_ utf8: UnsafeRawBufferPointer) throws(SVGPathError) -> Path {
        var reader = SVGPathReader(bytes: utf8)
        do {
            return try reader.readPath()
        } catch {
            // Errors are raised with byte offsets; count scalars (bytes that start one).
            var scalarOffset = 0
            for i in 0..<min(error.offset, utf8.count) where utf8[i] & 0xC0 != 0x80 {
                scalarOffset += 1
            }
            throw SVGPathError(message: error.message, offset: scalarOffset)
        }
    }
}

/// The parser's state: a cursor over the bytes plus the pen (current point, subpath start,
/// last control points for S and T).
struct SVGPathReader {
    let bytes: UnsafeRawBufferPointer
    var index = 0
    var elements: [PathElement] = []
    var current = Point.zero
    var subpathStart = Point.zero
    /// The second control point of the previous C or S, for S's reflection; nil otherwise.
    var lastCubicControl: Point?
    /// The control point of the previous Q or T, for T's reflection; nil otherwise.
    var lastQuadControl: Point?
    /// After Z, a drawing command other than M starts a new subpath at the old start; the
    /// moveTo is written out so every subpath in the result begins with one.
    var needsMoveTo = false
    /// Set when the separator before the next argument has already been read.
    var separatorConsumed = false

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        elements.reserveCapacity(bytes.count / 8)  // a typical element takes 8 or more bytes
    }

    mutating func readPath() throws(SVGPathError) -> Path {
        skipWhitespace()
        while index < bytes.count {
            let commandOffset = index
            let byte = bytes[index]
            guard let command = SVGCommand(byte) else {
                if elements.isEmpty && isNumberStart(byte) {
                    throw SVGPathError(message: "path must start with a moveto", offset: commandOffset)
                }
                throw SVGPathError(message: "unknown command '\(characterAt(index))'", offset: commandOffset)
            }
            if elements.isEmpty && command.letter != .m {
                throw SVGPathError(message: "path must start with a moveto", offset: commandOffset)
            }
            index += 1
            try readArguments(of: command)
            skipWhitespace()
        }
        // The room reserved for the text's longest reading is kept by a path for good (a
        // rounded rectangle with full-precision numbers reserves five times what it needs:
        // 110 MB at a million layers); the path keeps a copy of its exact size.
        return Path(elements: elements.withUnsafeBufferPointer { Array($0) })
    }

    /// Reads the argument sets of one command: the first is required, more may follow
    /// (the implicit repeat; after M they are lines).
    private mutating func readArguments(of command: SVGCommand) throws(SVGPathError) {
        if command.letter == .z {
            closeSubpath()
            skipWhitespace()
            if index < bytes.count, isNumberStart(bytes[index]) {
                throw SVGPathError(message: "unexpected number after '\(command.name)'", offset: index)
            }
            return
        }
        skipWhitespace()
        separatorConsumed = true  // the grammar allows no comma between a letter and its first number
        var repeated = command
        while true {
            try readOneSet(of: repeated)
            if command.letter == .m { repeated = SVGCommand(letter: .l, isRelative: command.isRelative) }
            let sawComma = skipCommaWhitespace()
            guard index < bytes.count, isNumberStart(bytes[index]) else {
                if sawComma {
                    throw SVGPathError(message: "expected a number after ','", offset: index)
                }
                return
            }
            separatorConsumed = true
        }
    }

    /// Reads one argument set and draws it. Every number is finite, but a relative step, a
    /// reflected control point or an arc can still leave the range of a Double: such a
    /// set is an error at its start, so no infinite or NaN point reaches the geometry.
    private mutating func readOneSet(of command: SVGCommand) throws(SVGPathError) {
        let setStart = index
        let elementsBefore = elements.count
        try drawOneSet(of: command)
        for element in elements[elementsBefore...] where !Self.isFinite(element) {
            throw SVGPathError(message: "'\(command.name)' reaches a point out of range (beyond ±1.8e308)", offset: setStart)
        }
    }

    private static func isFinite(_ element: PathElement) -> Bool {
        func finite(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite }
        switch element {
        case .moveTo(let p), .lineTo(let p): return finite(p)
        case .quadCurveTo(let c, let p): return finite(c) && finite(p)
        case .curveTo(let c1, let c2, let p): return finite(c1) && finite(c2) && finite(p)
        case .closeSubpath: return true
        }
    }

    private mutating func drawOneSet(of command: SVGCommand) throws(SVGPathError) {
        let origin = command.isRelative ? current : .zero
        func absolute(_ x: Double, _ y: Double) -> Point { Point(x: origin.x + x, y: origin.y + y) }
        let name = command.name
        switch command.letter {
        case .m:
            let x = try number(after: name), y = try number(after: name)
            moveTo(absolute(x, y))
        case .l:
            let x = try number(after: name), y = try number(after: name)
            lineTo(absolute(x, y))
        case .h:
            let x = try number(after: name)
            lineTo(Point(x: origin.x + x, y: current.y))
        case .v:
            let y = try number(after: name)
            lineTo(Point(x: current.x, y: origin.y + y))
        case .c:
            let c1 = absolute(try number(after: name), try number(after: name))
            let c2 = absolute(try number(after: name), try number(after: name))
            let end = absolute(try number(after: name), try number(after: name))
            curveTo(c1, c2, end)
        case .s:
            let c2 = absolute(try number(after: name), try number(after: name))
            let end = absolute(try number(after: name), try number(after: name))
            curveTo(reflect(lastCubicControl), c2, end)
        case .q:
            let c = absolute(try number(after: name), try number(after: name))
            let end = absolute(try number(after: name), try number(after: name))
            quadTo(c, end)
        case .t:
            let end = absolute(try number(after: name), try number(after: name))
            quadTo(reflect(lastQuadControl), end)
        case .a:
            let rx = try number(after: name), ry = try number(after: name)
            let rotation = try number(after: name)
            let largeArc = try flag(after: name), sweep = try flag(after: name)
            let end = absolute(try number(after: name), try number(after: name))
            arcTo(rx: rx, ry: ry, rotationDegrees: rotation, largeArc: largeArc, sweep: sweep, end: end)
        case .z:
            closeSubpath()
        }
    }

    // MARK: Pen

    /// The reflection of the previous control point about the current point; the current
    /// point itself when the previous command was not of the same family (SVG rule).
    private func reflect(_ control: Point?) -> Point {
        guard let c = control else { return current }
        // `2p - c` is exact in the doubling; near the range's edge the doubling alone can
        // overflow when the result does not, and `p + (p - c)` gets it.
        func reflected(_ p: Double, _ c: Double) -> Double {
            let r = 2 * p - c
            return r.isFinite ? r : p + (p - c)
        }
        return Point(x: reflected(current.x, c.x), y: reflected(current.y, c.y))
    }

    private mutating func startSubpathIfNeeded() {
        if needsMoveTo { elements.append(.moveTo(current)); needsMoveTo = false }
    }

    private mutating func moveTo(_ p: Point) {
        elements.append(.moveTo(p))
        current = p; subpathStart = p
        needsMoveTo = false
        lastCubicControl = nil; lastQuadControl = nil
    }

    private mutating func lineTo(_ p: Point) {
        startSubpathIfNeeded()
        elements.append(.lineTo(p))
        current = p
        lastCubicControl = nil; lastQuadControl = nil
    }

    private mutating func curveTo(_ c1: Point, _ c2: Point, _ end: Point) {
        startSubpathIfNeeded()
        elements.append(.curveTo(control1: c1, control2: c2, to: end))
        current = end
        lastCubicControl = c2; lastQuadControl = nil
    }

    private mutating func quadTo(_ c: Point, _ end: Point) {
        startSubpathIfNeeded()
        elements.append(.quadCurveTo(control: c, to: end))
        current = end
        lastCubicControl = nil; lastQuadControl = c
    }

    private mutating func closeSubpath() {
        elements.append(.closeSubpath)
        current = subpathStart
        needsMoveTo = true
        lastCubicControl = nil; lastQuadControl = nil
    }

    private mutating func arcTo(rx: Double, ry: Double, rotationDegrees: Double,
                                largeArc: Bool, sweep: Bool, end: Point) {
        let start = current
        // F.6.2: identical end points draw nothing at all.
        if start == end {
            lastCubicControl = nil; lastQuadControl = nil
            return
        }
        startSubpathIfNeeded()
        for curve in EllipticalArc.cubics(from: start, to: end, rx: rx, ry: ry,
                                           rotationDegrees: rotationDegrees,
                                           largeArc: largeArc, sweep: sweep) {
            elements.append(curve)
        }
        current = end
        lastCubicControl = nil; lastQuadControl = nil
    }

    // MARK: Tokens

    private func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    private func isNumberStart(_ b: UInt8) -> Bool {
        isDigit(b) || b == 0x2E /* . */ || b == 0x2B /* + */ || b == 0x2D /* - */
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
    }

    /// comma-wsp: whitespace, at most one comma, whitespace. Returns whether a comma was seen.
    @discardableResult
    private mutating func skipCommaWhitespace() -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == 0x2C else { return false }
        index += 1
        skipWhitespace()
        return true
    }

    /// The character at a byte offset, for error messages (decodes one UTF-8 scalar).
    private func characterAt(_ offset: Int) -> String {
        let b = bytes[offset]
        if b < 0x80 { return String(UnicodeScalar(b)) }
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
    }

    /// A flag argument of A: a single "0" or "1", so "a1 1 0 00 1 1" reads as flags 0 and 0.
    private mutating func flag(after command: String) throws(SVGPathError) -> Bool {
        skipSeparatorBeforeArgument()
        guard index < bytes.count, bytes[index] == 0x30 || bytes[index] == 0x31 else {
            throw SVGPathError(message: "expected a flag (0 or 1) after '\(command)'", offset: index)
        }
        defer { index += 1 }
        return bytes[index] == 0x31
    }

    /// Every argument but a set's first may be preceded by comma-wsp; before a set's first
    /// argument `readArguments` has already dealt with the separator.
    private mutating func skipSeparatorBeforeArgument() {
        if separatorConsumed { separatorConsumed = false } else { skipCommaWhitespace() }
    }

    /// A number argument, with the separator before it.
    private mutating func number(after command: String) throws(SVGPathError) -> Double {
        skipSeparatorBeforeArgument()
        let start = index
        var scanner = SVGNumberScanner(bytes: bytes, index: index)
        switch scanner.scan() {
        case .success(let value):
            index = scanner.index
            return value
        case .failure(.noDigits):
            throw SVGPathError(message: "expected a number after '\(command)'", offset: start)
        case .failure(.exponentWithoutDigits(let at)):
            throw SVGPathError(message: "expected digits in the exponent of a number", offset: at)
        case .failure(.outOfRange):
            throw SVGPathError(message: "number out of range", offset: start)
        }
    }
}
