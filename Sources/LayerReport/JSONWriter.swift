import LayerModel

/// A small streaming JSON writer: two-space indentation, keys in the order written.
/// A class so nested writing closures can share it without exclusivity conflicts.
/// It writes UTF-8 bytes straight into a `ByteText`, which may stream to a file: no
/// `String` is built per line, and indentation is a slice of one constant buffer.
public final class JSONWriter {
    /// All mutable state in one value: a class's stored properties are checked for
    /// exclusive access on every use, so one access per call instead of one per field.
    private var state = State()

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

    public func key(_ k: String) { state.key(k) }

    public func object(_ body: () -> Void) { state.open(0x7B); body(); state.close(0x7D) }

    public func array<S: Sequence>(_ items: S, _ body: (S.Element) -> Void) {
        state.open(0x5B)
        for item in items { body(item) }
        state.close(0x5D)
    }

    public func value(_ s: String?) { state.value(s) }
    public func value(_ n: Int?) { state.value(n) }
    public func value(_ d: Double) { state.value(d) }
    public func value(_ b: Bool) { state.raw(b ? "true" : "false") }
    public func null() { state.raw("null") }

    private struct State {
        var out = ByteText()
        var depth = 0
        var needsComma = [false]
        var afterKey = false

        /// A line break and the spaces of the deepest indentation written at once.
        private static let indentation: [UInt8] = [0x0A] + [UInt8](repeating: 0x20, count: 2 * 64)

        private mutating func newline() {
            var remaining = 2 * depth
            Self.indentation.withUnsafeBufferPointer { all in
                let spaces = all.count - 1
                out.append(UnsafeBufferPointer(rebasing: all[0..<(1 + min(remaining, spaces))]))
                remaining -= min(remaining, spaces)
                while remaining > 0 {
                    let n = min(remaining, spaces)
                    out.append(UnsafeBufferPointer(rebasing: all[1..<(1 + n)]))
                    remaining -= n
                }
            }
        }

        private mutating func prefix() {
            if afterKey { afterKey = false; return }
            if needsComma[needsComma.count - 1] { out.append(byte: 0x2C) }
            if depth > 0 { newline() }
            needsComma[needsComma.count - 1] = true
        }

        mutating func key(_ k: String) {
            prefix()
            out.appendJSONQuoted(k)
            out.append(byte: 0x3A); out.append(byte: 0x20)
            afterKey = true
        }

        mutating func open(_ bracket: UInt8) {
            prefix()
            out.append(byte: bracket)
            depth += 1
            needsComma.append(false)
        }

        mutating func close(_ bracket: UInt8) {
            let hadItems = needsComma.removeLast()
            depth -= 1
            if hadItems { newline() }
            out.append(byte: bracket)
        }

        mutating func value(_ s: String?) {
            prefix()
            if let s { out.appendJSONQuoted(s) } else { out.append("null") }
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
    }
}
