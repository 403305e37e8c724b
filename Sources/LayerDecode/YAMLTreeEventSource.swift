import YAML

/// Adapts libyaml's event stream to the decoder's `TreeEventSource`.
///
/// The position is read from the current event only when asked for (for a layer's
/// location and for errors), not stored on every event.
struct YAMLTreeEventSource: TreeEventSource {
    private let parser: YAMLEventParser

    init(bytes: UnsafeRawBufferPointer) {
        parser = YAMLEventParser(bytes: bytes)
    }

    init?(path: String) {
        guard let parser = YAMLEventParser(path: path) else { return nil }
        self.parser = parser
    }

    @inline(__always)
    mutating func next() throws(SyntaxError) -> TreeEventKind {
        while true {
            let event: YAMLEvent
            do {
                event = try parser.next()
            } catch {
                throw SyntaxError(message: error.message,
                                  position: SourcePosition(line: error.mark.line, column: error.mark.column))
            }
            switch event {
            case .scalar(let style): return .scalar(style == .plain ? .plain : .quoted)
            case .mappingStart: return .mappingStart
            case .mappingEnd: return .mappingEnd
            case .sequenceStart: return .sequenceStart
            case .sequenceEnd: return .sequenceEnd
            case .streamStart: continue
            case .streamEnd: return .streamEnd
            case .documentStart: return .documentStart
            case .documentEnd: return .documentEnd
            case .alias: return .alias
            }
        }
    }

    var position: SourcePosition {
        @inline(__always) get {
            let mark = parser.startMark
            return SourcePosition(line: mark.line, column: mark.column)
        }
    }

    var scalarBytes: UnsafeRawBufferPointer {
        @inline(__always) get { parser.scalarBuffer }
    }
}
