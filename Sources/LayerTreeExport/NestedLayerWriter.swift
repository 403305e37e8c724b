/// Writes a layer and everything below it as nested braces: pretty JSON (a key per line,
/// 2 spaces per level), or YAML flow style (a layer per line) for subtrees too deep for
/// block style. Iterative with an explicit stack, so any depth is written; indentation
/// stops growing past `deepestIndent` levels, so the text stays linear in the tree's size.
struct NestedLayerWriter {
    enum Layout {
        /// JSON: `{`, one member per line, `}` on its own line.
        case pretty
        /// YAML flow: a layer's keys on one line, each sublayer on a new line at
        /// `continuation` (which must be deeper than the enclosing block key).
        case flow(continuation: Int)
    }

    let syntax: DumpTextSyntax
    let layout: Layout
    /// Past this many levels, pretty JSON indents no further.
    static let deepestIndent = 64
    /// Flow lines are broken between closing brackets once they are this long past their indentation.
    static let longestLine = 120

    private enum Step {
        case layer(ExportedLayer, level: Int)
        case text(String)
        /// Closing brackets: may start a new line when the line is long.
        case close(String)
    }

    /// Appends `root` at nesting `level` (in pretty JSON, the level of its `{`).
    func write(_ root: ExportedLayer, level: Int, into out: inout [UInt8]) {
        var lineStart = out.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        var stack: [Step] = [.layer(root, level: level)]
        while let step = stack.popLast() {
            switch step {
            case .text(let s):
                append(s, to: &out, lineStart: &lineStart)
            case .close(let s):
                if case .flow(let continuation) = layout, out.count - lineStart >= continuation + Self.longestLine {
                    append("\n" + String(repeating: " ", count: continuation), to: &out, lineStart: &lineStart)
                }
                append(s, to: &out, lineStart: &lineStart)
            case .layer(let layer, let level):
                let fields = LayerFields(layer, syntax: syntax).fields
                let hasMask = layer.mask != nil
                guard !fields.isEmpty || hasMask || !layer.sublayers.isEmpty else {
                    append("{}", to: &out, lineStart: &lineStart)
                    continue
                }
                var text = "{"
                for (k, f) in fields.enumerated() { text += memberLead(first: k == 0, level: level) + f.key + ": " + f.value }
                append(text, to: &out, lineStart: &lineStart)
                // Pushed in reverse: the stack pops the mask first, then the sublayers, then the brace.
                stack.append(.close(closing("}", level: level)))
                if !layer.sublayers.isEmpty {
                    stack.append(.close(closing("]", level: level + 1)))
                    for (k, sublayer) in layer.sublayers.enumerated().reversed() {
                        stack.append(.layer(sublayer, level: level + 2))
                        stack.append(.text(itemLead(first: k == 0, level: level + 2)))
                    }
                    stack.append(.text(memberLead(first: fields.isEmpty && !hasMask, level: level) + key("sublayers") + ": ["))
                }
                if let mask = layer.mask {
                    stack.append(.layer(mask, level: level + 1))
                    stack.append(.text(memberLead(first: fields.isEmpty, level: level) + key("mask") + ": "))
                }
            }
        }
    }

    private func append(_ s: String, to out: inout [UInt8], lineStart: inout Int) {
        out.append(contentsOf: s.utf8)
        if let newline = s.utf8.lastIndex(of: UInt8(ascii: "\n")) {
            lineStart = out.count - s.utf8.distance(from: newline, to: s.utf8.endIndex) + 1
        }
    }

    private func key(_ k: String) -> String { syntax == .json ? ScalarText.quoted(k) : ScalarText.yaml(k) }

    private func indent(_ level: Int) -> String { String(repeating: "  ", count: min(level, Self.deepestIndent)) }

    /// Before a member of the layer whose `{` is at `level`.
    private func memberLead(first: Bool, level: Int) -> String {
        switch layout {
        case .pretty: return (first ? "" : ",") + "\n" + indent(level + 1)
        case .flow: return first ? "" : ", "
        }
    }

    /// Before an item of a `sublayers` list; `level` is the item's.
    private func itemLead(first: Bool, level: Int) -> String {
        switch layout {
        case .pretty: return (first ? "" : ",") + "\n" + indent(level)
        case .flow(let continuation): return (first ? "" : ",") + "\n" + String(repeating: " ", count: continuation)
        }
    }

    /// A closing bracket of something opened at `level`.
    private func closing(_ bracket: String, level: Int) -> String {
        switch layout {
        case .pretty: return "\n" + indent(level) + bracket
        case .flow: return bracket
        }
    }
}
