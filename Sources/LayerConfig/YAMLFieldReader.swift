import YAML

/// Typed, strict reads of composed YAML values, each failing with the file, the place
/// and the dotted name of the key (`rules.unneeded-clip.severity`).
struct YAMLFieldReader {
    let file: String

    typealias Pairs = [YAMLNode.Pair]

    func error(_ message: String, at mark: YAMLMark) -> ConfigurationError {
        ConfigurationError(file: file, line: mark.line, column: mark.column, message: message)
    }

    /// Whether `node` is `null`, `~` or nothing: the key is as good as left out.
    func isNull(_ node: YAMLNode) -> Bool {
        if case .scalar(_, false, _) = node.content { return node.string == nil }
        return false
    }

    /// The pairs of a mapping, refusing duplicate keys and, when `allowed` is given, keys
    /// outside it (with the nearest allowed key as a suggestion).
    func mapping(_ node: YAMLNode, _ name: String, allowed: [String]? = nil,
                 what: String = "key") throws(ConfigurationError) -> Pairs {
        guard case .mapping(let pairs, _) = node.content else {
            let what = name.isEmpty ? "the configuration" : "'\(name)'"
            throw error("\(what) must be a mapping of keys to values, found \(describe(node))", at: node.mark)
        }
        var seen: [String: YAMLMark] = [:]
        for pair in pairs {
            if let first = seen[pair.key] {
                throw error("'\(join(name, pair.key))' is given twice (first at line \(first.line))", at: pair.keyMark)
            }
            seen[pair.key] = pair.keyMark
            if let allowed, !allowed.contains(pair.key) {
                let where_ = name.isEmpty ? "at the top level" : "in '\(name)'"
                throw error("unknown \(what) '\(pair.key)' \(where_)\(suggestion(for: pair.key, in: allowed))"
                            + "; expected one of: \(allowed.joined(separator: ", "))", at: pair.keyMark)
            }
        }
        return pairs
    }

    func sequence(_ node: YAMLNode, _ name: String) throws(ConfigurationError) -> [YAMLNode] {
        guard let items = node.array else { throw error("'\(name)' must be a list, found \(describe(node))", at: node.mark) }
        return items
    }

    /// Text, which may be quoted.
    func string(_ node: YAMLNode, _ name: String) throws(ConfigurationError) -> String {
        guard case .scalar(let text, let quoted, _) = node.content, quoted || node.string != nil else {
            throw error("'\(name)' must be text, found \(describe(node))", at: node.mark)
        }
        return text
    }

    /// A whole number ≥ 0, written without quotes.
    func count(_ node: YAMLNode, _ name: String) throws(ConfigurationError) -> Int {
        let text = try plain(node, name, expected: "a whole number ≥ 0")
        guard let value = Int(text) else {
            throw error("'\(name)' must be a whole number ≥ 0, found '\(text)'", at: node.mark)
        }
        guard value >= 0 else { throw error("'\(name)' must not be negative, found \(value)", at: node.mark) }
        return value
    }

    /// A finite number ≥ 0, written without quotes.
    func nonNegativeNumber(_ node: YAMLNode, _ name: String) throws(ConfigurationError) -> Double {
        let text = try plain(node, name, expected: "a number ≥ 0")
        guard let value = Double(text), value.isFinite else {
            throw error("'\(name)' must be a number ≥ 0, found '\(text)'", at: node.mark)
        }
        guard value >= 0 else { throw error("'\(name)' must not be negative, found \(text)", at: node.mark) }
        return value
    }

    /// `true`/`on` or `false`/`off`, without quotes.
    func bool(_ node: YAMLNode, _ name: String) throws(ConfigurationError) -> Bool {
        let text = try plain(node, name, expected: "true or false")
        guard let value = Self.booleans[text] else {
            throw error("'\(name)' must be true or false, found '\(text)'", at: node.mark)
        }
        return value
    }

    static let booleans = ["true": true, "on": true, "false": false, "off": false]

    /// A glob; an invalid one is blamed on the character at fault where the scalar allows.
    func glob(_ node: YAMLNode, _ name: String, kind: Glob.Kind) throws(ConfigurationError) -> Glob {
        let text = try string(node, name)
        do {
            return try Glob(text, kind: kind)
        } catch let e {
            var mark = node.mark
            if case .scalar(_, let quoted, _) = node.content, !text.contains("\n") { mark.column += e.offset + (quoted ? 1 : 0) }
            throw error("'\(name)' is not a valid pattern: \(e.message)", at: mark)
        }
    }

    func globs(_ node: YAMLNode, _ name: String, kind: Glob.Kind) throws(ConfigurationError) -> [Glob] {
        var out: [Glob] = []
        for (i, item) in try sequence(node, name).enumerated() { out.append(try glob(item, "\(name)[\(i)]", kind: kind)) }
        return out
    }

    /// The text of an unquoted scalar: numbers and booleans are never quoted.
    private func plain(_ node: YAMLNode, _ name: String, expected: String) throws(ConfigurationError) -> String {
        guard case .scalar(let text, let quoted, _) = node.content, node.string != nil else {
            throw error("'\(name)' must be \(expected), found \(describe(node))", at: node.mark)
        }
        guard !quoted else { throw error("'\(name)' must be \(expected), found the text \"\(text)\" (remove the quotes)", at: node.mark) }
        return text
    }

    func describe(_ node: YAMLNode) -> String {
        switch node.content {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let text, let quoted, _):
            if !quoted && node.string == nil { return "nothing (null)" }
            return quoted ? "the text \"\(text)\"" : "'\(text)'"
        }
    }

    func join(_ parent: String, _ key: String) -> String { parent.isEmpty ? key : "\(parent).\(key)" }
}
