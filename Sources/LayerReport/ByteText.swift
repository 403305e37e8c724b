#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFileWriteBack
import LayerModel

/// UTF-8 output built in place: reporters append pieces instead of interpolating
/// `String`s, so a report with a hundred thousand findings costs a few copies per byte.
///
/// Made with `flushingTo:`, the text streams: whenever a chunk is full it is written to
/// the file descriptor and the buffer starts again, so a report of hundreds of megabytes
/// (a million-layer dump with many findings) never sits in memory whole. `finish()`
/// writes the rest; the first write error is kept in `writeFailure`.
public struct ByteText: Sendable {
    public private(set) var bytes: [UInt8] = []
    private var descriptor: Int32 = -1
    /// The `errno` of the first write that failed; later chunks are dropped.
    public private(set) var writeFailure: Int32?
    /// Bytes already written to the descriptor.
    public private(set) var flushedCount = 0
    /// Whether the file behind the descriptor may be emptied to write it again (`restart`).
    private var restartable = false

    /// A chunk: large enough that writes are few, small against any report worth streaming.
    static let chunkSize = 1 << 20

    public init() {}

    /// Text that streams to `descriptor` as it grows; call `finish()` at the end.
    /// `restartable` only for a new file of the caller's own (a report's temporary file),
    /// never a device, a pipe, or a file the user made standard output.
    public init(flushingTo descriptor: Int32, restartable: Bool = false) {
        self.descriptor = descriptor
        self.restartable = restartable
        bytes.reserveCapacity(Self.chunkSize + Self.chunkSize / 4)
    }

    public var isStreaming: Bool { descriptor >= 0 }

    /// The bytes written so far, flushed or not.
    public var count: Int { flushedCount + bytes.count }

    /// Text made at run time. Disfavoured, so that a literal takes the overload below.
    @_disfavoredOverload
    public mutating func append(_ s: String) {
        var s = s
        s.withUTF8 { bytes.append(contentsOf: $0) }
        flushIfFull()
    }

    /// A literal, whose bytes lie in the binary: copied without the checks and the
    /// reference counting a `String` costs, which made every literal piece of a report
    /// about twice as dear as its bytes.
    public mutating func append(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
        flushIfFull()
    }

    public mutating func append(_ n: Int) { bytes.appendDecimal(n); flushIfFull() }

    public mutating func append(byte: UInt8) { bytes.append(byte); flushIfFull() }

    public mutating func append(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: utf8)
        flushIfFull()
    }

    public mutating func append(_ other: ByteText) {
        bytes.append(contentsOf: other.bytes)
        flushIfFull()
    }

    /// `s` as a JSON string (`JSONText`), quotes included.
    public mutating func appendJSONQuoted(_ s: String) {
        JSONText.appendQuoted(s, to: &bytes)
        flushIfFull()
    }

    /// Appends UTF-8 text as a JSON string.
    public mutating func appendJSONQuoted(utf8: UnsafeBufferPointer<UInt8>) {
        JSONText.appendQuoted(utf8: utf8, to: &bytes)
        flushIfFull()
    }

    /// Drops the last byte of a text that does not stream (a closing quote to write on).
    mutating func removeLastByte() {
        precondition(!isStreaming, "a streaming text's bytes may be gone")
        bytes.removeLast()
    }

    /// Empties a text that does not stream, keeping its memory for the next use.
    mutating func removeAll() {
        precondition(!isStreaming, "a streaming text is emptied by flushing")
        bytes.removeAll(keepingCapacity: true)
    }

    /// The bytes the text holds without growing.
    var capacity: Int { bytes.capacity }

    /// Makes room for `count` bytes at once; a large buffer is backed by huge pages unless
    /// `hugePages` is false (room reserved well beyond what is written: the kernel zeroes
    /// each 2 MB page whole when it is first touched). A streaming text keeps its one chunk
    /// instead.
    public mutating func reserveCapacity(_ count: Int, hugePages: Bool = true) {
        guard !isStreaming else { return }
        bytes.reserveCapacity(count)
        if hugePages { HugePages.adviseCapacity(of: &bytes) }
    }

    public var string: String { String(decoding: bytes, as: UTF8.self) }

    @inline(__always)
    private mutating func flushIfFull() {
        if descriptor >= 0 && bytes.count >= Self.chunkSize { flush() }
    }

    /// Whether the text's file gets its bytes started for the disk as they are written:
    /// a report's own new file (`restartable`), which is synced when it ends.
    public var writesBack: Bool { restartable }

    /// Starts the disk writes of what the file holds so far (`writesBack`), so that the
    /// fsync ending the report waits only for the last bytes. The bytes of a large
    /// report otherwise all went to the disk at that fsync while nothing else ran: tens of
    /// milliseconds for each report file of a 100,000-layer dump.
    static func startWriteBack(_ descriptor: Int32) { layerlint_start_write_back(descriptor) }

    /// Writes what is buffered (streaming text only). Returns whether every byte so far
    /// was written.
    @discardableResult
    public mutating func finish() -> Bool {
        if descriptor >= 0 { flush() }
        return writeFailure == nil
    }

    private mutating func flush() {
        defer { flushedCount += bytes.count; bytes.removeAll(keepingCapacity: true) }
        guard writeFailure == nil else { return }
        writeFailure = bytes.withUnsafeBytes { Self.writeAll($0, to: descriptor) }
        if writeFailure == nil && writesBack { Self.startWriteBack(descriptor) }
    }

    /// For a streaming text: writes what is buffered and hands over the descriptor, so
    /// that text made elsewhere (`BlockRendering`'s blocks) is written straight to it, in
    /// order, without a copy through this buffer; `wroteDirectly` then counts it. Nil for
    /// text in memory, or once a write has failed (later text is dropped anyway).
    mutating func flushForDirectWrites() -> Int32? {
        guard descriptor >= 0 else { return nil }
        flush()
        return writeFailure == nil ? descriptor : nil
    }

    /// Whether `restart()` may empty the text and its file.
    var canRestart: Bool { descriptor >= 0 && restartable && writeFailure == nil }

    /// Empties a restartable streaming text and its file, to write the text again from its
    /// start (a SARIF file measured as it streamed and found too large). False when it may
    /// not (`canRestart`), or, with `writeFailure` set, when the file could not be emptied.
    mutating func restart() -> Bool {
        guard canRestart else { return false }
        bytes.removeAll(keepingCapacity: true)
        guard ftruncate(descriptor, 0) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
            writeFailure = errno
            return false
        }
        flushedCount = 0
        return true
    }

    /// Counts `count` bytes written to the descriptor `flushForDirectWrites` handed over,
    /// and the first failure among them.
    mutating func wroteDirectly(_ count: Int, failure: Int32?) {
        flushedCount += count
        if writeFailure == nil { writeFailure = failure }
    }

    /// Writes every byte of `buffer` to `descriptor`; the `errno` of a failed write, or nil.
    static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < buffer.count {
            let n = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return nil
    }
}
