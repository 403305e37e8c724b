/// The size of one deflate encoding of a text, found without making it: a greedy LZ77
/// parse (each position looked up by its next four bytes in a table of where those bytes
/// last began, a match taken whole and its positions skipped) whose symbols are counted in
/// deflate's fixed Huffman codes (RFC 1951, 3.2.6).
///
/// Why it bounds the upload's compression: zlib codes each block in whichever of its
/// dynamic code, the fixed code and a stored block is smallest, so its output is at most
/// its own parse in the fixed code; and its parse at the default level, lazy and searching
/// up to 128 earlier places, codes report text in far fewer symbols than one greedy lookup
/// does. That second step is measured, not proven, as the fast level's bound on the default
/// one was: on report text this size is about 1.2 times the fast level's and 1.8 times the
/// default's (tests check it against both on reports). It costs a fraction of zlib's work:
/// no window to fill and slide, no hash kept inside a match, no bits made.
enum GreedyDeflateSize {
    /// Deflate's window: a match reaches at most this far back.
    static let window = 32 << 10
    /// The longest match one symbol codes.
    static let longestMatch = 258
    /// Matches start at four bytes, the length the lookup hashes.
    static let shortestMatch = 4
    /// A text is parsed in spans of at most this many bytes, each on its own (no match
    /// reaches back into the span before), so positions fit the table's 32-bit entries.
    static let span = 1 << 30

    /// The size in bytes of `bytes` deflated on their own and ended by a full flush: one
    /// fixed-code block, then an empty stored block that leaves the stream on a byte. Pieces
    /// measured this way, on any thread, add up to the size of one stream that holds them
    /// all in order, since no match reaches back before its piece.
    static func alone(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var cost = FixedCodeBits()
        parse(bytes, into: &cost)
        // Block header (3 bits), the symbols, end of block (7); the stored block's header
        // (3 bits, then to the byte), its length and the length's complement (4 bytes).
        return (3 + cost.bits + 7 + 3 + 7) / 8 + 4
    }

    /// The gzip size of `bytes` as pieces measured `alone` side by side, then an empty last
    /// block and gzip's header and trailer: a document's size, on every core.
    static func ofGzip(_ bytes: [UInt8]) -> Int {
        let pieces = max(1, bytes.count / GzipSize.pieceSize)
        let deflated = GzipSize.sumOfPieces(pieces) { k in
            let start = bytes.count * k / pieces, end = bytes.count * (k + 1) / pieces
            return bytes.withUnsafeBufferPointer { alone(UnsafeBufferPointer(rebasing: $0[start..<end])) }
        }
        // gzip's header (10 bytes), the last, empty block, gzip's trailer (8 bytes).
        return 10 + deflated + GzipSize.storedBlockHeader + 8
    }

    /// The greedy parse of `bytes`, each symbol handed to `symbols` in order.
    static func parse<Symbols: DeflateSymbols>(_ bytes: UnsafeBufferPointer<UInt8>, into symbols: inout Symbols) {
        guard let base = bytes.baseAddress else { return }
        var start = 0
        while start < bytes.count {
            let count = min(span, bytes.count - start)
            parseSpan(UnsafeRawPointer(base + start), count: count, into: &symbols)
            start += count
        }
    }

    /// Bits of the lookup table's index.
    private static let tableBits = 15

    private static func parseSpan<Symbols: DeflateSymbols>(_ p: UnsafeRawPointer, count n: Int, into symbols: inout Symbols) {
        // Where the four bytes of each hash last began, plus one (0: nowhere yet).
        var table = [Int32](repeating: 0, count: 1 << tableBits)
        table.withUnsafeMutableBufferPointer { table in
            var i = 0
            while i + shortestMatch <= n {
                let head = p.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                let slot = Int((head &* 2_654_435_761) >> UInt32(32 - tableBits))
                let earlier = Int(table[slot]) - 1
                table[slot] = Int32(truncatingIfNeeded: i + 1)
                if earlier >= 0, i - earlier <= window, p.loadUnaligned(fromByteOffset: earlier, as: UInt32.self) == head {
                    let length = matchLength(p, earlier, i, limit: min(longestMatch, n - i))
                    symbols.copy(length: length, distance: i - earlier)
                    i += length
                } else {
                    symbols.literal(p.load(fromByteOffset: i, as: UInt8.self))
                    i += 1
                }
            }
            while i < n {
                symbols.literal(p.load(fromByteOffset: i, as: UInt8.self))
                i += 1
            }
        }
    }

    /// How many bytes from `later` repeat those from `earlier` (at least the four already
    /// compared), up to `limit`: eight at a time, then the first that differs.
    @inline(__always)
    private static func matchLength(_ p: UnsafeRawPointer, _ earlier: Int, _ later: Int, limit: Int) -> Int {
        var length = shortestMatch
        while length + 8 <= limit {
            let difference = p.loadUnaligned(fromByteOffset: earlier + length, as: UInt64.self)
                ^ p.loadUnaligned(fromByteOffset: later + length, as: UInt64.self)
            if difference != 0 { return length + UInt64(littleEndian: difference).trailingZeroBitCount / 8 }
            length += 8
        }
        while length < limit,
              p.load(fromByteOffset: earlier + length, as: UInt8.self) == p.load(fromByteOffset: later + length, as: UInt8.self) {
            length += 1
        }
        return length
    }
}

/// What a deflate parse hands on: literal bytes, and copies of earlier text.
protocol DeflateSymbols {
    mutating func literal(_ byte: UInt8)
    /// `length` bytes (3...258) copied from `distance` bytes back (1...32,768).
    mutating func copy(length: Int, distance: Int)
}

/// The bits the symbols take in deflate's fixed Huffman codes, extra bits included.
struct FixedCodeBits: DeflateSymbols {
    private(set) var bits = 0

    @inline(__always)
    mutating func literal(_ byte: UInt8) { bits += byte < 144 ? 8 : 9 }

    @inline(__always)
    mutating func copy(length: Int, distance: Int) {
        bits += Self.lengthBits(length) + Self.distanceBits(distance)
    }

    /// Length codes 257–279 take 7 bits and 280–287 take 8; 280 starts at length 115.
    /// Extra bits: none to length 10, then one more for each doubling of `length − 3`
    /// from 8 on; 258 has a code of its own without.
    static func lengthBits(_ length: Int) -> Int {
        if length == 258 { return 8 }
        let code = length >= 115 ? 8 : 7
        guard length > 10 else { return code }
        return code + (Int.bitWidth - (length - 3).leadingZeroBitCount - 1) - 2
    }

    /// Distance codes take 5 bits; extra bits: none to distance 4, then one more for each
    /// doubling of `distance − 1` from 4 on.
    static func distanceBits(_ distance: Int) -> Int {
        guard distance > 4 else { return 5 }
        return 5 + (Int.bitWidth - (distance - 1).leadingZeroBitCount - 1) - 1
    }
}
