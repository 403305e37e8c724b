/// The bytes that start a member of a JSON object as `JSONWriter` lays it out — a comma
/// when one goes before it, a line break, the indentation and the quoted key with its
/// ": " — kept per key literal, depth and comma. A report writes the same few keys at the
/// same depths by the million: each is then one copy instead of a scan and four appends.
///
/// Direct-mapped: a slot holds one line, and a line whose slot another took is made
/// again. Lines live in one buffer, which starts over when lines made again fill it.
struct JSONKeyLines {
    private struct Slot {
        var key: UnsafeRawPointer?
        var depth = 0
        var comma = false
        var start = 0
        var end = 0
    }
    private static let slotCount = 512
    private static let bufferLimit = 1 << 16
    private var slots = [Slot](repeating: Slot(), count: slotCount)
    private var lines: [UInt8] = []

    /// Calls `body` with the line of the key literal at `key` (its bytes `utf8`), at
    /// `depth` (1 or more), after a comma or not.
    mutating func withLine(key: UnsafeRawPointer, _ utf8: UnsafeBufferPointer<UInt8>, depth: Int, comma: Bool,
                           _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let index = (Int(bitPattern: key) &>> 2 &+ depth &* 31) & (Self.slotCount - 1)
        let slot = slots[index]
        if slot.key != key || slot.depth != depth || slot.comma != comma {
            if lines.count > Self.bufferLimit {
                lines.removeAll(keepingCapacity: true)
                slots = [Slot](repeating: Slot(), count: Self.slotCount)
            }
            let start = lines.count
            var line = ByteText()
            if comma { line.append(byte: 0x2C) }
            line.append(byte: 0x0A)
            for _ in 0..<(2 * depth) { line.append(byte: 0x20) }
            JSONBytes.appendQuoted(utf8, to: &line)
            line.append(byte: 0x3A); line.append(byte: 0x20)
            lines.append(contentsOf: line.bytes)
            slots[index] = Slot(key: key, depth: depth, comma: comma, start: start, end: lines.count)
        }
        let (start, end) = (slots[index].start, slots[index].end)
        lines.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }
}
