import LayerModel

/// A small streaming JSON writer: two-space indentation, keys in the order written.
/// A class so nested writing closures can share it without exclusivity conflicts.
/// It writes UTF-8 bytes straight into a `ByteText`, which may stream to a file: no
/// `String` is built per line, and indentation is a slice of one constant buffer.
public final class JSONWriter {
    public fileprivate(set) var out = ByteText()
    private var depth = 0
    private var needsComma = [false]
    private var afterKey = false

    public init() {}

    /// The document so far, as text (tests and small outputs).
    public var text: String { out.string }

    /// Writes a document with `body` onto the end of `out`, which keeps streaming if it
    /// streams.
    public static func write(into out: inout ByteText, _ body: (JSONWriter) -> Void) {
        let w = JSONWriter()
        swap(&w.out, &out)
        body(w)
        swap(&w.out, &out)
    }

    /// A line break and the spaces of the deepest indentation written at once.
    private static let indentation: [UInt8] = [0x0A] + [UInt8](repeating: 0x20, count: 2 * 64)

    private func newline() {
        var remaining = 2 * depth
        Self.indentation.withUnsafeBufferPointer { all in
            out.append(UnsafeBufferPointer(rebasing: all[0..<(1 + min(remaining, all.count - 1))]))
            remaining -= min(remaining, all.count - 1)
            while remaining > 0 {
                let n = min(remaining, all.count - 1)
                out.append(UnsafeBufferPointer(rebasing: all[1..<(1 + n)]))
                remaining -= n
            }
        }
    }

    private func prefix() {
        if afterKey { afterKey = false; return }
        if needsComma[needsComma.count - 1] { out.append(byte: 0x2C) }
        if depth > 0 { newline() }
        needsComma[needsComma.count - 1] = true
    }

    public func key(_ k: String) {
        prefix()
        out.appendJSONQuoted(k)
        out.append(byte: 0x3A); out.append(byte: 0x20)
        afterKey = true
    }

    public func object(_ body: () -> Void) { open(0x7B); body(); close(0x7D) }

    public func array<S: Sequence>(_ items: S, _ body: (S.Element) -> Void) {
        open(0x5B)
        for item in items { body(item) }
        close(0x5D)
    }

    private func open(_ bracket: UInt8) {
        prefix()
        out.append(byte: bracket)
        depth += 1
        needsComma.append(false)
    }

    private func close(_ bracket: UInt8) {
        let hadItems = needsComma.removeLast()
        depth -= 1
        if hadItems { newline() }
        out.append(byte: bracket)
    }

    public func value(_ s: String?) {
        prefix()
        if let s { out.appendJSONQuoted(s) } else { out.append("null") }
    }
    public func value(_ n: Int?) {
        prefix()
        if let n { out.append(n) } else { out.append("null") }
    }
    public func value(_ d: Double) {
        prefix()
        if !d.isFinite { out.append("null") } else if d == d.rounded() && abs(d) < 1e15 { out.append(Int(d)) } else { out.append(String(d)) }
    }
    public func value(_ b: Bool) { prefix(); out.append(b ? "true" : "false") }
    public func null() { prefix(); out.append("null") }
}
