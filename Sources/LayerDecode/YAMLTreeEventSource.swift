import YAML

/// Adapts libyaml's event stream to the decoder's `TreeEventSource`.
struct YAMLTreeEventSource: TreeEventSource {
    private let parser: YAMLEventParser
    private(set) var position = SourcePosition(line: 1, column: 1)

    init(bytes: UnsafeRawBufferPointer) {
        parser = YAMLEventParser(bytes: bytes)
    }

    init?(path: String) {
        guard let parser = YAMLEventParser(path: path) else { return nil }
        self.parser = parser
    }

    mutating func next() throws(SyntaxError) -> TreeEventKind {
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
            switch event {
            case .streamStart: continue
            case .streamEnd: return .streamEnd
            case .documentStart: return .documentStart
            case .documentEnd: return .documentEnd
            case .mappingStart: return .mappingStart
            case .mappingEnd: return .mappingEnd
            case .sequenceStart: return .sequenceStart
            case .sequenceEnd: return .sequenceEnd
            case .alias: return .alias
            case .scalar(let style): return .scalar(style == .plain ? .plain : .quoted)
            }
        }
    }

    var scalarBytes: UnsafeRawBufferPointer { parser.scalarBuffer }
}
