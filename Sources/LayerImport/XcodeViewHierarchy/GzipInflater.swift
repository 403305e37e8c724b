import LayerDecode
import CZlib

/// Why compressed bytes could not be inflated.
struct InflateFailure: Error, Sendable, Hashable {
    var reason: String
    /// The data was fine so far but inflates past the limit.
    var isOverLimit = false
}

/// Inflates one gzip (or zlib) stream with zlib, up to a bound on the inflated size: a
/// small corrupt or hostile file must not be able to ask for gigabytes.
enum GzipInflater {
    static let defaultLimit = XcodeImportLimits.default.replyBytes

    static func inflate(_ compressed: [UInt8], limit: Int = defaultLimit) throws(InflateFailure) -> [UInt8] {
        guard !compressed.isEmpty else { throw InflateFailure(reason: "the file is empty") }
        var stream = z_stream()
        guard czlib_inflate_init_gzip_or_zlib(&stream) == Z_OK else {
            throw InflateFailure(reason: "zlib could not start inflating")
        }
        defer { inflateEnd(&stream) }
        var input = compressed
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var status = Z_OK
        input.withUnsafeMutableBufferPointer { inputBuffer in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = UInt32(clamping: inputBuffer.count)
            repeat {
                chunk.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    output.append(contentsOf: out[0..<(out.count - Int(stream.avail_out))])
                }
            } while status == Z_OK && output.count <= limit && !(stream.avail_in == 0 && stream.avail_out != 0)
        }
        if output.count > limit {
            throw InflateFailure(reason: "it inflates to more than \(limit) bytes", isOverLimit: true)
        }
        switch status {
        case Z_STREAM_END:
            return output
        case Z_OK, Z_BUF_ERROR:
            throw InflateFailure(reason: "the compressed data is truncated (it ends after \(compressed.count) bytes, before the end of the gzip stream)")
        default:
            let detail = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
            throw InflateFailure(reason: "the compressed data is corrupt (\(detail))")
        }
    }

    /// Whether `bytes` start like a gzip member (magic 1F 8B).
    static func looksGzipped(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }
}
