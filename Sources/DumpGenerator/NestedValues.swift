/// Nested values (`DumpValue.mapping`, `.mappingList`) as the fixtures and exporters write
/// them: in block YAML, a mapping's keys and a list's `- ` items on the lines below the
/// key, two columns further in; in indented JSON, an object or array opened after the key
/// with one entry a line. Only block mappings and lists with one value a line, so the
/// YAML stays inside what `SubsetYAMLReader` reads without libyaml.
extension ValueStyle {
    /// `key` and its nested `value`, the key at column `keyIndent` (its indentation is
    /// already written). YAML ends with the value's last line break; JSON ends at the
    /// closing bracket, so the writer adds its own comma or line break.
    func nested(_ name: String, _ value: DumpValue, keyIndent: Int, into bytes: inout [UInt8]) {
        if json {
            key(name, into: &bytes)
            jsonBlock(value, indent: keyIndent, into: &bytes)
        } else {
            bytes.append(contentsOf: name.utf8)
            bytes.append(contentsOf: ":\n".utf8)
            yamlBlock(value, indent: keyIndent + 2, into: &bytes)
        }
    }

    /// The lines of a nested value, its keys or `- ` items at column `indent`.
    func yamlBlock(_ value: DumpValue, indent: Int, into bytes: inout [UInt8]) {
        switch value {
        case .mapping(let entries):
            yamlEntries(entries, indent: indent, firstIndented: false, into: &bytes)
        case .mappingList(let items):
            for item in items {
                appendIndent(indent, to: &bytes)
                bytes.append(contentsOf: "- ".utf8)
                if item.isEmpty {
                    bytes.append(contentsOf: "{}\n".utf8)
                } else {
                    // The item's first key shares the dash's line; the others line up under it.
                    yamlEntries(item, indent: indent + 2, firstIndented: true, into: &bytes)
                }
            }
        default:
            preconditionFailure("only mappings and lists of mappings are written as blocks")
        }
    }

    /// `firstIndented`: the first key's line is already indented (it follows a `- `).
    private func yamlEntries(_ entries: [LayerProperty], indent: Int, firstIndented: Bool, into bytes: inout [UInt8]) {
        for (index, entry) in entries.enumerated() {
            if index > 0 || !firstIndented { appendIndent(indent, to: &bytes) }
            if entry.value.isBlock {
                nested(entry.key, entry.value, keyIndent: indent, into: &bytes)
            } else {
                key(entry.key, into: &bytes)
                value(entry.value, into: &bytes)
                bytes.append(UInt8(ascii: "\n"))
            }
        }
    }

    /// An indented JSON object or array whose opening bracket follows a key on a line
    /// indented `indent`; its entries are indented two more.
    func jsonBlock(_ value: DumpValue, indent: Int, into bytes: inout [UInt8]) {
        switch value {
        case .mapping(let entries):
            guard !entries.isEmpty else { bytes.append(contentsOf: "{}".utf8); return }
            bytes.append(UInt8(ascii: "{"))
            for (index, entry) in entries.enumerated() {
                bytes.append(contentsOf: index > 0 ? ",\n".utf8 : "\n".utf8)
                appendIndent(indent + 2, to: &bytes)
                if entry.value.isBlock {
                    nested(entry.key, entry.value, keyIndent: indent + 2, into: &bytes)
                } else {
                    key(entry.key, into: &bytes)
                    self.value(entry.value, into: &bytes)
                }
            }
            bytes.append(UInt8(ascii: "\n"))
            appendIndent(indent, to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        case .mappingList(let items):
            guard !items.isEmpty else { bytes.append(contentsOf: "[]".utf8); return }
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                bytes.append(contentsOf: index > 0 ? ",\n".utf8 : "\n".utf8)
                appendIndent(indent + 2, to: &bytes)
                jsonBlock(.mapping(item), indent: indent + 2, into: &bytes)
            }
            bytes.append(UInt8(ascii: "\n"))
            appendIndent(indent, to: &bytes)
            bytes.append(UInt8(ascii: "]"))
        default:
            preconditionFailure("only mappings and lists of mappings are written as blocks")
        }
    }
}
