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

    /// `[a, b, c]` on one line; returns the offset after `]`.
    mutating func flowSequence(at p: Int) throws(SyntaxError) -> Int {
        queue.append(Queued(kind: .sequenceStart, offset: p, count: 0))
        var i = skipSpaces(from: p &+ 1)
        if i < end, base[i] == 0x5D {
            queue.append(Queued(kind: .sequenceEnd, offset: i, count: 0))
            return i &+ 1
        }
        while true {
            i = skipSpaces(from: try flowScalar(at: i))
            guard i < end else { throw Self.outside }
            if base[i] == 0x5D {
                queue.append(Queued(kind: .sequenceEnd, offset: i, count: 0))
                return i &+ 1
            }
            guard base[i] == 0x2C else { throw Self.outside }
            i = skipSpaces(from: i &+ 1)
            guard i < end, base[i] != 0x5D else { throw Self.outside }  // a trailing comma
        }
    }

    /// `{a: 1, b: "x"}` on one line, keys plain identifiers; returns the offset after `}`.
    mutating func flowMapping(at p: Int) throws(SyntaxError) -> Int {
        queue.append(Queued(kind: .mappingStart, offset: p, count: 0))
        var i = skipSpaces(from: p &+ 1)
        if i < end, base[i] == 0x7D {
            queue.append(Queued(kind: .mappingEnd, offset: i, count: 0))
            return i &+ 1
        }
        while true {
            guard i < end, isIdentifierStart(base[i]) else { throw Self.outside }
            var k = i &+ 1
            while k < end, isIdentifierByte(base[k]) { k &+= 1 }
            guard k &+ 1 < end, base[k] == 0x3A, base[k &+ 1] == 0x20, k &- i <= 128 else { throw Self.outside }
            queue.append(Queued(kind: .scalar(.plain), offset: i, count: k &- i, scalarOffset: i))
            i = skipSpaces(from: try flowScalar(at: skipSpaces(from: k &+ 1)))
            guard i < end else { throw Self.outside }
            if base[i] == 0x7D {
                queue.append(Queued(kind: .mappingEnd, offset: i, count: 0))
                return i &+ 1
            }
            guard base[i] == 0x2C else { throw Self.outside }
            i = skipSpaces(from: i &+ 1)
            guard i < end, base[i] != 0x7D else { throw Self.outside }  // a trailing comma
        }
    }

    /// A scalar inside a flow collection (nested collections leave the subset).
    private mutating func flowScalar(at i: Int) throws(SyntaxError) -> Int {
        guard i < end else { throw Self.outside }
        switch base[i] {
        case 0x22: return try doubleQuoted(at: i)
        case 0x27: return try singleQuoted(at: i)
        default: return try flowPlain(at: i)
        }
    }

    @inline(__always)
    func skipSpaces(from start: Int) -> Int {
        var i = start
        while i < end, base[i] == 0x20 { i &+= 1 }
        return i
    }

    /// `"text"` on one line, with the escapes `\"`, `\\`, `\n`, `\t`, `\r` and `\uXXXX`;
    /// returns the offset after the closing quote.
    mutating func doubleQuoted(at p: Int) throws(SyntaxError) -> Int {
        var i = p &+ 1
        var escaped = false
        while true {
            guard i < end else { throw Self.outside }
            let c = base[i]
            if c == 0x22 { break }
            if c == 0x5C {
                escaped = true
                guard i &+ 1 < end else { throw Self.outside }
                i &+= base[i &+ 1] == 0x75 ? 6 : 2
                continue
            }
            if c < 0x20 || c == 0x7F { throw Self.outside }
            i &+= c < 0x80 ? 1 : try characterLength(at: i)
        }
        guard escaped else {
            queue.append(Queued(kind: .scalar(.quoted), offset: p, count: i &- p &- 1, scalarOffset: p &+ 1))
            return i &+ 1
        }
        let out = reserveScratch(i &- p)
        var n = 0
        var k = p &+ 1
        while k < i {
            let c = base[k]
            guard c == 0x5C else { out[n] = c; n &+= 1; k &+= 1; continue }
            switch base[k &+ 1] {
            case 0x22: out[n] = 0x22; n &+= 1
            case 0x5C: out[n] = 0x5C; n &+= 1
            case 0x6E: out[n] = 0x0A; n &+= 1
            case 0x74: out[n] = 0x09; n &+= 1
            case 0x72: out[n] = 0x0D; n &+= 1
            case 0x75:
                guard let scalar = hex4(at: k &+ 2), scalar & 0xF800 != 0xD800 else { throw Self.outside }
                n &+= encodeUTF8(scalar, into: out + n)
                k &+= 6
                continue
            default: throw Self.outside
            }
            k &+= 2
        }
        queue.append(Queued(kind: .scalar(.quoted), offset: p, count: n, scalarOffset: scratchUsed, inScratch: true))
        scratchUsed &+= n
        return i &+ 1
    }

    /// `'text'` on one line, `''` standing for a quote; returns the offset after it.
    mutating func singleQuoted(at p: Int) throws(SyntaxError) -> Int {
        var i = p &+ 1
        var doubled = false
        while true {
            guard i < end else { throw Self.outside }
            let c = base[i]
            if c == 0x27 {
                guard i &+ 1 < end, base[i &+ 1] == 0x27 else { break }
                doubled = true
                i &+= 2
                continue
            }
            if c < 0x20 || c == 0x7F { throw Self.outside }
            i &+= c < 0x80 ? 1 : try characterLength(at: i)
        }
        guard doubled else {
            queue.append(Queued(kind: .scalar(.quoted), offset: p, count: i &- p &- 1, scalarOffset: p &+ 1))
            return i &+ 1
        }
        let out = reserveScratch(i &- p)
        var n = 0
        var k = p &+ 1
        while k < i {
            out[n] = base[k]
            n &+= 1
            k &+= base[k] == 0x27 ? 2 : 1
        }
        queue.append(Queued(kind: .scalar(.quoted), offset: p, count: n, scalarOffset: scratchUsed, inScratch: true))
        scratchUsed &+= n
        return i &+ 1
    }

    /// Room for `count` more decoded bytes after `scratchUsed`. A larger buffer takes over
    /// what the line decoded so far: queued scalars keep their offsets.
    private mutating func reserveScratch(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        if scratchUsed &+ count > scratch.capacity {
            let grown = JSONScratchBuffer(capacity: max(scratch.capacity &* 2, scratchUsed &+ count))
            grown.pointer.copyMemory(from: scratch.pointer, byteCount: scratchUsed)
            scratch = grown
        }
        return (scratch.pointer + scratchUsed).assumingMemoryBound(to: UInt8.self)
    }

    private func hex4(at i: Int) -> UInt32? {
        guard i &+ 4 <= end else { return nil }
        var v: UInt32 = 0
        for k in 0..<4 {
            let c = base[i &+ k]
            let d: UInt8
            switch c {
            case 0x30...0x39: d = c &- 0x30
            case 0x41...0x46: d = c &- 0x37
            case 0x61...0x66: d = c &- 0x57
            default: return nil
            }
            v = v &<< 4 | UInt32(d)
        }
        return v
    }

    private func encodeUTF8(_ v: UInt32, into out: UnsafeMutablePointer<UInt8>) -> Int {
        switch v {
        case 0..<0x80:
            out[0] = UInt8(v)
            return 1
        case 0x80..<0x800:
            out[0] = UInt8(0xC0 | v >> 6); out[1] = UInt8(0x80 | v & 0x3F)
            return 2
        default:
            out[0] = UInt8(0xE0 | v >> 12); out[1] = UInt8(0x80 | v >> 6 & 0x3F); out[2] = UInt8(0x80 | v & 0x3F)
            return 3
        }
    }
}
