import CZlib
import LayerRules

/// How many bytes a text takes gzip-compressed, as GitHub's SARIF upload compresses it
/// (`github/codeql-action` gzips the file with zlib's default level, 6). The bytes are
/// compressed and counted, never kept: the output goes to one reused scratch buffer.
enum GzipSize {
    /// zlib's default level, which the upload uses.
    static let level: Int32 = 6

    /// A ceiling on the gzip size of `count` bytes, whatever they are: zlib's bound for
    /// its own format plus gzip's longer header and trailer (18 bytes against 6). A text
    /// whose ceiling fits needs no compressing to know it fits.
    static func ceiling(ofCount count: Int) -> Int {
        Int(compressBound(uLong(count))) + 12
    }

    /// zlib's fastest level. Its output is larger than the default level's on the texts
    /// reports are made of (a faster level finds fewer and shorter matches), so a file that
    /// fits at this level fits as the upload compresses it; one that does not is measured
    /// at the default level before anything is left out.
    static let fastLevel: Int32 = 1

    /// Texts shorter than two pieces are compressed in one pass.
    static let pieceSize = 4 << 20

    /// The gzip size of `bytes` at the fast level, made in pieces side by side as pigz
    /// makes a file: each piece a raw deflate stream primed with the 32 KB before it (so
    /// matches reach back across the cut as in one pass) and ended by a sync flush, the
    /// last by the stream's end. The pieces join into one valid gzip stream of the whole
    /// text (tested), a few bytes per piece larger than one pass makes, so it bounds the
    /// default level as one pass does, in a fraction of the time on several cores.
    static func ofFastLevel(_ bytes: [UInt8]) -> Int {
        let pieces = bytes.count / pieceSize
        guard pieces >= 2 else { return of(bytes, level: fastLevel) }
        // gzip's header (10 bytes) and trailer (CRC-32 and length, 8 bytes).
        return 10 + sumOfPieces(pieces) { k in piece(k, of: pieces, in: bytes, keep: false).size } + 8
    }

    /// The sum of `size(k)` for pieces `0..<count`, each measured on whichever core is
    /// free (`BlockRendering.share`) and kept by the thread that measured it.
    static func sumOfPieces(_ count: Int, _ size: @escaping @Sendable (Int) -> Int) -> Int {
        let sizes = ThreadSlots(count: count, repeating: 0)
        BlockRendering.share(count) { k in
            let measured = size(k)
            sizes.with(k) { $0 = measured }
        }
        return (0..<count).reduce(0) { total, k in total + sizes.with(k) { $0 } }
    }

    /// Piece `k` of `count` of `bytes`, raw-deflated at the fast level: its size, and its
    /// bytes when `keep` (tests).
    static func piece(_ k: Int, of count: Int, in bytes: [UInt8], keep: Bool) -> (size: Int, bytes: [UInt8]) {
        let start = bytes.count * k / count, end = bytes.count * (k + 1) / count
        return bytes.withUnsafeBufferPointer { all in
            let window = 32 << 10  // as far back as a deflate match reaches
            let from = max(0, start - window)
            return rawDeflate(UnsafeBufferPointer(rebasing: all[start..<end]), primedWith: UnsafeBufferPointer(rebasing: all[from..<start]),
                              flush: k == count - 1 ? Z_FINISH : Z_SYNC_FLUSH, keep: keep)
        }
    }

    /// A stored block's header (the block type rounded up to a byte, then its length and
    /// the length's complement): what text kept as it is costs inside a deflate stream,
    /// beside its bytes.
    static let storedBlockHeader = 5

    /// `input` raw-deflated at the fast level, after `dictionary` (the text just before
    /// it, so matches reach back across a cut), ended by `flush`: the size, and the
    /// bytes when `keep`.
    private static func rawDeflate(_ input: UnsafeBufferPointer<UInt8>, primedWith dictionary: UnsafeBufferPointer<UInt8>,
                                   flush: Int32, keep: Bool) -> (size: Int, bytes: [UInt8]) {
        var stream = z_stream()
        guard czlib_deflate_init_raw(&stream, fastLevel) == Z_OK else { return (ceiling(ofCount: input.count), []) }
        defer { deflateEnd(&stream) }
        if let start = dictionary.baseAddress, !dictionary.isEmpty {
            _ = deflateSetDictionary(&stream, start, uInt(dictionary.count))
        }
        var scratch = [UInt8](repeating: 0, count: 1 << 16)
        var size = 0, kept: [UInt8] = []
        // zlib reads from a mutable pointer but does not write through it.
        stream.next_in = input.baseAddress.map { UnsafeMutablePointer(mutating: $0) }
        stream.avail_in = uInt(input.count)
        scratch.withUnsafeMutableBufferPointer { output in
            repeat {
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                let status = deflate(&stream, flush)
                let made = output.count - Int(stream.avail_out)
                size += made
                if keep { kept += output[0..<made] }
                if status == Z_STREAM_END || status == Z_STREAM_ERROR { break }
            } while stream.avail_out == 0 || stream.avail_in > 0
        }
        return (size, kept)
    }

    /// The gzip size of `bytes`, compressed at `level`.
    static func of(_ bytes: [UInt8], level: Int32 = GzipSize.level) -> Int {
        var stream = z_stream()
        guard czlib_deflate_init_gzip(&stream, level) == Z_OK else { return ceiling(ofCount: bytes.count) }
        defer { deflateEnd(&stream) }
        var scratch = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        bytes.withUnsafeBufferPointer { input in
            // zlib reads from a mutable pointer but does not write through it.
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            scratch.withUnsafeMutableBufferPointer { output in
                var status = Z_OK
                while status == Z_OK || status == Z_BUF_ERROR {
                    stream.next_out = output.baseAddress
                    stream.avail_out = uInt(output.count)
                    status = deflate(&stream, Z_FINISH)
                    total += output.count - Int(stream.avail_out)
                    if status == Z_BUF_ERROR && stream.avail_out == uInt(output.count) { break }
                }
            }
        }
        return total
    }
}
