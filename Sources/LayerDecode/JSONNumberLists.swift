import LayerGeometry

// The JSON reader's shortcuts for the numbers every layer carries: a list (`frame`,
// `bounds`, `position`) read as one step instead of one event per bracket and number,
// and a single number after a key; each number parsed as it is scanned.

extension JSONEventReader {
    /// When the value after the current key is a list of plain decimal numbers on one line
    /// (`[0, 0, 390, 844]`), reads all of it into `numbers` and returns true; the current
    /// event is then the list's opening bracket, as after `.sequenceStart`, and the next
    /// `next()` reads what follows the list. Anything else (an exponent, more than 19
    /// significant digits, a line break, a syntax error) returns false and reads nothing,
    /// so the event-by-event path reads it and reports any error exactly as before.
    ///
    /// The numbers are those `ScalarParsing.number` gives for the same bytes: both read
    /// them through `DecimalToDouble`, correctly rounded.
    public mutating func nextNumberList(into numbers: inout NumberList) -> Bool {
        guard state == .afterKey, depth < maxDepth else { return false }
        var i = skipSpaces(from: off)
        guard i < end, byte(i) == 0x3A else { return false }  // :
        i = skipSpaces(from: i &+ 1)
        guard i < end, byte(i) == 0x5B else { return false }  // [
        let open = i
        numbers.removeAll()
        i = skipSpaces(from: i &+ 1)
        if i < end, byte(i) != 0x5D {
            while true {
                guard numbers.count < NumberList.capacity,
                      let (value, after) = plainNumber(at: i) else { return false }
                numbers.append(value)
                i = skipSpaces(from: after)
                guard i < end else { return false }
                let c = byte(i)
                if c == 0x5D { break }
                guard c == 0x2C else { return false }  // ,
                i = skipSpaces(from: i &+ 1)
            }
        } else if i >= end {
            return false
        }
        // `i` is at the closing bracket.
        setToken(open)
        off = i &+ 1
        scalarCount = 0
        scalarInScratch = false
        afterValue()
        return true
    }

    /// When the value after the current key is a plain decimal number on the same line
    /// (`"opacity": 0.5`), reads it and returns it; the current event is then that number,
    /// as after `.scalar(.plain)`. Otherwise reads nothing and returns nil.
    public mutating func nextPlainNumber() -> Double? {
        guard state == .afterKey else { return nil }
        var i = skipSpaces(from: off)
        guard i < end, byte(i) == 0x3A else { return nil }  // :
        i = skipSpaces(from: i &+ 1)
        guard let (value, after) = plainNumber(at: i) else { return nil }
        setToken(i)
        scalarStart = i
        scalarCount = after &- i
        scalarInScratch = false
        off = after
        afterValue()
        return value
    }

    /// The first offset from `i` that is not a space or a tab.
    @inline(__always)
    func skipSpaces(from start: Int) -> Int {
        var i = start
        while i < end {
            let c = byte(i)
            guard c == 0x20 || c == 0x09 else { break }
            i &+= 1
        }
        return i
    }

    /// The plain decimal number at `i` (`-`, digits without a leading zero, an optional
    /// fraction; no exponent) and the offset after it, or nil when the number is not
    /// that simple or not valid there.
    @inline(__always)
    func plainNumber(at start: Int) -> (Double, Int)? {
        var i = start
        var negative = false
        if i < end, byte(i) == 0x2D { negative = true; i &+= 1 }
        var mantissa: UInt64 = 0
        var significant = 0
        var fractionDigits = 0
        guard i < end else { return nil }
        let first = byte(i)
        if first == 0x30 {
            i &+= 1
        } else if first &- 0x31 < 9 {
            // Eight digits at a time while eight are there, then one at a time.
            while i &+ 8 <= end, let eight = Self.eightDigits(word(i)) {
                mantissa = mantissa &* 100_000_000 &+ eight
                significant &+= 8
                i &+= 8
            }
            while i < end {
                let d = byte(i) &- 0x30
                guard d < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(d)
                significant &+= 1
                i &+= 1
            }
        } else {
            return nil
        }
        if i < end, byte(i) == 0x2E {  // .
            i &+= 1
            let digits = i
            while i &+ 8 <= end {
                let w = word(i)
                guard let eight = Self.eightDigits(w) else { break }
                // Digits count as significant from the first that is not zero.
                if mantissa > 0 {
                    significant &+= 8
                } else if eight > 0 {
                    significant &+= 8 &- (w ^ Self.zeros).trailingZeroBitCount / 8
                }
                mantissa = mantissa &* 100_000_000 &+ eight
                fractionDigits &+= 8
                i &+= 8
            }
            while i < end {
                let d = byte(i) &- 0x30
                guard d < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(d)
                if mantissa > 0 { significant &+= 1 }
                fractionDigits &+= 1
                i &+= 1
            }
            guard i > digits else { return nil }
        }
        // Past 19 digits the mantissa overflows; an exponent or a stray letter is left to
        // the full path.
        guard significant <= 19, i < end, !Self.isWordByte(byte(i)),
              let value = DecimalToDouble.value(mantissa: mantissa, exponent: -fractionDigits) else { return nil }
        return (negative ? -value : value, i)
    }

    /// Eight '0' bytes.
    private static let zeros: UInt64 = 0x3030_3030_3030_3030

    /// The value of eight ASCII digits read as a little-endian word (the first digit in the
    /// lowest byte), or nil when a byte is not a digit. Each step joins neighbouring lanes,
    /// the earlier digit's times its power of ten: bytes into pairs, pairs into fours,
    /// fours into the eight. No lane carries into the next (99, 9,999, 99,999,999 fit).
    @inline(__always)
    static func eightDigits(_ w: UInt64) -> UInt64? {
        let highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        // Every byte is 0x30...0x3F, and adding 6 leaves it below 0x40: '0'...'9'.
        guard w & highNibbles == zeros, (w &+ 0x0606_0606_0606_0606) & highNibbles == zeros else { return nil }
        let d = w &- zeros
        let pairs = (d &* 10 &+ (d >> 8)) & 0x00FF_00FF_00FF_00FF
        let fours = (pairs &* 100 &+ (pairs >> 16)) & 0x0000_FFFF_0000_FFFF
        return (fours &* 10_000 &+ (fours >> 32)) & 0xFFFF_FFFF
    }
}
