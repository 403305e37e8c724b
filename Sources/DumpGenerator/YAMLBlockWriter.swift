/// Block-style YAML as the fixtures are written: 2-space indentation, sublayers as `- `
/// items, numbers and bitmaps inline. Indentation grows with depth, so this is for
/// screens (depth ~20), not for deep chains.
struct YAMLBlockWriter: DumpWriter {
    private enum Slot { case root, mask, item }

    private enum Open {
        /// `keyIndent`: column of the layer's keys. `wroteKey`: whether its first line is out.
        case layer(keyIndent: Int, slot: Slot, wroteKey: Bool)
        case list(itemIndent: Int, hasItems: Bool)
    }

    private let style = ValueStyle(json: false, compact: false)
    private var stack: [Open] = []
    private var nextSlot = Slot.root

    mutating func beginDocument(_ header: DocumentHeader, into bytes: inout [UInt8]) {
        style.header(header, block: true, into: &bytes)
        bytes.removeLast()  // "root: " → "root:"; the layer's first key starts the next line
    }

    mutating func openLayer(into bytes: inout [UInt8]) {
        var keyIndent = 2
        if case .list(let itemIndent, let hasItems)? = stack.last {
            if !hasItems { bytes.append(UInt8(ascii: "\n")) }
            stack[stack.count - 1] = .list(itemIndent: itemIndent, hasItems: true)
            keyIndent = itemIndent + 2
            nextSlot = .item
        } else if case .layer(let hostIndent, _, _)? = stack.last {
            keyIndent = hostIndent + 2
        }
        stack.append(.layer(keyIndent: keyIndent, slot: nextSlot, wroteKey: false))
    }

    /// Writes what goes before a key of the open layer: the line break after `root:` or
    /// `mask:`, or the `- ` of a list item, or plain indentation.
    private mutating func startKey(_ key: String, into bytes: inout [UInt8]) {
        guard case .layer(let keyIndent, let slot, let wroteKey)? = stack.last else {
            preconditionFailure("a key outside a layer")
        }
        if wroteKey {
            appendIndent(keyIndent, to: &bytes)
        } else {
            switch slot {
            case .root, .mask:
                bytes.append(UInt8(ascii: "\n"))
                appendIndent(keyIndent, to: &bytes)
            case .item:
                appendIndent(keyIndent - 2, to: &bytes)
                bytes.append(contentsOf: "- ".utf8)
            }
            stack[stack.count - 1] = .layer(keyIndent: keyIndent, slot: slot, wroteKey: true)
        }
        bytes.append(contentsOf: key.utf8)
        bytes.append(UInt8(ascii: ":"))
    }

    mutating func property(_ key: String, _ value: DumpValue, into bytes: inout [UInt8]) {
        startKey(key, into: &bytes)
        if value.isBlock, case .layer(let keyIndent, _, _)? = stack.last {
            // `key:` ends its line; the mapping or list follows on the lines below.
            bytes.append(UInt8(ascii: "\n"))
            style.yamlBlock(value, indent: keyIndent + 2, into: &bytes)
            return
        }
        bytes.append(UInt8(ascii: " "))
        style.value(value, into: &bytes)
        bytes.append(UInt8(ascii: "\n"))
    }

    mutating func openMask(into bytes: inout [UInt8]) {
        startKey("mask", into: &bytes)
        nextSlot = .mask
    }

    mutating func openSublayers(into bytes: inout [UInt8]) {
        startKey("sublayers", into: &bytes)
        guard case .layer(let keyIndent, _, _)? = stack.last else { return }
        stack.append(.list(itemIndent: keyIndent + 2, hasItems: false))
    }

    mutating func closeSublayers(into bytes: inout [UInt8]) {
        guard case .list(_, let hasItems)? = stack.popLast() else {
            preconditionFailure("closeSublayers without openSublayers")
        }
        if !hasItems { bytes.append(contentsOf: " []\n".utf8) }
    }

    mutating func closeLayer(into bytes: inout [UInt8]) {
        guard case .layer(let keyIndent, let slot, let wroteKey)? = stack.popLast() else {
            preconditionFailure("closeLayer without openLayer")
        }
        guard !wroteKey else { return }
        // A layer without keys is an empty mapping.
        if slot == .item {
            appendIndent(keyIndent - 2, to: &bytes)
            bytes.append(contentsOf: "- {}\n".utf8)
        } else {
            bytes.append(contentsOf: " {}\n".utf8)
        }
    }

    mutating func endDocument(into bytes: inout [UInt8]) {
        precondition(stack.isEmpty, "unbalanced layers")
    }
}
