/// The bytes that start a member of a JSON object as `JSONWriter` lays it out — a comma
/// when one goes before it, a line break, the indentation and the quoted key with its
/// ": " — kept per key literal, depth and comma. A report writes the same few keys at the
/// same depths by the million: each is then one copy instead of a scan and four appends.
///
/// An open-addressed table: a key literal, depth and comma find their line by probing on
/// from a hashed slot, so lines of keys that hash alike both stay (a direct-mapped table
/// made the lines of two keys that shared a slot again for every object that wrote both,
/// and a key's line with and without its comma shared a slot). A report has a few dozen
/// distinct lines; the table and its buffer start over only if a writer makes lines
/// without end.
struct JSONKeyLines {
    private struct Slot {
        var key: UnsafeRawPointer?
        var depth = 0
        var comma = false
        var start = 0
        var end = 0
    }
    private static let slotBits = 10
    private static let slotCount = 1 << slotBits
    /// Lines held before the table starts over: at most half full, so probes stay short.
    private static let lineLimit = slotCount / 2
    private static let bufferLimit = 1 << 16
    private var slots = [Slot](repeating: Slot(), count: slotCount)
    private var lineCount = 0
    private var lines: [UInt8] = []

    /// Calls `body` with the line of the key literal at `key` (its bytes `utf8`), at
    /// `depth` (1 or more), after a comma or not.
    mutating func withLine(key: UnsafeRawPointer, _ utf8: UnsafeBufferPointer<UInt8>, depth: Int, comma: Bool,
                           _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let mixed = UInt(bitPattern: Int(bitPattern: key)) ^ UInt(truncatingIfNeeded: depth << 1 | (comma ? 1 : 0))
        var index = Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) >> UInt(UInt.bitWidth - Self.slotBits))
        while let held = slots[index].key {
            if held == key && slots[index].depth == depth && slots[index].comma == comma {
                let (start, end) = (slots[index].start, slots[index].end)
                lines.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
                return
            }
            index = (index + 1) & (Self.slotCount - 1)
        }
        if lineCount >= Self.lineLimit || lines.count > Self.bufferLimit {
            lines.removeAll(keepingCapacity: true)
            slots = [Slot](repeating: Slot(), count: Self.slotCount)
            lineCount = 0
            return withLine(key: key, utf8, depth: depth, comma: comma, body)
        }
        let start = lines.count
        if comma { lines.append(0x2C) }
        lines.append(0x0A)
        lines.append(contentsOf: repeatElement(0x20, count: 2 * depth))
        var quoted = ByteText()
        JSONBytes.appendQuoted(utf8, to: &quoted)
        lines.append(contentsOf: quoted.bytes)
        lines.append(0x3A); lines.append(0x20)
        slots[index] = Slot(key: key, depth: depth, comma: comma, start: start, end: lines.count)
        lineCount += 1
        lines.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start...])) }
    }
}
