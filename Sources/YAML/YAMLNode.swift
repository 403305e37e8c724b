/// A composed YAML document for small, non-hot inputs (the rule catalog, configuration).
/// Layer dumps never go through this: their decoder consumes events directly.
public indirect enum YAMLNode: Sendable, Equatable {
    case scalar(String, quoted: Bool, mark: YAMLMark)
    case sequence([YAMLNode], mark: YAMLMark)
    case mapping([(key: String, keyMark: YAMLMark, value: YAMLNode)], mark: YAMLMark)

    public static func == (a: YAMLNode, b: YAMLNode) -> Bool {
        switch (a, b) {
        case let (.scalar(x, q1, m1), .scalar(y, q2, m2)): return x == y && q1 == q2 && m1 == m2
        case let (.sequence(x, m1), .sequence(y, m2)): return x == y && m1 == m2
        case let (.mapping(x, m1), .mapping(y, m2)):
            return m1 == m2 && x.count == y.count
                && zip(x, y).allSatisfy { $0.key == $1.key && $0.keyMark == $1.keyMark && $0.value == $1.value }
        default: return false
        }
    }

    public var mark: YAMLMark {
        switch self {
        case .scalar(_, _, let m), .sequence(_, let m), .mapping(_, let m): return m
        }
    }

    /// The value for `key` when this is a mapping.
    public subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs, _) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    /// The scalar text, or nil for collections and `null`/`~` plain scalars.
    public var string: String? {
        guard case .scalar(let s, let quoted, _) = self else { return nil }
        if !quoted && (s == "null" || s == "~" || s.isEmpty) { return nil }
        return s
    }

    public var array: [YAMLNode]? {
        guard case .sequence(let items, _) = self else { return nil }
        return items
    }

    /// Composes every document of a YAML text. Iterative, so nesting depth is bounded by
    /// memory, not the stack. Aliases are rejected: these inputs never need them.
    public static func documents(in text: String) throws(YAMLError) -> [YAMLNode] {
        var utf8 = Array(text.utf8)
        utf8.append(0)
        do {
            return try utf8.withUnsafeBytes { raw in
                try compose(YAMLEventParser(bytes: UnsafeRawBufferPointer(rebasing: raw.dropLast())))
            }
        } catch let error as YAMLError {
            throw error
        } catch {
            throw YAMLError(message: "\(error)", mark: YAMLMark(line: 1, column: 1))
        }
    }

    private enum Frame {
        case sequence([YAMLNode], YAMLMark)
        case mapping([(key: String, keyMark: YAMLMark, value: YAMLNode)], pendingKey: (String, YAMLMark)?, YAMLMark)
    }

    private static func compose(_ parser: YAMLEventParser) throws(YAMLError) -> [YAMLNode] {
        var documents: [YAMLNode] = []
        var stack: [Frame] = []
        var finished: YAMLNode?

        func attach(_ node: YAMLNode, _ stack: inout [Frame]) throws(YAMLError) -> YAMLNode? {
            guard let top = stack.popLast() else { return node }
            switch top {
            case .sequence(var items, let m):
                items.append(node)
                stack.append(.sequence(items, m))
            case .mapping(var pairs, let pending, let m):
                if let (key, keyMark) = pending {
                    pairs.append((key, keyMark, node))
                    stack.append(.mapping(pairs, pendingKey: nil, m))
                } else {
                    guard case .scalar(let key, _, let keyMark) = node else {
                        throw YAMLError(message: "mapping keys must be plain text", mark: node.mark)
                    }
                    stack.append(.mapping(pairs, pendingKey: (key, keyMark), m))
                }
            }
            return nil
        }

        while true {
            let event = try parser.next()
            let mark = parser.startMark
            switch event {
            case .streamStart, .documentStart: continue
            case .streamEnd: return documents
            case .documentEnd:
                if let node = finished { documents.append(node) }
                finished = nil
            case .alias:
                throw YAMLError(message: "aliases (*name) are not supported here", mark: mark)
            case .scalar(let style):
                let node = YAMLNode.scalar(parser.scalarString, quoted: style != .plain, mark: mark)
                if let done = try attach(node, &stack) { finished = done }
            case .sequenceStart: stack.append(.sequence([], mark))
            case .mappingStart: stack.append(.mapping([], pendingKey: nil, mark))
            case .sequenceEnd, .mappingEnd:
                guard let top = stack.popLast() else { continue }
                let node: YAMLNode
                switch top {
                case .sequence(let items, let m): node = .sequence(items, mark: m)
                case .mapping(let pairs, _, let m): node = .mapping(pairs, mark: m)
                }
                if let done = try attach(node, &stack) { finished = done }
            }
        }
    }
}
