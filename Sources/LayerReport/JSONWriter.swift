import LayerModel

/// A small streaming JSON writer: two-space indentation, keys in the order written.
public struct JSONWriter: Sendable {
    public private(set) var text = ""
    private var depth = 0
    private var needsComma = [false]
    private var afterKey = false

    public init() {}

    private mutating func prefix() {
        if afterKey { afterKey = false; return }
        if needsComma[needsComma.count - 1] { text += "," }
        if depth > 0 { text += "\n" + String(repeating: "  ", count: depth) }
        needsComma[needsComma.count - 1] = true
    }

    public mutating func key(_ k: String) {
        prefix()
        text += Self.quote(k) + ": "
        afterKey = true
    }

    public mutating func object(_ body: () -> Void) { open("{"); body(); close("}") }

    public mutating func array<S: Sequence>(_ items: S, _ body: (S.Element) -> Void) {
        open("[")
        for item in items { body(item) }
        close("]")
    }

    private mutating func open(_ bracket: String) {
        prefix()
        text += bracket
        depth += 1
        needsComma.append(false)
    }

    private mutating func close(_ bracket: String) {
        let hadItems = needsComma.removeLast()
        depth -= 1
        if hadItems { text += "\n" + String(repeating: "  ", count: depth) }
        text += bracket
    }

    public mutating func value(_ s: String?) { prefix(); text += s.map(Self.quote) ?? "null" }
    public mutating func value(_ n: Int?) { prefix(); text += n.map(String.init) ?? "null" }
    public mutating func value(_ d: Double) {
        prefix()
        text += d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)) : "null"
    }
    public mutating func value(_ b: Bool) { prefix(); text += b ? "true" : "false" }
    public mutating func null() { prefix(); text += "null" }

    public static func quote(_ s: String) -> String { JSONText.quoted(s) }
}
