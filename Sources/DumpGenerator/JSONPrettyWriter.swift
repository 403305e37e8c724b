/// JSON indented by 2 spaces per level, like fixtures/tab-bar.json: one key per line,
/// number arrays and bitmaps on one line. Indentation grows with depth, so this is for
/// screens, not for deep chains.
struct JSONPrettyWriter: DumpWriter {
    private let style = ValueStyle(json: true, compact: false)
    /// One entry per open object or array (the document object included): whether it
    /// has an item yet, which decides between `,\n` and `\n` before the next one.
    private var hasItems: [Bool] = []

    mutating func beginDocument(_ header: DocumentHeader, into bytes: inout [UInt8]) {
        style.header(header, block: true, into: &bytes)
        hasItems = [true]
    }

    /// Starts a new line for the next key or array item of the innermost container.
    private mutating func newItem(into bytes: inout [UInt8]) {
        let last = hasItems.count - 1
        bytes.append(contentsOf: hasItems[last] ? ",\n".utf8 : "\n".utf8)
        hasItems[last] = true
        appendIndent(2 * hasItems.count, to: &bytes)
    }

    private mutating func close(_ bracket: UInt8, into bytes: inout [UInt8]) {
        let hadItems = hasItems.removeLast()
        if hadItems {
            bytes.append(UInt8(ascii: "\n"))
            appendIndent(2 * hasItems.count, to: &bytes)
        }
        bytes.append(bracket)
    }

    /// The root and masks follow their key on the same line; sublayers start a new one.
    private var inArray = false

    mutating func openLayer(into bytes: inout [UInt8]) {
        if inArray { newItem(into: &bytes) }
        bytes.append(UInt8(ascii: "{"))
        hasItems.append(false)
        inArray = false
    }

    mutating func property(_ key: String, _ value: DumpValue, into bytes: inout [UInt8]) {
        newItem(into: &bytes)
        if value.isBlock {
            style.nested(key, value, keyIndent: 2 * hasItems.count, into: &bytes)
            return
        }
        style.key(key, into: &bytes)
        style.value(value, into: &bytes)
    }

    mutating func openMask(into bytes: inout [UInt8]) {
        newItem(into: &bytes)
        style.key("mask", into: &bytes)
        inArray = false
    }

    mutating func openSublayers(into bytes: inout [UInt8]) {
        newItem(into: &bytes)
        style.key("sublayers", into: &bytes)
        bytes.append(UInt8(ascii: "["))
        hasItems.append(false)
        inArray = true
    }

    mutating func closeSublayers(into bytes: inout [UInt8]) {
        close(UInt8(ascii: "]"), into: &bytes)
        inArray = false
    }

    mutating func closeLayer(into bytes: inout [UInt8]) {
        close(UInt8(ascii: "}"), into: &bytes)
        // After a layer closes we are back in its list, unless it was the root or a mask;
        // the next event tells: only a list gets another openLayer.
        inArray = true
    }

    mutating func endDocument(into bytes: inout [UInt8]) {
        close(UInt8(ascii: "}"), into: &bytes)
        bytes.append(UInt8(ascii: "\n"))
    }
}
