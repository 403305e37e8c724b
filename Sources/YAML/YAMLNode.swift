/// A node of a composed YAML document, for small, non-hot inputs (the rule catalog, the
/// configuration, baselines). Layer dumps never go through this: their decoder consumes
/// events directly.
///
/// The nodes of a text live in one flat arena (`YAMLTree`) and refer to their children by
/// index, so nothing is recursive: neither composing, nor reading, nor freeing. (A tree
/// of nested enum cases is freed by one nested release per level, which overflows the
/// stack at some depth: 100,000 nested `[` crashed the configuration reader.)
public struct YAMLNode: Sendable {
    public typealias Pair = (key: String, keyMark: YAMLMark, value: YAMLNode)

    /// What a node holds; the children of a collection are nodes again.
    public enum Content: Sendable {
        case scalar(String, quoted: Bool, mark: YAMLMark)
        case sequence([YAMLNode], mark: YAMLMark)
        case mapping([Pair], mark: YAMLMark)
    }

    let tree: YAMLTree
    let index: Int

    public var content: Content {
        let record = tree.records[index]
        switch record.kind {
        case .scalar:
            return .scalar(record.text, quoted: record.quoted, mark: record.mark)
        case .sequence:
            return .sequence(tree.children[record.children].map { YAMLNode(tree: tree, index: $0) }, mark: record.mark)
        case .mapping:
            return .mapping(pairs, mark: record.mark)
        }
    }

    public var mark: YAMLMark { tree.records[index].mark }

    /// The pairs of a mapping (keys are scalars, children alternate key and value).
    private var pairs: [Pair] {
        let ids = tree.children[tree.records[index].children]
        return stride(from: ids.startIndex, to: ids.endIndex, by: 2).map { k in
            let key = tree.records[ids[k]]
            return (key.text, key.mark, YAMLNode(tree: tree, index: ids[k + 1]))
        }
    }

    /// The value for `key` when this is a mapping.
    public subscript(key: String) -> YAMLNode? {
        let record = tree.records[index]
        guard record.kind == .mapping else { return nil }
        let ids = tree.children[record.children]
        for k in stride(from: ids.startIndex, to: ids.endIndex, by: 2) where tree.records[ids[k]].text == key {
            return YAMLNode(tree: tree, index: ids[k + 1])
        }
        return nil
    }

    /// The scalar text, or nil for collections and `null`/`~` plain scalars.
    public var string: String? {
        let record = tree.records[index]
        guard record.kind == .scalar else { return nil }
        if !record.quoted && (record.text == "null" || record.text == "~" || record.text.isEmpty) { return nil }
        return record.text
    }

    public var array: [YAMLNode]? {
        guard case .sequence(let items, _) = content else { return nil }
        return items
    }

    /// The nesting a composed reader allows unless told otherwise. Configurations and
    /// baselines nest four or five levels; 64 leaves room for any hand-written file.
    public static let defaultMaximumDepth = 64

    /// Composes every document of a YAML text. Aliases and tags are refused (these inputs
    /// never need them), and so is nesting deeper than `maximumDepth` mappings and lists
    /// (the document's own collection is level 1), at the collection that is too deep,
    /// before libyaml reads further.
    public static func documents(in text: String, maximumDepth: Int = defaultMaximumDepth) throws(YAMLError) -> [YAMLNode] {
        var utf8 = Array(text.utf8)
        utf8.append(0)
        do {
            return try utf8.withUnsafeBytes { raw in
                let bytes = UnsafeRawBufferPointer(rebasing: raw.dropLast())
                // One flow level more than the composer allows, so the composer, whose message
                // fits these files, is the one that refuses.
                let flow = min(maximumDepth, YAMLEventParser.defaultMaximumFlowDepth - 1) + 1
                let parser = YAMLEventParser(bytes: bytes, maximumFlowDepth: flow)
                var composer = YAMLComposer(maximumDepth: maximumDepth)
                return try composer.compose(parser)
            }
        } catch let error as YAMLError {
            throw error
        } catch {
            throw YAMLError(message: "\(error)", mark: YAMLMark(line: 1, column: 1))
        }
    }
}

/// The arena of one composed text: every node as a record, and the children of every
/// collection as one run of record indices.
final class YAMLTree: Sendable {
    enum Kind: UInt8, Sendable { case scalar, sequence, mapping }

    struct Record: Sendable {
        var kind: Kind
        var quoted: Bool
        var mark: YAMLMark
        /// A scalar's text; empty for collections.
        var text: String
        /// The collection's children in `children`: items, or keys and values alternating.
        var children: Range<Int>
    }

    let records: [Record]
    let children: [Int]

    init(records: [Record], children: [Int]) {
        self.records = records
        self.children = children
    }
}

/// Builds a `YAMLTree` from events with an explicit stack.
private struct YAMLComposer {
    let maximumDepth: Int
    var records: [YAMLTree.Record] = []
    var children: [Int] = []
    /// Open collections: their record and the children met so far.
    var stack: [(record: Int, members: [Int])] = []
    var roots: [Int] = []

    init(maximumDepth: Int) { self.maximumDepth = maximumDepth }

    mutating func compose(_ parser: YAMLEventParser) throws(YAMLError) -> [YAMLNode] {
        var finished: Int?
        while true {
            let event = try parser.next()
            let mark = parser.startMark
            switch event {
            case .streamStart, .documentStart: continue
            case .streamEnd:
                let tree = YAMLTree(records: records, children: children)
                return roots.map { YAMLNode(tree: tree, index: $0) }
            case .documentEnd:
                if let node = finished { roots.append(node) }
                finished = nil
            case .alias:
                throw YAMLError(message: "aliases (*name) are not supported here", mark: mark)
            case .scalar(let style):
                let id = add(.scalar, quoted: style != .plain, mark: mark, text: parser.scalarString)
                if let done = attach(id) { finished = done }
            case .sequenceStart, .mappingStart:
                if let top = stack.last, records[top.record].kind == .mapping, top.members.count % 2 == 0 {
                    throw YAMLError(message: "mapping keys must be plain text", mark: mark)
                }
                if stack.count >= maximumDepth {
                    throw YAMLError(message: "mappings and lists nested deeper than \(maximumDepth) levels; "
                                    + "this file is read whole into memory and never needs that many",
                                    mark: mark, kind: .depth)
                }
                let id = add(event == .sequenceStart ? .sequence : .mapping, quoted: false, mark: mark, text: "")
                stack.append((id, []))
            case .sequenceEnd, .mappingEnd:
                guard let top = stack.popLast() else { continue }
                let start = children.count
                children += top.members
                records[top.record].children = start..<children.count
                if let done = attach(top.record) { finished = done }
            }
        }
    }

    private mutating func add(_ kind: YAMLTree.Kind, quoted: Bool, mark: YAMLMark, text: String) -> Int {
        records.append(YAMLTree.Record(kind: kind, quoted: quoted, mark: mark, text: text, children: 0..<0))
        return records.count - 1
    }

    /// Adds node `id` to the open collection; returns it when it is a document's root.
    private mutating func attach(_ id: Int) -> Int? {
        guard !stack.isEmpty else { return id }
        stack[stack.count - 1].members.append(id)
        return nil
    }
}
