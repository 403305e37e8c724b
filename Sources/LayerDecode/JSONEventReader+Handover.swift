// A large JSON dump is read in parts at once (`ListFragments`): a second reader starts at
// an element of a list in the middle of the file, and the first one, on arriving there,
// takes over where the second stopped. These are the reader's two ends of that handover.

/// Where a reader stands, enough to go on reading from there: the byte offset of the
/// current token and how to number its line and column.
public struct JSONReadPlace: Sendable, Equatable {
    var offset: Int
    var line: Int
    var anchor: Int
    var anchorColumn: Int
}

extension JSONEventReader {
    /// A reader of a list's elements from the `{` at `offset`, which must be the first
    /// character of its line other than spaces and tabs (so it is never inside a string),
    /// as if the list opened just before it. Its depth counts from that list (1), and its
    /// positions are the file's own: the lines before `offset` are counted first.
    /// `line`, when given, is the line `offset` is on (`lines(ofListElementsAt:in:)`).
    public init(bytes: UnsafeRawBufferPointer, listElementAt offset: Int, line knownLine: Int? = nil) {
        self.init(bytes: bytes)
        let lineStart = self.lineStart(of: offset)
        line = knownLine ?? 1 &+ Self.lineBreaks(in: UnsafeRawBufferPointer(rebasing: bytes[bodyStart..<lineStart]))
        anchor = lineStart
        anchorColumn = 1
        off = offset
        tokenStart = offset
        depth = 1
        inObject = false
        levels = [0]
        state = .arrayFirst
    }

    /// The lines of list elements whose `{` are at `offsets` (increasing, each the first
    /// character of its line other than spaces and tabs), counted in one pass, `step`
    /// bytes at a time; `counted` is told how far the count has come after each step, so
    /// that the pages behind it can be given back.
    public static func lines(ofListElementsAt offsets: [Int], in bytes: UnsafeRawBufferPointer, step: Int = 8 << 20,
                             counted: (Int) -> Void = { _ in }) -> [Int] {
        let reader = JSONEventReader(bytes: bytes)
        var line = 1, from = reader.bodyStart
        return offsets.map { offset in
            // A line start follows its break whole, so no CR LF pair spans two offsets.
            let start = reader.lineStart(of: offset)
            while from < start {
                let end = min(start, from &+ step)
                line &+= lineBreaks(in: UnsafeRawBufferPointer(rebasing: bytes[from..<end]))
                // A CR LF cut in two counted its CR alone as a break; its LF counts next.
                if end < start, bytes[end &- 1] == 0x0D, bytes[end] == 0x0A { line &-= 1 }
                from = end
                counted(end)
            }
            return line
        }
    }

    /// Where the line holding `offset` starts, when only spaces and tabs precede `offset`
    /// on it.
    private func lineStart(of offset: Int) -> Int {
        var start = offset
        while start > bodyStart, byte(start &- 1) == 0x20 || byte(start &- 1) == 0x09 { start &-= 1 }
        return start
    }

    /// Where this reader stands now.
    public var place: JSONReadPlace {
        JSONReadPlace(offset: tokenStart, line: line, anchor: anchor, anchorColumn: anchorColumn)
    }

    /// The deepest nesting this reader has opened (a short number list read as one step may
    /// be one deeper).
    public var deepestDepth: Int { deepest }

    /// Goes on at `place`, where another reader of the same bytes stopped, inside the list
    /// that holds the element whose `{` was just read here: the element and what followed
    /// it up to `place` were read by the other reader. At `place` is the next element's
    /// `{` when `atElement`, else the list's `]`.
    @discardableResult
    public mutating func continueList(at place: JSONReadPlace, atElement: Bool) -> Bool {
        depth &-= 1
        inObject = false
        off = place.offset
        tokenStart = place.offset
        line = place.line
        anchor = place.anchor
        anchorColumn = place.anchorColumn
        scalarCount = 0
        scalarInScratch = false
        state = atElement ? .arrayFirst : .arrayNext
        return true
    }

    public var handoverOffset: Int? { tokenStart }

    /// Line breaks in `bytes` as the reader counts them: "\n", "\r\n" and a lone "\r" are
    /// one each. Sixteen bytes at a time; only text with a "\r" is counted byte by byte.
    static func lineBreaks(in bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let n = bytes.count
        var feeds = 0, returns = 0, i = 0
        let lf = SIMD16<UInt8>(repeating: 0x0A), cr = SIMD16<UInt8>(repeating: 0x0D)
        let one = SIMD16<UInt8>(repeating: 1), none = SIMD16<UInt8>()
        while i &+ 16 <= n {
            // Counts per byte lane, summed before a lane can pass 255.
            var lanesLF = none, lanesCR = none
            var rounds = 0
            while rounds < 255, i &+ 16 <= n {
                let v = base.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                lanesLF &+= none.replacing(with: one, where: v .== lf)
                lanesCR &+= none.replacing(with: one, where: v .== cr)
                i &+= 16
                rounds &+= 1
            }
            feeds &+= Int(SIMD16<UInt16>(truncatingIfNeeded: lanesLF).wrappedSum())
            returns &+= Int(SIMD16<UInt16>(truncatingIfNeeded: lanesCR).wrappedSum())
        }
        while i < n {
            let c = base.load(fromByteOffset: i, as: UInt8.self)
            if c == 0x0A { feeds &+= 1 } else if c == 0x0D { returns &+= 1 }
            i &+= 1
        }
        guard returns > 0 else { return feeds }
        var breaks = 0
        for k in 0..<n {
            let c = base.load(fromByteOffset: k, as: UInt8.self)
            if c == 0x0A || (c == 0x0D && (k &+ 1 >= n || base.load(fromByteOffset: k &+ 1, as: UInt8.self) != 0x0A)) { breaks &+= 1 }
        }
        return breaks
    }
}
