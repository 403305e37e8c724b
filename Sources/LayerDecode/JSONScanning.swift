// Scalars of the JSON reader: strings (with escapes and UTF-8 validation), numbers and
// the literals true, false and null. All work on raw bytes of the input.

extension JSONEventReader {
    // MARK: Strings

    /// A mask with the high bit set in each byte of `x` that ends the fast string scan:
    /// a quote, a backslash, a control character or a non-ASCII byte. Only the lowest
    /// flagged byte is exact (borrows may flag bytes above it), which is all we use.
    @inline(__always)
    static func stringStopMask(_ x: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = x ^ 0x2222_2222_2222_2222
        let backslash = x ^ 0x5C5C_5C5C_5C5C_5C5C
        let hasQuote = (quote &- ones) & ~quote
        let hasBackslash = (backslash &- ones) & ~backslash
        let hasControl = (x &- 0x2020_2020_2020_2020) & ~x
        return (hasQuote | hasBackslash | hasControl | x) & 0x8080_8080_8080_8080
    }

    /// Reads the string whose opening quote is at `off`; leaves `off` after the closing
    /// quote and the scalar set. Strings without escapes stay slices of the input.
    @inline(__always)
    mutating func scanString() throws(SyntaxError) {
        let quote = off
        var i = quote &+ 1
        while true {
            if i &+ 8 <= end {
                let stop = Self.stringStopMask(word(i))
                if stop == 0 { i &+= 8; continue }
                i &+= stop.trailingZeroBitCount &>> 3
            } else if i >= end {
                throw fail("unterminated string", at: quote)
            }
            let c = byte(i)
            if c == 0x22 {
                scalarStart = quote &+ 1
                scalarCount = i &- quote &- 1
                scalarInScratch = false
                off = i &+ 1
                return
            }
            if c == 0x5C {
                try scanEscapedString(quote: quote, firstEscape: i)
                return
            }
            if c < 0x20 { throw fail("control character in string", at: i) }
            if c < 0x80 {
                i &+= 1
            } else {
                let n = utf8SequenceLength(at: i)
                if n == 0 { throw fail("invalid UTF-8", at: i) }
                i &+= n
            }
        }
    }

    /// Reads a string with escapes into the scratch buffer; the bytes from the opening
    /// quote at `quote` to the first backslash at `firstEscape` are known to be valid.
    @inline(never)
    mutating func scanEscapedString(quote: Int, firstEscape: Int) throws(SyntaxError) {
        // Find the closing quote (or the end) to size the buffer: unescaping never
        // makes a string longer.
        var limit = firstEscape
        while limit < end {
            let c = byte(limit)
            if c == 0x22 { break }
            limit &+= c == 0x5C ? 2 : 1
        }
        if limit > end { limit = end }
        let out = scratchPointer(capacity: limit &- quote)
        var n = firstEscape &- quote &- 1
        out.copyMemory(from: base + (quote &+ 1), byteCount: n)
        var i = firstEscape
        while i < limit {
            let c = byte(i)
            if c == 0x5C {
                if i &+ 1 >= end { break }
                let e = byte(i &+ 1)
                var decoded: UInt8
                switch e {
                case 0x22, 0x5C, 0x2F: decoded = e  // " \ /
                case 0x62: decoded = 0x08  // b
                case 0x66: decoded = 0x0C  // f
                case 0x6E: decoded = 0x0A  // n
                case 0x72: decoded = 0x0D  // r
                case 0x74: decoded = 0x09  // t
                case 0x75:  // u
                    let (scalar, length) = try unicodeEscape(at: i)
                    n &+= EscapeDecoding.encodeUTF8(scalar, to: out + n)
                    i &+= length
                    continue
                default:
                    throw badEscape(at: i)
                }
                out.storeBytes(of: decoded, toByteOffset: n, as: UInt8.self)
                n &+= 1
                i &+= 2
            } else if c < 0x20 {
                throw fail("control character in string", at: i)
            } else if c < 0x80 {
                out.storeBytes(of: c, toByteOffset: n, as: UInt8.self)
                n &+= 1
                i &+= 1
            } else {
                let length = utf8SequenceLength(at: i)
                if length == 0 { throw fail("invalid UTF-8", at: i) }
                (out + n).copyMemory(from: base + i, byteCount: length)
                n &+= length
                i &+= length
            }
        }
        guard i == limit, limit < end else { throw fail("unterminated string", at: quote) }
        scalarCount = n
        scalarInScratch = true
        off = limit &+ 1
    }

    /// A scratch buffer of at least `capacity` bytes that only this reader uses.
    mutating func scratchPointer(capacity: Int) -> UnsafeMutableRawPointer {
        // Checked before binding `scratch` to a local, which would be a second reference.
        let unique = isKnownUniquelyReferenced(&scratch)
        var grown = 256
        if let scratch {
            if unique && scratch.capacity >= capacity { return scratch.pointer }
            if unique { grown = 2 &* scratch.capacity }
        }
        let buffer = ScratchBuffer(capacity: max(capacity, grown))
        scratch = buffer
        return buffer.pointer
    }

    /// Decodes the `\uXXXX` escape at `i` (the backslash), with the second half of a
    /// surrogate pair; returns the Unicode scalar value and the bytes read.
    mutating func unicodeEscape(at i: Int) throws(SyntaxError) -> (UInt32, Int) {
        guard let unit = hex4(at: i &+ 2) else { throw badEscape(at: i) }
        if unit & 0xF800 != 0xD800 { return (unit, 6) }
        // A surrogate: must be a high one followed by an escaped low one.
        if unit < 0xDC00, i &+ 7 < end, byte(i &+ 6) == 0x5C, byte(i &+ 7) == 0x75 {
            guard let low = hex4(at: i &+ 8) else { throw badEscape(at: i &+ 6) }
            if low & 0xFC00 == 0xDC00 {
                return (0x10000 &+ ((unit &- 0xD800) &<< 10) &+ (low &- 0xDC00), 12)
            }
        }
        throw lonelySurrogate(at: i)
    }

    /// The value of the four hex digits at `i`, or nil.
    func hex4(at i: Int) -> UInt32? {
        i &+ 4 <= end ? EscapeDecoding.hex4(at: base + i) : nil
    }

    /// The length of the well-formed UTF-8 sequence whose first byte (≥ 0x80) is at `i`,
    /// or 0 when it is ill-formed (stray continuation byte, overlong form, surrogate,
    /// beyond U+10FFFF, or truncated).
    func utf8SequenceLength(at i: Int) -> Int {
        let b0 = byte(i)
        @inline(__always) func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }
        if b0 < 0xC2 { return 0 }
        if b0 < 0xE0 {
            return i &+ 1 < end && isContinuation(byte(i &+ 1)) ? 2 : 0
        }
        if b0 < 0xF0 {
            guard i &+ 2 < end else { return 0 }
            let b1 = byte(i &+ 1)
            let low: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80
            let high: UInt8 = b0 == 0xED ? 0x9F : 0xBF
            return b1 >= low && b1 <= high && isContinuation(byte(i &+ 2)) ? 3 : 0
        }
        if b0 < 0xF5 {
            guard i &+ 3 < end else { return 0 }
            let b1 = byte(i &+ 1)
            let low: UInt8 = b0 == 0xF0 ? 0x90 : 0x80
            let high: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
            return b1 >= low && b1 <= high && isContinuation(byte(i &+ 2))
                && isContinuation(byte(i &+ 3)) ? 4 : 0
        }
        return 0
    }

    // MARK: Numbers and literals

    @inline(__always)
    static func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }

    /// Whether `c` would continue a number or a bare word (so a number or literal followed
    /// by it is malformed rather than complete): ASCII letters, digits, `_ . + -`.
    @inline(__always)
    static func isWordByte(_ c: UInt8) -> Bool {
        let lower = c | 0x20
        return (lower &- 0x61 < 26) || (c &- 0x30 < 10) || c == 0x5F || c == 0x2E || c == 0x2B || c == 0x2D
    }

    /// Reads the number at `off` (which starts with `-` or a digit):
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    @inline(__always)
    mutating func scanNumber() throws(SyntaxError) {
        let start = off
        var i = start
        if byte(i) == 0x2D { i &+= 1 }
        guard i < end else { throw badNumber(at: start) }
        let first = byte(i)
        if first == 0x30 {
            i &+= 1
        } else if Self.isDigit(first) {
            i &+= 1
            while i < end, Self.isDigit(byte(i)) { i &+= 1 }
        } else {
            throw badNumber(at: start)
        }
        if i < end, byte(i) == 0x2E {  // .
            i &+= 1
            let digits = i
            while i < end, Self.isDigit(byte(i)) { i &+= 1 }
            if i == digits { throw badNumber(at: start) }
        }
        if i < end, byte(i) | 0x20 == 0x65 {  // e E
            i &+= 1
            if i < end, byte(i) == 0x2B || byte(i) == 0x2D { i &+= 1 }
            let digits = i
            while i < end, Self.isDigit(byte(i)) { i &+= 1 }
            if i == digits { throw badNumber(at: start) }
        }
        if i < end, Self.isWordByte(byte(i)) { throw badNumber(at: start) }
        scalarStart = start
        scalarCount = i &- start
        scalarInScratch = false
        off = i
    }

    /// Reads the literal at `off` whose first four bytes (little-endian) are `head`, and
    /// whose fifth byte is `last` when `length` is 5.
    @inline(__always)
    mutating func scanLiteral(_ head: UInt32, length: Int, last: UInt8 = 0) throws(SyntaxError) {
        let start = off
        guard start &+ length <= end,
              UInt32(littleEndian: base.loadUnaligned(fromByteOffset: start, as: UInt32.self)) == head,
              length == 4 || byte(start &+ 4) == last,
              start &+ length == end || !Self.isWordByte(byte(start &+ length))
        else { throw badValue(Int(byte(start))) }
        scalarStart = start
        scalarCount = length
        scalarInScratch = false
        off = start &+ length
    }
}
