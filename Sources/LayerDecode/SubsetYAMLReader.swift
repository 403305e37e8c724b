/// A reader of the YAML that dumps are written in, several times faster than libyaml: block
/// mappings and sequences indented with spaces, one value per line, and one-line flow lists
/// and mappings of scalars (`frame: [0, 0, 390, 844]`). It gives the same events, with the
/// same positions, as `YAMLTreeEventSource` gives for the same text.
///
/// Documents may be separated by `---` alone on a line. It never reports an error of its
/// own. Anything outside that subset (anchors, tags, block scalars, multi-line scalars,
/// other document markers, tabs, rare escapes, a syntax error) makes it throw
/// `SubsetYAMLReader.outside`, and `DumpReader` then reads the whole file again with
/// libyaml, whose events and errors are the reference. So the subset only ever decides
/// how fast a file is read, never what it means.
///
/// Each call to `refill()` reads one content line and queues its events: the ends of the
/// blocks its indentation closes, then its key and value. Blocks open on a stack of
/// indents; a line whose indentation fits no open block (a continuation line, a bad
/// indent) leaves the subset.
struct SubsetYAMLReader: TreeEventSource {
    /// The error that sends a file to libyaml; never shown to a user.
    static let outside = SyntaxError(message: "outside the YAML subset read without libyaml", position: SourcePosition(line: 0, column: 0))

    let base: UnsafePointer<UInt8>
    let end: Int
    /// The start of the next line to read.
    private(set) var off = 0
    private var line = 0
    private var phase = Phase.start
    private var blocks: [Block] = []
    /// The indent of the mapping whose last key has its value on the lines below.
    private var awaitingValueOf: Int?

    /// The queued events of the current line, and the one returned last.
    var queue: [Queued] = []
    var cursor = 0
    private var current = Queued(kind: .streamEnd, offset: 0, count: 0)
    /// The line and line start of the queued events; their columns count from there.
    var queueLine = 1
    var queueLineStart = 0
    /// An offset on the queued events' line at or before the current event, and its
    /// column: moved forward as events are read, so that asking for positions all along a
    /// very long line (a flow mapping of a million keys) counts each character once.
    private var anchorOffset = 0
    private var anchorColumn = 1
    /// Decoded quoted scalars of the current line (those with escapes or `''`).
    var scratch = ScratchBuffer(capacity: 256)
    var scratchUsed = 0

    private enum Phase {
        /// Before the first document; after a `---`, before its first key; inside a
        /// document; at the end, between the blocks closed at the text's last column and
        /// the rest; after the end.
        case start, documentStart, body, closingAtEnd, ended
    }

    private struct Block {
        var indent: Int
        var isSequence: Bool
    }

    /// A queued event; a scalar's bytes are `count` bytes at `offset`, in the text or, when
    /// `inScratch`, in `scratch`. `offset` is also where the event starts on its line.
    struct Queued {
        var kind: TreeEventKind
        var offset: Int
        var count: Int
        var scalarOffset = 0
        var inScratch = false
    }

    /// Reads `bytes`, which the caller keeps alive and unchanged while the reader is used.
    init(bytes: UnsafeRawBufferPointer) {
        base = (bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!).assumingMemoryBound(to: UInt8.self)
        end = bytes.count
        queue.reserveCapacity(16)
    }

    // MARK: TreeEventSource

    @inline(__always)
    mutating func next() throws(SyntaxError) -> TreeEventKind {
        if cursor == queue.count {
            try refill()
            anchorOffset = queueLineStart
            anchorColumn = 1
        }
        current = queue[cursor]
        cursor &+= 1
        if current.offset &- anchorOffset > 64 { moveAnchor() }
        return current.kind
    }

    @inline(never)
    private mutating func moveAnchor() {
        anchorColumn &+= characterCount(from: anchorOffset, to: current.offset)
        anchorOffset = current.offset
    }

    var position: SourcePosition {
        SourcePosition(line: queueLine, column: anchorColumn &+ characterCount(from: anchorOffset, to: current.offset))
    }

    var scalarBytes: UnsafeRawBufferPointer {
        @inline(__always) get {
            guard case .scalar = current.kind else { return UnsafeRawBufferPointer(start: nil, count: 0) }
            let start = current.inScratch ? UnsafeRawPointer(scratch.pointer) : UnsafeRawPointer(base)
            return UnsafeRawBufferPointer(start: start + current.scalarOffset, count: current.count)
        }
    }

    /// A list of plain numbers queued after the current key, read in one step; the current
    /// event is then its opening bracket, as after `.sequenceStart`. Each number is what
    /// `ScalarParsing.number` gives, as on the event path; anything else reads nothing.
    mutating func nextNumberList(into numbers: inout NumberList) -> Bool {
        guard cursor < queue.count, queue[cursor].kind == .sequenceStart else { return false }
        numbers.removeAll()
        var i = cursor &+ 1
        while i < queue.count, queue[i].kind == .scalar(.plain), numbers.count < NumberList.capacity {
            guard let value = number(queue[i]) else { return false }
            numbers.append(value)
            i &+= 1
        }
        guard i < queue.count, queue[i].kind == .sequenceEnd else { return false }
        current = queue[cursor]
        cursor = i &+ 1
        return true
    }

    /// A plain number queued after the current key, read in one step; nil reads nothing.
    mutating func nextPlainNumber() -> Double? {
        guard cursor < queue.count, queue[cursor].kind == .scalar(.plain),
              let value = number(queue[cursor]) else { return nil }
        current = queue[cursor]
        cursor &+= 1
        return value
    }

    /// A finite number, or nil (the event path then reports what the text is).
    private func number(_ event: Queued) -> Double? {
        guard let value = ScalarParsing.number(UnsafeRawBufferPointer(start: base + event.scalarOffset, count: event.count)),
              value.isFinite else { return nil }
        return value
    }

    // MARK: Lines

    private mutating func refill() throws(SyntaxError) {
        queue.removeAll(keepingCapacity: true)
        cursor = 0
        scratchUsed = 0
        switch phase {
        case .ended:
            queue.append(Queued(kind: .streamEnd, offset: queueLineStart, count: 0))
        case .closingAtEnd:
            finishDocument()
        case .start:
            guard let indent = try nextContentLine(), indent == 0 else { throw Self.outside }
            if try isDocumentMarker() {
                queue.append(Queued(kind: .documentStart, offset: queueLineStart, count: 0))
                phase = .documentStart
                return
            }
            // An implicit document starts where its first key does.
            queue.append(Queued(kind: .documentStart, offset: queueLineStart, count: 0))
            try openDocument()
        case .documentStart:
            guard let indent = try nextContentLine(), indent == 0, try !isDocumentMarker() else { throw Self.outside }
            try openDocument()
        case .body:
            guard let indent = try nextContentLine() else { return try finish() }
            if indent == 0, try isDocumentMarker() {
                // `---`: every block and the document end here, and the next one starts.
                guard awaitingValueOf == nil else { throw Self.outside }
                closeBlocks(downTo: 0, at: queueLineStart)
                queue.append(Queued(kind: .documentEnd, offset: queueLineStart, count: 0))
                queue.append(Queued(kind: .documentStart, offset: queueLineStart, count: 0))
                phase = .documentStart
                return
            }
            try readLine(indent: indent)
        }
    }

    /// The document's top mapping, from its first key at column 1.
    private mutating func openDocument() throws(SyntaxError) {
        queue.append(Queued(kind: .mappingStart, offset: queueLineStart, count: 0))
        blocks.append(Block(indent: 0, isSequence: false))
        phase = .body
        try readKeyAndValue(at: queueLineStart)
    }

    /// Whether the content line is `---` alone (then it is read), at column 1.
    private mutating func isDocumentMarker() throws(SyntaxError) -> Bool {
        let p = queueLineStart
        guard p &+ 2 < end, base[p] == 0x2D, base[p &+ 1] == 0x2D, base[p &+ 2] == 0x2D, isBlankOrEnd(p &+ 3) else { return false }
        let after = skipSpaces(from: p &+ 3)
        guard after == end || base[after] == 0x0A else { throw Self.outside }
        off = after &+ 1
        return true
    }

    /// Queues the ends of the open blocks indented `indent` or more, at `offset`.
    private mutating func closeBlocks(downTo indent: Int, at offset: Int) {
        while let top = blocks.last, top.indent >= indent { closeTopBlock(at: offset) }
    }

    /// Queues the end of the innermost open block, at `offset`.
    private mutating func closeTopBlock(at offset: Int) {
        let isSequence = blocks.removeLast().isSequence
        queue.append(Queued(kind: isSequence ? .sequenceEnd : .mappingEnd, offset: offset, count: 0))
    }

    /// The end of the text. As libyaml does, the blocks indented past the column where
    /// the text ends close there; the others, and the document, close at the start of
    /// the line after (when the text does not end with a line feed).
    private mutating func finish() throws(SyntaxError) {
        guard awaitingValueOf == nil else { throw Self.outside }
        var lastLineStart = end
        while lastLineStart > 0, base[lastLineStart &- 1] != 0x0A { lastLineStart &-= 1 }
        let endsWithLineFeed = lastLineStart == end
        queueLine = endsWithLineFeed ? line &+ 1 : line
        queueLineStart = lastLineStart
        closeBlocks(downTo: characterCount(from: lastLineStart, to: end) &+ 1, at: end)
        phase = .closingAtEnd
        if queue.isEmpty || endsWithLineFeed { finishDocument() }
    }

    /// The remaining blocks, the document and the stream end at the line after the text.
    private mutating func finishDocument() {
        if queueLineStart != end {
            queueLine &+= 1
            queueLineStart = end
        }
        closeBlocks(downTo: 0, at: end)
        queue.append(Queued(kind: .documentEnd, offset: end, count: 0))
        queue.append(Queued(kind: .streamEnd, offset: end, count: 0))
        phase = .ended
    }

    /// Skips blank and comment lines; at the next content line sets `queueLine` and
    /// `queueLineStart` and returns its indent (the content starts at `queueLineStart +
    /// indent`), or returns nil at the end of the text.
    private mutating func nextContentLine() throws(SyntaxError) -> Int? {
        while off < end {
            line &+= 1
            let start = off
            var i = off
            while i < end, base[i] == 0x20 { i &+= 1 }
            if i == end { off = end; return nil }
            let c = base[i]
            if c == 0x0A { off = i &+ 1; continue }
            if c == 0x23 {  // # a comment line
                off = try lineEnd(from: i &+ 1) &+ 1
                continue
            }
            queueLine = line
            queueLineStart = start
            return i &- start
        }
        return nil
    }

    /// The offset of the line feed ending the line (or `end`), checking that every
    /// character up to it is one libyaml reads as is.
    func lineEnd(from start: Int) throws(SyntaxError) -> Int {
        var i = start
        while i < end {
            let c = base[i]
            if c == 0x0A { return i }
            if c >= 0x20 && c < 0x7F { i &+= 1; continue }
            i &+= try characterLength(at: i)
        }
        return end
    }

    private mutating func readLine(indent: Int) throws(SyntaxError) {
        let p = queueLineStart &+ indent
        let isEntry = base[p] == 0x2D && (p &+ 1 == end || base[p &+ 1] == 0x20 || base[p &+ 1] == 0x0A)  // "- "
        if let parent = awaitingValueOf {
            // The value of the key above: a block on this line, more indented, or a
            // sequence that may sit at the key's own indent.
            awaitingValueOf = nil
            if isEntry, indent >= parent {
                blocks.append(Block(indent: indent, isSequence: true))
                queue.append(Queued(kind: .sequenceStart, offset: p, count: 0))
            } else if !isEntry, indent > parent {
                blocks.append(Block(indent: indent, isSequence: false))
                queue.append(Queued(kind: .mappingStart, offset: p, count: 0))
            } else {
                throw Self.outside  // an empty value
            }
        } else {
            // A key also ends a list at its own indent (a list that was a key's value).
            while let top = blocks.last, top.indent > indent || (!isEntry && top.isSequence && top.indent == indent) {
                closeTopBlock(at: p)
            }
            guard let top = blocks.last, top.indent == indent, top.isSequence == isEntry else { throw Self.outside }
        }
        if isEntry { try readEntry(at: p) } else { try readKeyAndValue(at: p) }
    }

    /// `- value` or `- key: value`, the latter opening a mapping at the key's column.
    private mutating func readEntry(at dash: Int) throws(SyntaxError) {
        var p = dash &+ 1
        while p < end, base[p] == 0x20 { p &+= 1 }
        guard p < end, base[p] != 0x0A, base[p] != 0x23, base[p] != 0x2D || !isBlankOrEnd(p &+ 1) else {
            throw Self.outside  // a nested block under the dash, or a nested sequence
        }
        if keyEnd(at: p) != nil {
            blocks.append(Block(indent: p &- queueLineStart, isSequence: false))
            queue.append(Queued(kind: .mappingStart, offset: p, count: 0))
            return try readKeyAndValue(at: p)
        }
        try readBlockValue(at: p)
    }

    /// `key: value`, or `key:` with the value on the lines below.
    private mutating func readKeyAndValue(at p: Int) throws(SyntaxError) {
        guard let colon = keyEnd(at: p) else { throw Self.outside }
        queue.append(Queued(kind: .scalar(.plain), offset: p, count: colon &- p, scalarOffset: p))
        var v = colon &+ 1
        while v < end, base[v] == 0x20 { v &+= 1 }
        if v == end || base[v] == 0x0A || base[v] == 0x23 {
            // Nothing or a comment after the colon (`keyEnd` saw a space before any `#`).
            off = try lineEnd(from: v) &+ 1
            awaitingValueOf = blocks[blocks.count &- 1].indent
            return
        }
        try readBlockValue(at: v)
    }

    /// A key written as a plain identifier followed by `:` and a space or the line's end:
    /// the offset of the colon, or nil.
    private func keyEnd(at p: Int) -> Int? {
        guard p < end, isIdentifierStart(base[p]) else { return nil }
        var i = p &+ 1
        while i < end, isIdentifierByte(base[i]) { i &+= 1 }
        guard i < end, base[i] == 0x3A, i &- p <= 128, isBlankOrEnd(i &+ 1) else { return nil }
        return i
    }

    /// The value after `key: ` or `- `, which ends the line.
    private mutating func readBlockValue(at p: Int) throws(SyntaxError) {
        var after: Int
        switch base[p] {
        case 0x22, 0x27: after = try quoted(at: p)
        case 0x5B, 0x7B: after = try flowCollection(at: p)
        default:
            after = try blockPlain(at: p)
            off = after
            return
        }
        // After a quoted or flow value: spaces, then a comment or the line's end.
        let spaces = after
        while after < end, base[after] == 0x20 { after &+= 1 }
        if after < end, base[after] == 0x23, after > spaces { after = try lineEnd(from: after) }
        guard after == end || base[after] == 0x0A else { throw Self.outside }
        off = after == end ? end : after &+ 1
    }

    // MARK: Characters

    @inline(__always)
    func isBlankOrEnd(_ i: Int) -> Bool {
        i >= end || base[i] == 0x20 || base[i] == 0x0A
    }

    @inline(__always)
    func isIdentifierStart(_ c: UInt8) -> Bool {
        (c | 0x20) &- 0x61 < 26 || c == 0x5F
    }

    @inline(__always)
    func isIdentifierByte(_ c: UInt8) -> Bool {
        (c | 0x20) &- 0x61 < 26 || c &- 0x30 < 10 || c == 0x5F
    }

    /// The number of characters (bytes that do not continue a UTF-8 sequence) in `from..<to`.
    func characterCount(from start: Int, to stop: Int) -> Int {
        var n = 0
        var i = start
        while i < stop {
            if base[i] & 0xC0 != 0x80 { n &+= 1 }
            i &+= 1
        }
        return n
    }

    /// The length of the UTF-8 character at `i`, a byte of 0x80 or more, when it is one
    /// libyaml reads as an ordinary character; anything else (invalid UTF-8, C1 controls,
    /// the line breaks NEL, LS and PS, a byte order mark, noncharacters, controls) leaves
    /// the subset.
    func characterLength(at i: Int) throws(SyntaxError) -> Int {
        let c0 = base[i]
        @inline(__always) func continuation(_ k: Int) -> UInt8? {
            guard i &+ k < end else { return nil }
            let c = base[i &+ k]
            return c & 0xC0 == 0x80 ? c : nil
        }
        switch c0 {
        case 0xC2...0xDF:
            guard let c1 = continuation(1), c0 != 0xC2 || c1 >= 0xA0 else { break }
            return 2
        case 0xE0...0xEF:
            guard let c1 = continuation(1), let c2 = continuation(2) else { break }
            if c0 == 0xE0 && c1 < 0xA0 { break }
            if c0 == 0xED && c1 >= 0xA0 { break }  // surrogates
            if c0 == 0xE2 && c1 == 0x80 && (c2 == 0xA8 || c2 == 0xA9) { break }  // LS, PS
            if c0 == 0xEF && c1 == 0xBB && c2 == 0xBF { break }  // byte order mark
            if c0 == 0xEF && c1 == 0xBF && c2 >= 0xBE { break }  // U+FFFE, U+FFFF
            return 3
        case 0xF0...0xF4:
            guard let c1 = continuation(1), continuation(2) != nil, continuation(3) != nil else { break }
            if c0 == 0xF0 && c1 < 0x90 { break }
            if c0 == 0xF4 && c1 >= 0x90 { break }
            return 4
        default: break
        }
        throw Self.outside
    }
}
