import LayerModel

/// A small streaming JSON writer: two-space indentation, keys in the order written.
/// A class so nested writing closures can share it without exclusivity conflicts.
public final class JSONWriter {
    public private(set) var text = ""
    private var depth = 0
    private var needsComma = [false]
    private var afterKey = false

    public init() {}

    private func prefix() {
        if afterKey { afterKey = false; return }
        if needsComma[needsComma.count - 1] { text += "," }
        if depth > 0 { text += "\n" + String(repeating: "  ", count: depth) }
        needsComma[needsComma.count - 1] = true
    }

    public func key(_ k: String) {
        prefix()
        text += Self.quote(k) + ": "
        afterKey = true
    }

    public func object(_ body: () -> Void) { open("{"); body(); close("}") }

    public func array<S: Sequence>(_ items: S, _ body: (S.Element) -> Void) {
        open("[")
        for item in items { body(item) }
        close("]")
    }

    private func open(_ bracket: String) {
        prefix()
        text += bracket
        depth += 1
        needsComma.append(false)
    }

    private func close(_ bracket: String) {
        let hadItems = needsComma.removeLast()
        depth -= 1
        if hadItems { text += "\n" + String(repeating: "  ", count: depth) }
        text += bracket
    }

    public func value(_ s: String?) { prefix(); text += s.map(Self.quote) ?? "null" }
    public func value(_ n: Int?) { prefix(); text += n.map(String.init) ?? "null" }
    public func value(_ d: Double) {
        prefix()
        text += d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)) : "null"
    }
    public func value(_ b: Bool) { prefix(); text += b ? "true" : "false" }
    public func null() { prefix(); text += "null" }

    public static func quote(_ s: String) -> String { JSONText.quoted(s) }
}
