import YAML

/// Adapts libyaml's event stream to the decoder's `TreeEventSource`.
///
/// The position is read from the current event only when asked for (for a layer's
/// location and for errors), not stored on every event.
struct YAMLTreeEventSource: TreeEventSource {
    private let parser: YAMLEventParser

    /// `maximumFlowDepth` is `limits.flowNestingDepth`: libyaml's parser enforces it, as
    /// early as it can (see `YAMLEventParser`), and the error here names the limit.
    init(bytes: UnsafeRawBufferPointer, maximumFlowDepth: Int = DecodeLimits.defaultFlowNestingDepth) {
        parser = YAMLEventParser(bytes: bytes, maximumFlowDepth: maximumFlowDepth)
    }

    init?(path: String, maximumFlowDepth: Int = DecodeLimits.defaultFlowNestingDepth) {
        guard let parser = YAMLEventParser(path: path, maximumFlowDepth: maximumFlowDepth) else { return nil }
        self.parser = parser
    }

    @inline(__always)
    mutating func next() throws(SyntaxError) -> TreeEventKind {
        while true {
            let event: YAMLEvent
            do {
                event = try parser.next()
            } catch {
                throw syntaxError(error)
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

    /// Out of line, so the hot `next()` keeps libyaml's event loop inlined.
    @inline(never)
    private func syntaxError(_ error: YAMLError) -> SyntaxError {
        var message = error.message
        if error.kind == .flowDepth {
            message += "; " + DecodeLimits.advice(.flowNestingDepth, parser.maximumFlowDepth)
        }
        return SyntaxError(message: message, position: SourcePosition(line: error.mark.line, column: error.mark.column))
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
