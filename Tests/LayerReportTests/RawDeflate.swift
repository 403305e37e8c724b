import CZlib

/// `data` read back by zlib as a raw deflate stream (no header) that must end within it;
/// nil when zlib rejects the stream or it does not end. `count`: the bytes expected.
func inflateRaw(_ data: [UInt8], expecting count: Int) -> [UInt8]? {
    var stream = z_stream()
    guard czlib_inflate_init_raw(&stream) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    var out = [UInt8](repeating: 0, count: count + 1)
    var input = data
    let status = input.withUnsafeMutableBufferPointer { i in
        out.withUnsafeMutableBufferPointer { o in
            stream.next_in = i.baseAddress; stream.avail_in = uInt(i.count)
            stream.next_out = o.baseAddress; stream.avail_out = uInt(o.count)
            return inflate(&stream, Z_FINISH)
        }
    }
    guard status == Z_STREAM_END else { return nil }
    return Array(out[0..<Int(stream.total_out)])
}
