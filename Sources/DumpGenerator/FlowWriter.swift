/// The whole layer tree in flow style: `{frame: [0, 0, 10, 10], sublayers: [{…}]}` in
/// YAML, or compact JSON. Indentation does not grow with depth, so this is the writer
/// for deep chains. Lines are broken after a comma once they pass `lineWidth`, so no
/// line is megabytes long.
struct FlowWriter: DumpWriter {
    private enum Open { case layer, list }

    private let style: ValueStyle
    /// Continuation lines of a YAML flow collection must be indented past its block key.
    private let continuation: String
    private let lineWidth = 100
    private var stack: [(open: Open, hasItems: Bool)] = []
    private var column = 0

    init(json: Bool) {
        style = ValueStyle(json: json, compact: json)
        continuation = json ? "" : "  "
    }

    mutating func beginDocument(_ header: DocumentHeader, into bytes: inout [UInt8]) {
        style.header(header, block: false, into: &bytes)
        column = 0
    }

    /// The comma between items, and a line break when the line is long enough.
    private mutating func separate(into bytes: inout [UInt8]) {
        guard let last = stack.last else { return }
        if last.hasItems {
            bytes.append(UInt8(ascii: ","))
            if column >= lineWidth {
                bytes.append(UInt8(ascii: "\n"))
                bytes.append(contentsOf: continuation.utf8)
                column = continuation.utf8.count
            } else if !style.compact {
                bytes.append(UInt8(ascii: " "))
                column += 2
            } else {
                column += 1
            }
        }
        stack[stack.count - 1].hasItems = true
    }

    private mutating func measure(_ bytes: inout [UInt8], _ write: (inout [UInt8]) -> Void) {
        let before = bytes.count
        write(&bytes)
        column += bytes.count - before
    }

    mutating func openLayer(into bytes: inout [UInt8]) {
        if stack.last?.open == .list { separate(into: &bytes) }
        measure(&bytes) { $0.append(UInt8(ascii: "{")) }
        stack.append((.layer, false))
    }

    mutating func property(_ key: String, _ value: DumpValue, into bytes: inout [UInt8]) {
        separate(into: &bytes)
        measure(&bytes) { [style] in
            style.key(key, into: &$0)
            style.value(value, into: &$0)
        }
    }

    mutating func openMask(into bytes: inout [UInt8]) {
        separate(into: &bytes)
        measure(&bytes) { [style] in style.key("mask", into: &$0) }
    }

    mutating func openSublayers(into bytes: inout [UInt8]) {
        separate(into: &bytes)
        measure(&bytes) { [style] in
            style.key("sublayers", into: &$0)
            $0.append(UInt8(ascii: "["))
        }
        stack.append((.list, false))
    }

    mutating func closeSublayers(into bytes: inout [UInt8]) {
        stack.removeLast()
        close(UInt8(ascii: "]"), into: &bytes)
    }

    mutating func closeLayer(into bytes: inout [UInt8]) {
        stack.removeLast()
        close(UInt8(ascii: "}"), into: &bytes)
    }

    /// A deep chain ends in a long run of `}]`; it is wrapped like everything else.
    private mutating func close(_ bracket: UInt8, into bytes: inout [UInt8]) {
        if column >= lineWidth {
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(contentsOf: continuation.utf8)
            column = continuation.utf8.count
        }
        bytes.append(bracket)
        column += 1
    }

    mutating func endDocument(into bytes: inout [UInt8]) {
        precondition(stack.isEmpty, "unbalanced layers")
        bytes.append(contentsOf: style.json ? "}\n".utf8 : "\n".utf8)
    }
}
