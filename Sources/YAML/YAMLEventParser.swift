import CYAML
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A place in a YAML text: 1-based line and column (libyaml counts characters).
public struct YAMLMark: Sendable, Hashable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
}

/// A libyaml parse error, with the place libyaml blames, or a reader's refusal of valid
/// YAML (a limit, a tag).
public struct YAMLError: Error, Sendable, Equatable {
    /// Why: the text is not YAML, or it is YAML that LayerLint's readers refuse.
    public enum Kind: Sendable, Equatable {
        case syntax
        /// Flow collections nested deeper than the parser's `maximumFlowDepth`.
        case flowDepth
        /// Collections nested deeper than a composed reader's `maximumDepth`.
        case depth
        /// A node with a tag: no format of LayerLint defines one.
        case tag
    }
    public var message: String
    public var mark: YAMLMark
    public var kind: Kind
    public init(message: String, mark: YAMLMark, kind: Kind = .syntax) {
        self.message = message; self.mark = mark; self.kind = kind
    }
}

public enum YAMLScalarStyle: Sendable, Equatable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

public enum YAMLEvent: Sendable, Equatable {
    case streamStart, streamEnd
    case documentStart, documentEnd
    case mappingStart, mappingEnd
    case sequenceStart, sequenceEnd
    case scalar(YAMLScalarStyle)
    case alias
}

/// A pull parser over libyaml's event API. The current event's scalar bytes, anchor and
/// tag are read through accessors and stay valid until the next call to `next()`, so a
/// caller that only compares bytes never allocates a `String`.
///
/// Two refusals are built in, so that every reader has them: a node with a tag (no format
/// of LayerLint defines one, and loaders elsewhere build objects from them), and flow
/// collections (`[…]`, `{…}`) nested deeper than `maximumFlowDepth`. libyaml 0.2.5 has no
/// nesting limit of its own, and its scanner does work proportional to the flow depth for
/// every token inside a flow collection: 20,000 nested `[` cost it 5 s, 400 KB of them
/// minutes. The check runs as the collection's start event arrives; libyaml has then
/// scanned at most about 1 KB (a simple key's reach) beyond it.
///
/// A class because it owns libyaml's parser state, which must not be copied or moved.
/// The per-event members are inlinable: the decoder asks for every event, and a call
/// across modules per event, with its own bookkeeping, cost about as much as the
/// decoder's work on the event.
public final class YAMLEventParser {
    @usableFromInline let parser: UnsafeMutablePointer<yaml_parser_t>
    /// Always a valid event: zeroed (libyaml's "no event") before the first `next()`, and
    /// after the stream's end or an error libyaml hands out "no event" again, which reads
    /// as `.streamEnd`. Deleting it is therefore always safe, and no flags are kept.
    @usableFromInline let event: UnsafeMutablePointer<yaml_event_t>
    /// libyaml wants a non-null input pointer even for an empty text.
    private let placeholder = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)

    /// The flow nesting a reader allows unless told otherwise: far more than any real
    /// dump nests in flow style, and libyaml's scan to there takes about 10 ms.
    public static let defaultMaximumFlowDepth = 1_000

    /// The deepest nesting of flow collections allowed, counting the outermost as 1.
    public let maximumFlowDepth: Int
    /// Flow collections open now. Inside a flow collection every collection is a flow
    /// one, so one counter is enough: it starts at the first flow collection and ends
    /// with it. Behind a pointer, like libyaml's state: a stored `var` of a class costs a
    /// dynamic exclusivity check per access, on the decoder's hottest path.
    @usableFromInline let flowDepth: UnsafeMutablePointer<Int>

    /// Reads `bytes`, which the caller keeps alive for the parser's lifetime.
    public init(bytes: UnsafeRawBufferPointer, maximumFlowDepth: Int = defaultMaximumFlowDepth) {
        self.maximumFlowDepth = maximumFlowDepth
        flowDepth = .allocate(capacity: 1)
        flowDepth.initialize(to: 0)
        parser = .allocate(capacity: 1)
        event = .allocate(capacity: 1)
        event.initialize(to: yaml_event_t())
        yaml_parser_initialize(parser)
        let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        placeholder.initialize(to: 0)
        yaml_parser_set_input_string(parser, base ?? UnsafePointer(placeholder), bytes.count)
        input = .bytes(bytes)
    }

    /// Reads the file at `path` as libyaml asks for it, in small chunks, so a large file
    /// is never in memory whole. Nil when the file cannot be opened.
    public init?(path: String, maximumFlowDepth: Int = defaultMaximumFlowDepth) {
        guard let file = fopen(path, "rb") else { return nil }
        self.maximumFlowDepth = maximumFlowDepth
        flowDepth = .allocate(capacity: 1)
        flowDepth.initialize(to: 0)
        parser = .allocate(capacity: 1)
        event = .allocate(capacity: 1)
        event.initialize(to: yaml_event_t())
        placeholder.initialize(to: 0)
        yaml_parser_initialize(parser)
        yaml_parser_set_input_file(parser, file)
        self.file = file
        input = .file(path)
    }

    private var file: UnsafeMutablePointer<FILE>?
    /// Where the text comes from, read again only to place an encoding error.
    private enum Input {
        case bytes(UnsafeRawBufferPointer)
        case file(String)
    }
    private var input: Input

    deinit {
        if let file { fclose(file) }
        yaml_event_delete(event)
        yaml_parser_delete(parser)
        parser.deallocate()
        event.deallocate()
        placeholder.deallocate()
        flowDepth.deallocate()
    }

    /// Advances to the next event. After `.streamEnd` it keeps returning `.streamEnd`.
    /// Always inlined: its checks made it too large for the optimiser to inline on its
    /// own, and the call per event cost 1 % of a YAML lint.
    @inlinable @inline(__always)
    public func next() throws(YAMLError) -> YAMLEvent {
        yaml_event_delete(event)
        guard yaml_parser_parse(parser, event) == 1 else { throw currentError() }
        switch event.pointee.type {
        case YAML_SCALAR_EVENT:
            if event.pointee.data.scalar.tag != nil { throw tagError() }
            return .scalar(Self.style(event.pointee.data.scalar.style))
        case YAML_MAPPING_START_EVENT:
            // A block collection without a tag outside flow: nothing to check or count.
            if event.pointee.data.mapping_start.tag != nil || flowDepth.pointee != 0
                || event.pointee.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE { try collectionStart() }
            return .mappingStart
        case YAML_MAPPING_END_EVENT:
            if flowDepth.pointee != 0 { flowDepth.pointee &-= 1 }
            return .mappingEnd
        case YAML_SEQUENCE_START_EVENT:
            if event.pointee.data.sequence_start.tag != nil || flowDepth.pointee != 0
                || event.pointee.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE { try collectionStart() }
            return .sequenceStart
        case YAML_SEQUENCE_END_EVENT:
            if flowDepth.pointee != 0 { flowDepth.pointee &-= 1 }
            return .sequenceEnd
        case YAML_STREAM_START_EVENT: return .streamStart
        case YAML_DOCUMENT_START_EVENT: return .documentStart
        case YAML_DOCUMENT_END_EVENT: return .documentEnd
        case YAML_ALIAS_EVENT: return .alias
        default: return .streamEnd  // the stream's end, and "no event" after it
        }
    }

    /// The start of a tagged or flow collection (out of line: the rarer case, and the
    /// inlined `next()` stays small). Every collection inside a flow one is a flow one.
    @usableFromInline
    func collectionStart() throws(YAMLError) {
        let tagged = event.pointee.type == YAML_MAPPING_START_EVENT
            ? event.pointee.data.mapping_start.tag != nil : event.pointee.data.sequence_start.tag != nil
        if tagged { throw tagError() }
        flowDepth.pointee &+= 1
        if flowDepth.pointee > maximumFlowDepth {
            throw YAMLError(message: "flow collections ([…] and {…}) nested deeper than \(maximumFlowDepth) levels",
                            mark: startMark, kind: .flowDepth)
        }
    }

    /// The tag as written where libyaml keeps its resolved form (`!!str` for
    /// `tag:yaml.org,2002:str`), cut to 40 characters, controls shown as `?`: it is
    /// quoted from an untrusted file.
    @usableFromInline
    func tagError() -> YAMLError {
        var text = tag ?? "!"
        let core = "tag:yaml.org,2002:"
        if text.hasPrefix(core) { text = "!!" + text.dropFirst(core.count) }
        var shown = String(String.UnicodeScalarView(text.unicodeScalars.prefix(40).map {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? "?" : $0
        }))
        if text.unicodeScalars.count > 40 { shown += "…" }
        return YAMLError(message: "the tag '\(shown)' is not allowed: LayerLint's YAML files define no tags; "
                         + "write the value without it (quote it to make it text)", mark: startMark, kind: .tag)
    }

    /// Where the current event starts.
    @inlinable
    public var startMark: YAMLMark {
        YAMLMark(line: Int(event.pointee.start_mark.line) + 1, column: Int(event.pointee.start_mark.column) + 1)
    }

    /// How far libyaml's scanner has read, in characters: what it has done so far.
    public var scannedCharacters: Int { Int(parser.pointee.mark.index) }

    /// Where the current event ends.
    public var endMark: YAMLMark {
        YAMLMark(line: Int(event.pointee.end_mark.line) + 1, column: Int(event.pointee.end_mark.column) + 1)
    }

    /// The current scalar's UTF-8 bytes (empty for other events), valid until `next()`.
    @inlinable
    public var scalarBuffer: UnsafeRawBufferPointer {
        guard event.pointee.type == YAML_SCALAR_EVENT, let value = event.pointee.data.scalar.value else {
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(start: value, count: event.pointee.data.scalar.length)
    }

    /// The current scalar as a `String` (for diagnostics and rare keys, not the hot path).
    public var scalarString: String {
        String(decoding: scalarBuffer, as: UTF8.self)
    }

    /// The tag of the current node event (`!!str`, `!custom` …), resolved by libyaml.
    public var tag: String? {
        let raw: UnsafeMutablePointer<UInt8>?
        switch event.pointee.type {
        case YAML_SCALAR_EVENT: raw = event.pointee.data.scalar.tag
        case YAML_MAPPING_START_EVENT: raw = event.pointee.data.mapping_start.tag
        case YAML_SEQUENCE_START_EVENT: raw = event.pointee.data.sequence_start.tag
        default: raw = nil
        }
        return raw.map { String(cString: $0) }
    }

    /// The anchor an alias event refers to, or the anchor a node event defines.
    public var anchor: String? {
        let raw: UnsafeMutablePointer<UInt8>?
        switch event.pointee.type {
        case YAML_ALIAS_EVENT: raw = event.pointee.data.alias.anchor
        case YAML_SCALAR_EVENT: raw = event.pointee.data.scalar.anchor
        case YAML_MAPPING_START_EVENT: raw = event.pointee.data.mapping_start.anchor
        case YAML_SEQUENCE_START_EVENT: raw = event.pointee.data.sequence_start.anchor
        default: raw = nil
        }
        return raw.map { String(cString: $0) }
    }

    @usableFromInline
    func currentError() -> YAMLError {
        let p = parser.pointee
        let problem = p.problem.map { String(cString: $0) } ?? "invalid YAML"
        if p.error == YAML_READER_ERROR {
            // libyaml's reader decodes ahead of the scanner and leaves `problem_mark` unset
            // for encoding errors; it gives the byte offset, which is placed here instead.
            var message = problem
            if p.problem_value >= 0 {
                let hex = String(UInt8(truncatingIfNeeded: p.problem_value), radix: 16, uppercase: true)
                message += " (byte 0x\(hex.count == 1 ? "0" : "")\(hex))"
            }
            message += "; a dump is UTF-8 text without control characters"
            return YAMLError(message: message, mark: mark(ofByte: Int(p.problem_offset)))
        }
        var message = problem
        if let context = p.context.map({ String(cString: $0) }) { message = "\(context), \(problem)" }
        let mark = p.problem_mark
        return YAMLError(message: message, mark: YAMLMark(line: Int(mark.line) + 1, column: Int(mark.column) + 1))
    }

    /// The line and column (in characters: bytes that do not continue a UTF-8 sequence)
    /// of byte `offset` of the input. Error path only: a file is read again up to there.
    private func mark(ofByte offset: Int) -> YAMLMark {
        var line = 1, column = 1
        var previous: UInt8 = 0
        var firstBytes: [UInt8] = []
        func count(_ byte: UInt8) {
            if firstBytes.count < 3 { firstBytes.append(byte) }
            if byte == 0x0A {
                if previous != 0x0D { line += 1 }
                column = 1
            } else if byte == 0x0D {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            previous = byte
        }
        switch input {
        case .bytes(let bytes):
            for byte in bytes.prefix(offset) { count(byte) }
        case .file(let path):
            guard let again = fopen(path, "rb") else { break }
            defer { fclose(again) }
            var remaining = offset
            while remaining > 0 {
                let c = getc(again)
                if c == EOF { break }
                count(UInt8(c))
                remaining -= 1
            }
        }
        // A UTF-8 byte order mark is no character of the first line, for libyaml either.
        if line == 1, firstBytes == [0xEF, 0xBB, 0xBF] { column -= 1 }
        return YAMLMark(line: line, column: column)
    }

    @inlinable
    static func style(_ s: yaml_scalar_style_t) -> YAMLScalarStyle {
        switch s {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }
}
