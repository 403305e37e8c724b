/// Writes a layer tree in block-style YAML as the fixtures are written: 2 spaces per
/// level, sublayers as `- ` items, numbers and bitmaps inline. Layers deeper than
/// `deepestBlockLayer` are written in flow style (`NestedLayerWriter`), whose indentation
/// does not grow, so a 100,000-level chain stays linear in size. Iterative.
struct YAMLBlockLayerWriter {
    /// Real screens nest 20 to 60 layers deep; past this, block indentation would make
    /// the text quadratic in the depth.
    static let deepestBlockLayer = 64

    private enum Step {
        /// `head` is the text before the layer's first key: `root:` or `mask:` (a mapping
        /// value, keys on the next lines) or `- ` (a list item, first key on the same line).
        /// `indent` is the column of the layer's keys.
        case layer(ExportedLayer, head: String, isListItem: Bool, indent: Int, depth: Int)
        case line(String)
    }

    func write(root: ExportedLayer, into out: inout [UInt8]) {
        var stack: [Step] = [.layer(root, head: "root:", isListItem: false, indent: 2, depth: 0)]
        while let step = stack.popLast() {
            switch step {
            case .line(let text):
                appendLine(text, into: &out)
            case .layer(let layer, let head, let isListItem, let indent, let depth):
                let fields = LayerFields(layer, syntax: .yaml).fields
                let isEmpty = layer.mask == nil && layer.sublayers.isEmpty && fields.isEmpty
                if isEmpty || depth > Self.deepestBlockLayer {
                    out.append(contentsOf: (head + (isListItem ? "" : " ")).utf8)
                    NestedLayerWriter(syntax: .yaml, layout: .flow(continuation: indent)).write(layer, level: 0, into: &out)
                    out.append(UInt8(ascii: "\n"))
                    continue
                }
                let spaces = String(repeating: " ", count: indent)
                // The prefix of the layer's next line: the `- ` of a list item goes on its first.
                var prefix = isListItem ? head : spaces
                if !isListItem { appendLine(head, into: &out) }
                for f in fields {
                    appendLine(prefix + f.key + ": " + f.value, into: &out)
                    prefix = spaces
                }
                // Pushed in reverse: the mask is written first, then `sublayers:` and its items.
                if !layer.sublayers.isEmpty {
                    let itemHead = spaces + "  - "
                    for s in layer.sublayers.reversed() {
                        stack.append(.layer(s, head: itemHead, isListItem: true, indent: indent + 4, depth: depth + 1))
                    }
                    stack.append(.line((layer.mask == nil ? prefix : spaces) + "sublayers:"))
                }
                if let mask = layer.mask {
                    stack.append(.layer(mask, head: prefix + "mask:", isListItem: false, indent: indent + 2, depth: depth + 1))
                }
            }
        }
    }

    private func appendLine(_ text: String, into out: inout [UInt8]) {
        out.append(contentsOf: text.utf8)
        out.append(UInt8(ascii: "\n"))
    }
}
