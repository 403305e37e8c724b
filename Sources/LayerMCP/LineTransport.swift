import Foundation
import Logging
import MCP
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// MCP's stdio transport, one JSON-RPC message per line, in linear time.
///
/// The SDK's `StdioTransport` (0.12.1) reads 4 KiB at a time and searches the whole
/// pending buffer for a line end after every read, so a message of n bytes costs n²/4096
/// byte comparisons (docs/mcp.md has the measurement), and it keeps a message of any size.
/// This one searches only the bytes just read, and a message longer than `maximumBytes`
/// is dropped as it arrives and answered with a JSON-RPC error that carries its id.
///
/// Reading blocks on a thread of its own, so no task of the cooperative pool waits on the
/// pipe and nothing polls.
public actor LineTransport: Transport {
    public nonisolated let logger: Logger
    private let input: Int32
    private let output: Int32
    private let maximumBytes: Int
    private let messages: AsyncThrowingStream<Data, Swift.Error>
    private let continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation
    private var started = false

    public init(input: Int32 = 0, output: Int32 = 1, maximumBytes: Int, logger: Logger) {
        self.input = input
        self.output = output
        self.maximumBytes = maximumBytes
        self.logger = logger
        (messages, continuation) = AsyncThrowingStream.makeStream()
    }

    public func connect() async throws {
        guard !started else { return }
        started = true
        let reader = LineReader(input: input, maximumBytes: maximumBytes)
        let continuation = continuation
        let logger = logger
        let thread = Thread { [self] in
            reader.run(
                message: { continuation.yield($0) },
                refuse: { reply, size in
                    logger.warning("refused a message of \(size) bytes or more (limit \(reader.maximumBytes))")
                    Task { try? await self.send(reply) }
                })
            continuation.finish()
        }
        thread.name = "layerlint-mcp-stdin"
        thread.start()
    }

    public func disconnect() async {
        continuation.finish()
    }

    /// Writes one message and its line end. The output is left blocking: a client that
    /// stops reading holds the writer, as a pipe should.
    public func send(_ data: Data) async throws {
        var bytes = [UInt8](data)
        bytes.append(0x0A)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(output, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw MCPError.transportError(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
            }
            offset += n
        }
    }

    public func receive() -> AsyncThrowingStream<Data, Swift.Error> { messages }
}

/// The reading half of `LineTransport`: splits the input into lines without looking at a
/// byte twice, and turns an over-long line into a refusal.
struct LineReader: Sendable {
    let input: Int32
    let maximumBytes: Int
    static let chunkBytes = 1 << 20

    /// Reads until end of input. `message` gets each line (empty ones are skipped);
    /// `refuse` gets the error reply for a line over the limit and the bytes it had.
    func run(message: (Data) -> Void, refuse: (Data, Int) -> Void) {
        var pending = [UInt8]()
        // Bytes of `pending` before this are known to hold no line end.
        var searched = 0
        // Set while an over-long line is dropped, until its end.
        var dropping: (scanner: RequestIDScanner, size: Int)?
        var chunk = [UInt8](repeating: 0, count: Self.chunkBytes)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            chunk.withUnsafeBytes { read in
                var rest = UnsafeRawBufferPointer(rebasing: read[..<n])
                while !rest.isEmpty {
                    if var drop = dropping {
                        // The rest of an over-long line: only its id is looked for.
                        let end = rest.firstLineEnd
                        let part = UnsafeRawBufferPointer(rebasing: rest[..<(end ?? rest.count)])
                        drop.scanner.feed(part)
                        drop.size += part.count
                        guard let end else { dropping = drop; return }
                        refuse(Self.refusal(id: drop.scanner.idText, size: drop.size, limit: maximumBytes), drop.size)
                        dropping = nil
                        rest = UnsafeRawBufferPointer(rebasing: rest[(end + 1)...])
                        continue
                    }
                    pending.append(contentsOf: rest)
                    rest = UnsafeRawBufferPointer(start: nil, count: 0)
                    var start = 0
                    while let end = pending.withUnsafeBytes({ UnsafeRawBufferPointer(rebasing: $0[searched...]).firstLineEnd.map { $0 + searched } }) {
                        if end > start { message(Data(pending[start..<end])) }
                        start = end + 1
                        searched = start
                    }
                    if start > 0 { pending.removeFirst(start); searched -= start }
                    searched = pending.count
                    if pending.count > maximumBytes {
                        var scanner = RequestIDScanner()
                        pending.withUnsafeBytes { scanner.feed($0) }
                        dropping = (scanner, pending.count)
                        pending = []
                        searched = 0
                    }
                }
            }
        }
        if let drop = dropping {
            refuse(Self.refusal(id: drop.scanner.idText, size: drop.size, limit: maximumBytes), drop.size)
        } else if !pending.isEmpty {
            message(Data(pending))
        }
    }

    /// A JSON-RPC "invalid request" error for an over-long message, with its id when the
    /// message had one (else null, as JSON-RPC says for an id that cannot be read).
    static func refusal(id: [UInt8]?, size: Int, limit: Int) -> Data {
        var idJSON = "null"
        // The id's text came from the client; it is sent back only if it is valid JSON.
        if let id, let parsed = try? JSONSerialization.jsonObject(with: Data(Array("[".utf8) + id + Array("]".utf8))) as? [Any],
           let first = parsed.first, first is String || first is NSNumber,
           let again = try? JSONSerialization.data(withJSONObject: [first]) {
            idJSON = String(decoding: again.dropFirst().dropLast(), as: UTF8.self)
        }
        let message = "message of \(size) bytes or more is over this server's limit of \(limit) bytes per message (docs/mcp.md, Limits); send a smaller dump or a path under a root"
        return Data(#"{"jsonrpc":"2.0","id":\#(idJSON),"error":{"code":-32600,"message":"\#(message)"}}"#.utf8)
    }
}

extension UnsafeRawBufferPointer {
    /// The offset of the first line end, found by `memchr`.
    var firstLineEnd: Int? {
        guard let base = baseAddress, count > 0, let hit = memchr(base, 0x0A, count) else { return nil }
        return base.distance(to: UnsafeRawPointer(hit))
    }
}
