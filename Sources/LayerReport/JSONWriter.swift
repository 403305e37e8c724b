import LayerModel

/// A small streaming JSON writer: two-space indentation, keys in the order written.
/// A class so nested writing closures can share it without exclusivity conflicts.
/// It writes UTF-8 bytes straight into a `ByteText`, which may stream to a file: no
/// `String` is built per line, and indentation is a slice of one constant buffer.
public final class JSONWriter {
    /// All mutable state in one value, one access per call. The runtime's exclusivity
    /// check of that access is off: every method reaches `state` once and returns before
    /// `body` closures run, so no two accesses can overlap (the check was 3 % of a json
    /// report's run).
    @exclusivity(unchecked) private var state = State()

    public var out: ByteText { state.out }

    public init() {}

    /// The document so far, as text (tests and small outputs).
    public var text: String { state.out.string }

    /// Writes a document with `body` onto the end of `out`, which keeps streaming if it
    /// streams.
    public static func write(into out: inout ByteText, _ body: (JSONWriter) -> Void) {
        let w = JSONWriter()
        swap(&w.state.out, &out)
        body(w)
        swap(&w.state.out, &out)
    }

    /// A key the code names: a report writes the same few keys by the million, so they
    /// are literals, read as bytes without making a `String` of them.
    public func key(_ k: StaticString) {
        if k.hasPointerRepresentation {
            state.key(literal: k.utf8Start, UnsafeBufferPointer(start: k.utf8Start, count: k.utf8CodeUnitCount))
        } else {
            k.withUTF8Buffer { state.key($0) }
        }
    }

    /// A key made at run time.
    public func key(text k: String) {
        var k = k
        k.withUTF8 { state.key($0) }
    }

    public func object(_ body: () -> Void) { state.open(0x7B); body(); state.close(0x7D) }

    /// An object opened here and closed by `endObject`, for a fragment (`write(_:_:)`)
    /// that ends inside it or starts there; elsewhere `object` keeps the two together.
    func beginObject() { state.open(0x7B) }
    func endObject() { state.close(0x7D) }
    func beginArray() { state.open(0x5B) }
    func endArray() { state.close(0x5D) }

    public func array<S: Sequence>(_ items: S, _ body: (S.Element) -> Void) {
        state.open(0x5B)
        for item in items { body(item) }
        state.close(0x5D)
    }

    /// An array whose elements `body` writes, for elements that are made as they are written.
    public func array(elements body: () -> Void) { state.open(0x5B); body(); state.close(0x5D) }

    /// An array of `count` elements that stand alone, `body` writing those of a range with
    /// the writer it is given: a long array is written in blocks on every core
    /// (`BlockRendering`), each block by a writer of its own at this depth.
    func array(count: Int, blocks body: @escaping @Sendable (Range<Int>, JSONWriter) -> Void) {
        state.open(0x5B)
        let depth = state.depth
        BlockRendering.render(count: count, into: &state.out) { range, text in
            let w = JSONWriter()
            w.state.depth = depth
            w.state.hasItems.top = range.lowerBound > 0
            swap(&w.state.out, &text)
            body(range, w)
            swap(&w.state.out, &text)
        }
        state.hasItems.top = count > 0
        state.close(0x5D)
    }

    /// Calls `body` with the bytes this writer has made, when it writes into a text of
    /// its own in memory (a block of `array(count:blocks:)`); nil for a text that streams,
    /// whose earlier bytes are gone.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard !state.out.isStreaming else { return nil }
        return state.out.bytes.withUnsafeBufferPointer(body)
    }

    /// Writes what `body` writes, copied from `fragment` when `fragment` was recorded at the
    /// writer's present position; else `body` writes into a new fragment kept in `fragment`
    /// and copied from it. For a stretch of structure that comes again and again (keys,
    /// brackets, values the caller holds constant for that `fragment`): a SARIF result's
    /// dozen keys and brackets around its few values, once per result, are then a handful
    /// of copies instead of a line looked up per key.
    func write(_ fragment: inout JSONFragment?, _ body: (JSONWriter) -> Void) {
        let position = state.position
        if let f = fragment, f.start == position {
            state.replay(f)
            return
        }
        let w = JSONWriter()
        w.state.position = position
        body(w)
        let recorded = JSONFragment(start: position, end: w.state.position, bytes: w.state.out.bytes)
        state.replay(recorded)
        fragment = recorded
    }

    public func value(_ s: String?) { state.value(s) }
    public func value(_ n: Int?) { state.value(n) }
    public func value(_ d: Double) { state.value(d) }
    public func value(_ b: Bool) { state.raw(b ? "true" : "false") }
    /// A value already written as JSON (a string quoted once per distinct text,
    /// `FindingTextCache`): copied as it is.
    func value(json: ByteText) { state.value(json: json.bytes) }
    func value(json: UnsafeBufferPointer<UInt8>) { state.value(json: json) }
    /// UTF-8 text quoted straight from its bytes (a layer path, `Finding.withLayerPath`).
    func value(utf8: UnsafeBufferPointer<UInt8>) { state.value(utf8: utf8) }
    /// Longer UTF-8 text quoted straight from its bytes (a finding's words), checked
    /// eight bytes at a time.
    func value(text utf8: UnsafeBufferPointer<UInt8>) { state.value(text: utf8) }
    public func null() { state.raw("null") }

    private struct State {
        var out = ByteText()
        var depth = 0
        var hasItems = ItemFlags()
        var afterKey = false
        private var keyLines = JSONKeyLines()

        /// What decides the bytes that come next: a fragment recorded at one position is
        /// copied only at the same.
        var position: JSONFragment.Position {
            get { JSONFragment.Position(depth: depth, hasItems: hasItems, afterKey: afterKey) }
            set { depth = newValue.depth; hasItems = newValue.hasItems; afterKey = newValue.afterKey }
        }

        mutating func replay(_ f: JSONFragment) {
            f.bytes.withUnsafeBufferPointer { out.append($0) }
            position = f.end
        }

        /// A comma, a line break and the spaces of the deepest indentation, written at
        /// once. Held by the state, not read from a static each time: a report writes a
        /// line per key.
        private let indentation: [UInt8] = [0x2C, 0x0A] + [UInt8](repeating: 0x20, count: 2 * 64)

        /// A line break (after a comma when `comma`) and the current indentation.
        private mutating func newline(comma: Bool) {
            var remaining = 2 * depth
            indentation.withUnsafeBufferPointer { all in
                let spaces = all.count - 2
                out.append(UnsafeBufferPointer(rebasing: all[(comma ? 0 : 1)..<(2 + min(remaining, spaces))]))
                remaining -= min(remaining, spaces)
                while remaining > 0 {
                    let n = min(remaining, spaces)
                    out.append(UnsafeBufferPointer(rebasing: all[2..<(2 + n)]))
                    remaining -= n
                }
            }
        }

        private mutating func prefix() {
            if afterKey { afterKey = false; return }
            let comma = hasItems.top
            if depth > 0 { newline(comma: comma) } else if comma { out.append(byte: 0x2C) }
            hasItems.top = true
        }

        /// A key literal, whose bytes live as long as the program (`JSONKeyLines`).
        mutating func key(literal key: UnsafePointer<UInt8>, _ utf8: UnsafeBufferPointer<UInt8>) {
            guard !afterKey, depth > 0 else { return self.key(utf8) }
            let comma = hasItems.top
            keyLines.withLine(key: UnsafeRawPointer(key), utf8, depth: depth, comma: comma) { out.append($0) }
            hasItems.top = true
            afterKey = true
        }

        mutating func key(_ utf8: UnsafeBufferPointer<UInt8>) {
            prefix()
            JSONBytes.appendQuoted(utf8, to: &out)
            out.append(byte: 0x3A); out.append(byte: 0x20)
            afterKey = true
        }

        /// `s` quoted. Keys and short values are written by the million: plain ones (see
        /// `JSONBytes.isPlain`) are copied between quotes after one loop over their bytes.
        private mutating func quoted(_ s: String) {
            var s = s
            let plain = s.withUTF8 { utf8 in
                guard JSONBytes.isPlain(utf8) else { return false }
                out.append(byte: 0x22); out.append(utf8); out.append(byte: 0x22)
                return true
            }
            if !plain { out.appendJSONQuoted(s) }
        }

        mutating func open(_ bracket: UInt8) {
            prefix()
            out.append(byte: bracket)
            depth += 1
            hasItems.push()
        }

        mutating func close(_ bracket: UInt8) {
            let hadItems = hasItems.pop()
            depth -= 1
            if hadItems { newline(comma: false) }
            out.append(byte: bracket)
        }

        mutating func value(_ s: String?) {
            prefix()
            if let s { quoted(s) } else { out.append("null") }
        }

        mutating func value(_ n: Int?) {
            prefix()
            if let n { out.append(n) } else { out.append("null") }
        }

        mutating func value(_ d: Double) {
            prefix()
            if !d.isFinite { out.append("null") } else if d == d.rounded() && abs(d) < 1e15 { out.append(Int(d)) } else { out.append(String(d)) }
        }

        mutating func raw(_ text: String) { prefix(); out.append(text) }

        mutating func value(json: [UInt8]) { prefix(); json.withUnsafeBufferPointer { out.append($0) } }

        mutating func value(json: UnsafeBufferPointer<UInt8>) { prefix(); out.append(json) }

        mutating func value(utf8: UnsafeBufferPointer<UInt8>) { prefix(); JSONBytes.appendQuoted(utf8, to: &out) }

        mutating func value(text utf8: UnsafeBufferPointer<UInt8>) { prefix(); out.appendJSONQuoted(utf8: utf8) }
    }
}

/// Bytes a `JSONWriter` wrote from one position to another, to copy wherever the same
/// stretch comes again from the same position (`JSONWriter.write(_:_:)`).
struct JSONFragment {
    struct Position: Equatable {
        var depth: Int
        var hasItems: ItemFlags
        var afterKey: Bool
    }
    let start: Position
    let end: Position
    let bytes: [UInt8]
}

/// Whether each open container, and the top level, has an item yet: the innermost in the
/// lowest bit. A report opens and closes containers by the million, and an array of flags
/// took a uniqueness and a bounds check at each; levels beyond the 64 the word holds (a
/// document nested that deep) move out to `deeper`, the oldest first.
struct ItemFlags: Equatable {
    private var bits: UInt64 = 0
    private var deeper: [Bool] = []
    private var levels = 1

    /// The innermost level's flag.
    var top: Bool {
        get { bits & 1 != 0 }
        set { bits = newValue ? bits | 1 : bits & ~1 }
    }

    /// Opens a level without items.
    mutating func push() {
        if levels >= UInt64.bitWidth { deeper.append(bits >> 63 != 0) }
        bits <<= 1
        levels += 1
    }

    /// Closes the innermost level; returns whether it had items.
    mutating func pop() -> Bool {
        let had = top
        bits >>= 1
        levels -= 1
        if levels >= UInt64.bitWidth, let oldest = deeper.popLast() { bits |= (oldest ? 1 : 0) << 63 }
        return had
    }
}
