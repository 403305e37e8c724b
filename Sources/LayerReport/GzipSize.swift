import CZlib

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
