import YAML

/// Adapts libyaml's event stream to the decoder's `TreeEventSource`: straight from the
/// parser, or from batches a read-ahead thread fills (`YAMLReadAhead`).
struct YAMLTreeEventSource: TreeEventSource {
    private let parser: YAMLEventParser?
    private(set) var position = SourcePosition(line: 1, column: 1)

    // Reading ahead: the batch being read, and where in it.
    private let readAhead: YAMLReadAheadOwner?
    private var batch: YAMLEventBatch?
    private var current = -1

    init(bytes: UnsafeRawBufferPointer) {
        parser = YAMLEventParser(bytes: bytes)
        readAhead = nil
    }

    /// Reads the file at `path`; with `readingAhead`, libyaml runs on a thread of its own.
    init?(path: String, readingAhead: Bool = false) {
        guard let parser = YAMLEventParser(path: path) else { return nil }
        if readingAhead {
            self.parser = nil
            readAhead = YAMLReadAheadOwner(YAMLReadAhead(parser: parser))
        } else {
            self.parser = parser
            readAhead = nil
        }
    }

    mutating func next() throws(SyntaxError) -> TreeEventKind {
        guard let parser else { return try nextFromBatch() }
        while true {
            let event: YAMLEvent
            do {
                event = try parser.next()
            } catch {
                position = SourcePosition(line: error.mark.line, column: error.mark.column)
                throw SyntaxError(message: error.message, position: position)
            }
            let mark = parser.startMark
            position = SourcePosition(line: mark.line, column: mark.column)
            if let kind = TreeEventKind(event) { return kind }
        }
    }

    var scalarBytes: UnsafeRawBufferPointer {
        if let parser { return parser.scalarBuffer }
        guard let batch, current >= 0, current < batch.count, case .scalar = batch.events[current].kind else {
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return batch.scalarBytes(current)
    }

    private mutating func nextFromBatch() throws(SyntaxError) -> TreeEventKind {
        current += 1
        while batch == nil || current >= batch!.count {
            if let batch {
                if let error = batch.error {
                    current = batch.count
                    position = error.position
                    throw error
                }
                // After the stream's end, it again.
                if batch.finished {
                    current = batch.count - 1
                    return .streamEnd
                }
            }
            batch = readAhead!.readAhead.exchange(batch)
            current = 0
        }
        let event = batch!.events[current]
        position = SourcePosition(line: Int(event.line), column: Int(event.column))
        return event.kind
    }
}
