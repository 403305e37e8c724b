import Foundation
import YAML

/// libyaml on a thread of its own, a few thousand events ahead of the decoder.
///
/// Every event of a YAML dump has to come out of libyaml, which takes most of the time of
/// a lint; with a core to spare, the decoder's work then overlaps libyaml's instead of
/// adding to it. The decoder sees exactly the events, positions and errors it would see
/// reading libyaml directly: a syntax error reaches it after every event before it.
///
/// Batches go round between the two threads: the reader fills a free one and queues it,
/// the decoder takes the next full one and hands back the one it has finished.
final class YAMLReadAhead: @unchecked Sendable {
    /// Filled batches in order, and emptied ones to fill; guarded by `condition`.
    private var full: [YAMLEventBatch] = []
    private var free: [YAMLEventBatch]
    private var cancelled = false
    private var readerDone = false
    private let condition = NSCondition()
    /// Only the reader thread touches the parser once it has started.
    private let parser: YAMLEventParser

    /// Starts reading `parser` on a new thread.
    init(parser: YAMLEventParser, batches: Int = 3) {
        self.parser = parser
        free = (0..<batches).map { _ in YAMLEventBatch() }
        let thread = Thread { [self] in readAll() }
        thread.name = "layerlint.yaml-read-ahead"
        thread.start()
    }

    /// Stops the reader (it finishes the batch it is filling) and waits until it has.
    func stop() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        while !readerDone { condition.wait() }
        condition.unlock()
    }

    /// Hands back `finished` (if any) and returns the next full batch, waiting for it.
    func exchange(_ finished: YAMLEventBatch?) -> YAMLEventBatch {
        condition.lock()
        defer { condition.unlock() }
        if let finished {
            free.append(finished)
            condition.broadcast()
        }
        while full.isEmpty { condition.wait() }
        return full.removeFirst()
    }

    private func readAll() {
        while true {
            condition.lock()
            while free.isEmpty && !cancelled { condition.wait() }
            if cancelled { break }
            let batch = free.removeLast()
            condition.unlock()

            batch.fill(from: parser)

            condition.lock()
            full.append(batch)
            condition.broadcast()
            if batch.isLast { break }
            condition.unlock()
        }
        // Still holding the lock here, from either break.
        readerDone = true
        condition.broadcast()
        condition.unlock()
    }
}

/// Stops the read-ahead thread when the last copy of the source that owns it goes away,
/// even when decoding stopped early at an error.
final class YAMLReadAheadOwner: Sendable {
    let readAhead: YAMLReadAhead
    init(_ readAhead: YAMLReadAhead) { self.readAhead = readAhead }
    deinit { readAhead.stop() }
}

/// A run of libyaml's events, with their positions and their scalars' bytes, in buffers
/// reused batch after batch. Filled by one thread, then read by another, never both at once.
final class YAMLEventBatch: @unchecked Sendable {
    static let capacity = 8192

    struct Event {
        var kind: TreeEventKind
        var line: Int32
        var column: Int32
        /// The scalar's bytes in `bytes` (none for other events).
        var start: Int32
        var count: Int32
    }

    // One thread at a time uses a batch (the hand-over under the lock orders them), so
    // the runtime's exclusivity checks on every event would only cost time.
    let events = UnsafeMutablePointer<Event>.allocate(capacity: YAMLEventBatch.capacity)
    @exclusivity(unchecked) private(set) var bytes: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var byteCapacity = 64 << 10
    @exclusivity(unchecked) private var byteCount = 0
    @exclusivity(unchecked) private(set) var count = 0
    /// The error libyaml reported after the last event here.
    @exclusivity(unchecked) private(set) var error: SyntaxError?
    /// Whether the stream's end is the last event here.
    @exclusivity(unchecked) private(set) var finished = false
    /// Nothing follows this batch: the stream ended, or reading failed.
    var isLast: Bool { finished || error != nil }

    init() {
        events.initialize(repeating: Event(kind: .streamEnd, line: 1, column: 1, start: 0, count: 0),
                          count: Self.capacity)
        bytes = .allocate(capacity: byteCapacity)
    }

    deinit {
        events.deallocate()
        bytes.deallocate()
    }

    /// Reads events from `parser` until the batch is full, the stream ends or an error.
    func fill(from parser: YAMLEventParser) {
        count = 0
        byteCount = 0
        error = nil
        finished = false
        while count < Self.capacity {
            let event: YAMLEvent
            do {
                event = try parser.next()
            } catch {
                self.error = SyntaxError(message: error.message,
                                         position: SourcePosition(line: error.mark.line, column: error.mark.column))
                return
            }
            guard let kind = TreeEventKind(event) else { continue }
            let mark = parser.startMark
            var start: Int32 = 0, length: Int32 = 0
            if case .scalar = kind { (start, length) = append(parser.scalarBuffer) }
            events[count] = Event(kind: kind, line: Int32(clamping: mark.line), column: Int32(clamping: mark.column),
                                  start: start, count: length)
            count += 1
            if kind == .streamEnd {
                finished = true
                return
            }
        }
    }

    /// The bytes of scalar event `i`.
    func scalarBytes(_ i: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: bytes + Int(events[i].start), count: Int(events[i].count))
    }

    private func append(_ scalar: UnsafeRawBufferPointer) -> (Int32, Int32) {
        let n = scalar.count
        if byteCount + n > byteCapacity {
            // A scalar is bounded by the file-size limit, far below Int32's range.
            var capacity = byteCapacity * 2
            while byteCount + n > capacity { capacity *= 2 }
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            grown.update(from: bytes, count: byteCount)
            bytes.deallocate()
            bytes = grown
            byteCapacity = capacity
        }
        if n > 0 { UnsafeMutableRawPointer(bytes + byteCount).copyMemory(from: scalar.baseAddress!, byteCount: n) }
        let start = byteCount
        byteCount += n
        return (Int32(start), Int32(n))
    }
}

extension TreeEventKind {
    /// The decoder's event for a libyaml event; nil for the stream's start, which it skips.
    init?(_ event: YAMLEvent) {
        switch event {
        case .streamStart: return nil
        case .streamEnd: self = .streamEnd
        case .documentStart: self = .documentStart
        case .documentEnd: self = .documentEnd
        case .mappingStart: self = .mappingStart
        case .mappingEnd: self = .mappingEnd
        case .sequenceStart: self = .sequenceStart
        case .sequenceEnd: self = .sequenceEnd
        case .alias: self = .alias
        case .scalar(let style): self = .scalar(style == .plain ? .plain : .quoted)
        }
    }
}
