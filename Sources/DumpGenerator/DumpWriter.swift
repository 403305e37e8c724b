/// The document keys above `root`.
struct DocumentHeader: Sendable {
    var screen: String
    var scale: Int
    var refreshRate: Int
    /// More header keys, written after `screen` and before `root`: the frame-rate keys
    /// `info` and `displayLinks` of the mixed shape. Empty for the other shapes, whose
    /// bytes it therefore leaves as they were.
    var extra: [LayerProperty] = []
}

/// Writes a dump as a stream of events, so a tree of any depth or size is written without
/// holding it in memory and without recursion. Calls nest like the tree: `openLayer`, its
/// properties, then optionally `openMask` + the mask layer, then optionally
/// `openSublayers` + layers + `closeSublayers`, then `closeLayer`.
protocol DumpWriter {
    mutating func beginDocument(_ header: DocumentHeader, into bytes: inout [UInt8])
    mutating func openLayer(into bytes: inout [UInt8])
    mutating func property(_ key: String, _ value: DumpValue, into bytes: inout [UInt8])
    /// The next `openLayer` is the mask of the open layer.
    mutating func openMask(into bytes: inout [UInt8])
    mutating func openSublayers(into bytes: inout [UInt8])
    mutating func closeSublayers(into bytes: inout [UInt8])
    mutating func closeLayer(into bytes: inout [UInt8])
    mutating func endDocument(into bytes: inout [UInt8])
}

/// How scalars and inline collections are spelled: YAML or JSON, spaced or compact.
struct ValueStyle: Sendable {
    var json: Bool
    var compact: Bool

    var separator: String { compact ? "," : ", " }

    func key(_ key: String, into bytes: inout [UInt8]) {
        if json {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: key.utf8)
            bytes.append(contentsOf: compact ? "\":".utf8 : "\": ".utf8)
        } else {
            bytes.append(contentsOf: key.utf8)
            bytes.append(contentsOf: ": ".utf8)
        }
    }

    func value(_ value: DumpValue, into bytes: inout [UInt8]) {
        switch value {
        case .number(let number):
            number.write(to: &bytes)
        case .null:
            bytes.append(contentsOf: "null".utf8)
        case .bool(let flag):
            bytes.append(contentsOf: flag ? "true".utf8 : "false".utf8)
        case .word(let word):
            if json { quoted(word, into: &bytes) } else { bytes.append(contentsOf: word.utf8) }
        case .quoted(let text):
            quoted(text, into: &bytes)
        case .rect(let x, let y, let width, let height):
            numbers([x, y, width, height], into: &bytes)
        case .pair(let a, let b):
            numbers([a, b], into: &bytes)
        case .exact(let number):
            writeExact(number, to: &bytes)
        case .exactList(let values):
            bytes.append(UInt8(ascii: "["))
            for (index, number) in values.enumerated() {
                if index > 0 { bytes.append(contentsOf: separator.utf8) }
                writeExact(number, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .quotedList(let texts):
            bytes.append(UInt8(ascii: "["))
            for (index, text) in texts.enumerated() {
                if index > 0 { bytes.append(contentsOf: separator.utf8) }
                quoted(text, into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .mapping(let entries):
            flowMapping(entries, into: &bytes)
        case .mappingList(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(contentsOf: separator.utf8) }
                flowMapping(item, into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .bitmap(let width, let height, let scale):
            bytes.append(contentsOf: compact ? "{".utf8 : "{ ".utf8)
            key("width", into: &bytes)
            writeDigits(width, to: &bytes)
            bytes.append(contentsOf: separator.utf8)
            key("height", into: &bytes)
            writeDigits(height, to: &bytes)
            if let scale {
                bytes.append(contentsOf: separator.utf8)
                key("scale", into: &bytes)
                writeDigits(scale, to: &bytes)
            }
            bytes.append(contentsOf: compact ? "}".utf8 : " }".utf8)
        }
    }

    /// `{ a: 1, b: 2 }` (`{"a":1,"b":2}` compact): the flow writer's form of a nested value.
    private func flowMapping(_ entries: [LayerProperty], into bytes: inout [UInt8]) {
        guard !entries.isEmpty else { bytes.append(contentsOf: "{}".utf8); return }
        bytes.append(contentsOf: compact ? "{".utf8 : "{ ".utf8)
        for (index, entry) in entries.enumerated() {
            if index > 0 { bytes.append(contentsOf: separator.utf8) }
            key(entry.key, into: &bytes)
            value(entry.value, into: &bytes)
        }
        bytes.append(contentsOf: compact ? "}".utf8 : " }".utf8)
    }

    /// Generated text never holds `"` or `\`, so no escaping is needed.
    private func quoted(_ text: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: text.utf8)
        bytes.append(UInt8(ascii: "\""))
    }

    private func numbers(_ values: [Fixed3], into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        for (index, number) in values.enumerated() {
            if index > 0 { bytes.append(contentsOf: separator.utf8) }
            number.write(to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// `layerlint: 1` … up to and including the `root` key. `block`: nested values (the
    /// header's `extra`) on the lines below their key, as the block YAML and indented JSON
    /// writers write them; otherwise inline.
    func header(_ header: DocumentHeader, block: Bool, into bytes: inout [UInt8]) {
        let entries: [(String, DumpValue)] = [
            ("layerlint", .number(1)),
            ("scale", .number(Fixed3(header.scale))),
            ("refreshRate", .number(Fixed3(header.refreshRate))),
            ("screen", .word(header.screen)),
        ] + header.extra.map { ($0.key, $0.value) }
        let lineStart = json ? (compact ? "" : "  ") : ""
        let lineEnd = json ? (compact ? "," : ",\n") : "\n"
        if json { bytes.append(contentsOf: compact ? "{".utf8 : "{\n".utf8) }
        for (name, entry) in entries {
            bytes.append(contentsOf: lineStart.utf8)
            if block && entry.isBlock {
                nested(name, entry, keyIndent: lineStart.utf8.count, into: &bytes)
                if json { bytes.append(contentsOf: lineEnd.utf8) }
                continue
            }
            key(name, into: &bytes)
            value(entry, into: &bytes)
            bytes.append(contentsOf: lineEnd.utf8)
        }
        bytes.append(contentsOf: lineStart.utf8)
        key("root", into: &bytes)
    }
}

func appendIndent(_ count: Int, to bytes: inout [UInt8]) {
    for _ in 0..<count { bytes.append(UInt8(ascii: " ")) }
}
