// The subset reader's values: plain and quoted scalars on one line, and one-line flow
// lists and mappings of them. Each function queues the value's events and returns the
// offset after it; anything it is not sure libyaml reads the same way leaves the subset.

extension SubsetYAMLReader {
    /// A plain scalar that is a block value: up to the line's end or a ` #` comment, its
    /// trailing spaces dropped. Returns the offset of the next line.
    mutating func blockPlain(at p: Int) throws(SyntaxError) -> Int {
        let first = base[p]
        switch first {
        // Indicators that start something else, or an error, in libyaml.
        case 0x2C, 0x5D, 0x7D, 0x23, 0x26, 0x2A, 0x21, 0x7C, 0x3E, 0x25, 0x40, 0x60, 0x3F, 0x3A:
            throw Self.outside
        case 0x2D where isBlankOrEnd(p &+ 1):
            throw Self.outside
        default: break
        }
        var i = p
        var last = p
        while i < end {
            let c = base[i]
            if c == 0x0A { break }
            if c == 0x20 {
                if i &+ 1 < end, base[i &+ 1] == 0x23 { i = try lineEnd(from: i &+ 1); break }
                i &+= 1
                continue
            }
            if c == 0x3A, isBlankOrEnd(i &+ 1) { throw Self.outside }  // `a: b: c`
            if c < 0x20 || c == 0x7F { throw Self.outside }
            i &+= c < 0x80 ? 1 : try characterLength(at: i)
            last = i
        }
        queue.append(Queued(kind: .scalar(.plain), offset: p, count: last &- p, scalarOffset: p))
        return i == end ? end : i &+ 1
    }

    /// A plain scalar inside a flow list or mapping: letters, digits and `_ . + - ~ /`
    /// only, ended by a space, `,`, `]` or `}`.
    mutating func flowPlain(at p: Int) throws(SyntaxError) -> Int {
        var i = p
        let first = base[p]
        if first == 0x2D || first == 0x2B {  // - or + starts a plain scalar only before more of it
            guard p &+ 1 < end, isFlowPlainByte(base[p &+ 1]) else { throw Self.outside }
        }
        while i < end, isFlowPlainByte(base[i]) { i &+= 1 }
        guard i > p, i < end else { throw Self.outside }
        let c = base[i]
        guard c == 0x20 || c == 0x2C || c == 0x5D || c == 0x7D else { throw Self.outside }
        queue.append(Queued(kind: .scalar(.plain), offset: p, count: i &- p, scalarOffset: p))
        return i
    }

    @inline(__always)
    func isFlowPlainByte(_ c: UInt8) -> Bool {
        isIdentifierByte(c) || c == 0x2E || c == 0x2B || c == 0x2D || c == 0x7E || c == 0x2F
    }

    /// `[a, b]` or `{a: 1, b: "x"}` (keys plain identifiers) on one line, of scalars only;
    /// returns the offset after the closing bracket.
    mutating func flowCollection(at p: Int) throws(SyntaxError) -> Int {
        let isMapping = base[p] == 0x7B
        let close: UInt8 = isMapping ? 0x7D : 0x5D
        queue.append(Queued(kind: isMapping ? .mappingStart : .sequenceStart, offset: p, count: 0))
        var i = skipSpaces(from: p &+ 1)
        if i < end, base[i] != close {
            while true {
                if isMapping { i = try flowKey(at: i) }
                i = skipSpaces(from: try flowScalar(at: i))
                guard i < end, base[i] == 0x2C else { break }
                i = skipSpaces(from: i &+ 1)
                guard i < end, base[i] != close else { throw Self.outside }  // a trailing comma
            }
        }
        guard i < end, base[i] == close else { throw Self.outside }
        queue.append(Queued(kind: isMapping ? .mappingEnd : .sequenceEnd, offset: i, count: 0))
        return i &+ 1
    }

    /// A flow mapping's key, a plain identifier followed by `: `; returns where its value starts.
    private mutating func flowKey(at i: Int) throws(SyntaxError) -> Int {
        guard i < end, isIdentifierStart(base[i]) else { throw Self.outside }
        var k = i &+ 1
        while k < end, isIdentifierByte(base[k]) { k &+= 1 }
        guard k &+ 1 < end, base[k] == 0x3A, base[k &+ 1] == 0x20, k &- i <= 128 else { throw Self.outside }
        queue.append(Queued(kind: .scalar(.plain), offset: i, count: k &- i, scalarOffset: i))
        return skipSpaces(from: k &+ 1)
    }

    /// A scalar inside a flow collection (nested collections leave the subset).
    private mutating func flowScalar(at i: Int) throws(SyntaxError) -> Int {
        guard i < end else { throw Self.outside }
        switch base[i] {
        case 0x22, 0x27: return try quoted(at: i)
        default: return try flowPlain(at: i)
        }
    }

    @inline(__always)
    func skipSpaces(from start: Int) -> Int {
        var i = start
        while i < end, base[i] == 0x20 { i &+= 1 }
        return i
    }

    /// `"text"` (with the escapes `\"`, `\\`, `\n`, `\t`, `\r` and `\uXXXX`) or `'text'`
    /// (with `''` for a quote) on one line; returns the offset after the closing quote.
    mutating func quoted(at p: Int) throws(SyntaxError) -> Int {
        let quote = base[p]
        let (close, decoded) = try closingQuote(of: quote, from: p &+ 1)
        guard decoded else {
            queue.append(Queued(kind: .scalar(.quoted), offset: p, count: close &- p &- 1, scalarOffset: p &+ 1))
            return close &+ 1
        }
        let out = reserveScratch(close &- p)
        let n = quote == 0x22 ? try unescape(p &+ 1..<close, into: out) : undouble(p &+ 1..<close, into: out)
        queue.append(Queued(kind: .scalar(.quoted), offset: p, count: n, scalarOffset: scratchUsed, inScratch: true))
        scratchUsed &+= n
        return close &+ 1
    }

    /// The offset of the quote that closes a quoted scalar, read from `start`, and whether
    /// its text differs from its bytes (an escape, or `''`).
    private func closingQuote(of quote: UInt8, from start: Int) throws(SyntaxError) -> (Int, Bool) {
        var i = start
        var decoded = false
        while true {
            guard i < end else { throw Self.outside }
            let c = base[i]
            if c == quote {
                guard quote == 0x27, i &+ 1 < end, base[i &+ 1] == 0x27 else { return (i, decoded) }
                decoded = true
                i &+= 2
                continue
            }
            if c == 0x5C, quote == 0x22 {
                // Checked when decoded; here only skipped, `\u` with its four digits.
                decoded = true
                guard i &+ 1 < end else { throw Self.outside }
                i &+= base[i &+ 1] == 0x75 ? 6 : 2
                continue
            }
            if c < 0x20 || c == 0x7F { throw Self.outside }
            i &+= c < 0x80 ? 1 : try characterLength(at: i)
        }
    }

    /// Decodes a double-quoted scalar's escapes; any escape but the six leaves the subset.
    private func unescape(_ range: Range<Int>, into out: UnsafeMutablePointer<UInt8>) throws(SyntaxError) -> Int {
        var n = 0
        var k = range.lowerBound
        while k < range.upperBound {
            let c = base[k]
            guard c == 0x5C else { out[n] = c; n &+= 1; k &+= 1; continue }
            switch base[k &+ 1] {
            case 0x22: out[n] = 0x22
            case 0x5C: out[n] = 0x5C
            case 0x6E: out[n] = 0x0A
            case 0x74: out[n] = 0x09
            case 0x72: out[n] = 0x0D
            case 0x75:
                guard k &+ 6 <= range.upperBound, let scalar = EscapeDecoding.hex4(at: base + (k &+ 2)),
                      scalar & 0xF800 != 0xD800 else { throw Self.outside }
                n &+= EscapeDecoding.encodeUTF8(scalar, to: out + n)
                k &+= 6
                continue
            default: throw Self.outside
            }
            n &+= 1
            k &+= 2
        }
        return n
    }

    /// A single-quoted scalar's text: each `''` one quote.
    private func undouble(_ range: Range<Int>, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var n = 0
        var k = range.lowerBound
        while k < range.upperBound {
            out[n] = base[k]
            n &+= 1
            k &+= base[k] == 0x27 ? 2 : 1
        }
        return n
    }

    /// Room for `count` more decoded bytes after `scratchUsed`. A larger buffer, or this
    /// reader's own when a copy of it shares the buffer, takes over what the line decoded
    /// so far: queued scalars keep their offsets.
    private mutating func reserveScratch(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        if !isKnownUniquelyReferenced(&scratch) || scratchUsed &+ count > scratch.capacity {
            let grown = ScratchBuffer(capacity: max(scratch.capacity &* 2, scratchUsed &+ count))
            grown.pointer.copyMemory(from: scratch.pointer, byteCount: scratchUsed)
            scratch = grown
        }
        return (scratch.pointer + scratchUsed).assumingMemoryBound(to: UInt8.self)
    }
}
