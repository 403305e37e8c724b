import LayerDecode
import LayerImport
import LayerModel
import Testing
import YAML

/// The bounds every YAML reader has (docs/reliability.md): flow nesting stops before
/// libyaml's per-token work grows, tags are refused where they stand, and composed trees
/// are flat, so no depth reaches the stack.
@Suite("YAML readers: flow depth, tags, composed depth")
struct YAMLBoundsTests {
    /// 400 KB of `[`: libyaml's scan of this alone took about a minute.
    static let brackets = String(repeating: "[", count: 400_000)

    /// Reads `text` with the bare parser until it ends or fails; the error, and how far
    /// libyaml's scanner got and how many events it handed out.
    private func scan(_ text: String, maximumFlowDepth: Int = YAMLEventParser.defaultMaximumFlowDepth)
        -> (error: YAMLError?, scanned: Int, events: Int) {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { raw in
            let parser = YAMLEventParser(bytes: raw, maximumFlowDepth: maximumFlowDepth)
            var events = 0
            do {
                while try parser.next() != .streamEnd { events += 1 }
                return (nil, parser.scannedCharacters, events)
            } catch {
                return (error as? YAMLError, parser.scannedCharacters, events)
            }
        }
    }

    @Test("400 KB of nested `[` stops at the first bracket too deep, with libyaml's work bounded")
    func flowDepthStopsEarly() throws {
        let result = scan(Self.brackets)
        let error = try #require(result.error)
        #expect(error == YAMLError(message: "flow collections ([…] and {…}) nested deeper than 1000 levels",
                                   mark: YAMLMark(line: 1, column: 1001), kind: .flowDepth))
        // Stream and document start, then 1,000 brackets: the 1,001st is refused.
        #expect(result.events == 1_002)
        // libyaml looks ahead at most about 1 KB (a simple key's reach) past the event.
        #expect(result.scanned < 1_001 + 1_100)
    }

    @Test("flow depth counts flow collections only; the limit is the parser's to set")
    func flowDepthCountsFlowOnly() {
        // Three block levels, then flow: `{a: [x]}` is two flow levels.
        let text = "a:\n  b:\n    c: {a: [x]}\n"
        #expect(scan(text, maximumFlowDepth: 2).error == nil)
        #expect(scan(text, maximumFlowDepth: 1).error?.mark == YAMLMark(line: 3, column: 12))
        // Closing a flow collection gives its level back: siblings do not add up.
        #expect(scan("[[1], [2], [3], {a: [4]}]", maximumFlowDepth: 3).error == nil)
        #expect(scan(String(repeating: "- ", count: 5_000) + "x", maximumFlowDepth: 1).error == nil)
    }

    @Test("a tagged node is refused at its place, the tag named, shortened and without controls")
    func tagsRefused() {
        let cases: [(String, String, YAMLMark)] = [
            ("a: !!python/object:os.system x\n", "!!python/object:os.system", YAMLMark(line: 1, column: 4)),
            ("a: !foo [1]\n", "!foo", YAMLMark(line: 1, column: 4)),
            ("- !!map {a: 1}\n", "!!map", YAMLMark(line: 1, column: 3)),
            ("a: !!str yes\n", "!!str", YAMLMark(line: 1, column: 4)),
            ("a: ! 12\n", "!", YAMLMark(line: 1, column: 4)),
            ("a: !<tag:example.com,2026:\(String(repeating: "x", count: 100))> 1\n",
             "tag:example.com,2026:xxxxxxxxxxxxxxxxxxx…", YAMLMark(line: 1, column: 4)),
            ("a: !a%0Ab x\n", "!a?b", YAMLMark(line: 1, column: 4)),
        ]
        for (text, tag, mark) in cases {
            #expect(scan(text).error == YAMLError(
                message: "the tag '\(tag)' is not allowed: LayerLint's YAML files define no tags; write the value without it (quote it to make it text)",
                mark: mark, kind: .tag), "\(text)")
        }
        // Quoting is the way to say "text": no tag, read as it is.
        #expect(scan("a: \"yes\"\nb: '!!str'\n").error == nil)
    }

    @Test("composed readers refuse nesting past 64 levels at the collection too deep")
    func composedDepth() throws {
        let flow = "rules: " + String(repeating: "[", count: 100_000)
        #expect(throws: YAMLError(message: "mappings and lists nested deeper than 64 levels; this file is read whole into memory and never needs that many",
                                  mark: YAMLMark(line: 1, column: 8 + 63), kind: .depth)) {
            try YAMLNode.documents(in: flow)
        }
        // Block nesting too: 64 levels read, 65 do not.
        func block(_ levels: Int) -> String {
            (0..<levels).map { String(repeating: " ", count: 2 * $0) + "k\($0):" }.joined(separator: "\n") + " x\n"
        }
        #expect(try YAMLNode.documents(in: block(64)).count == 1)
        #expect(throws: YAMLError(message: "mappings and lists nested deeper than 64 levels; this file is read whole into memory and never needs that many",
                                  mark: YAMLMark(line: 65, column: 129), kind: .depth)) {
            try YAMLNode.documents(in: block(65))
        }
    }

    @Test("a composed tree 100,000 levels deep is read and freed without recursion")
    func flatTeardown() throws {
        // `- - - … x`: block sequences nested on one line, which libyaml reads in linear time.
        let depth = 100_000
        var docs: [YAMLNode]? = try YAMLNode.documents(in: String(repeating: "- ", count: depth) + "x\n", maximumDepth: depth)
        var node = try #require(docs?.first)
        var levels = 0
        while let items = node.array {
            levels += 1
            node = try #require(items.first)
        }
        #expect(levels == depth)
        #expect(node.string == "x")
        docs = nil  // the whole tree goes here; a tree of nested enum cases overflowed the stack
        #expect(docs == nil)
    }

    @Test("a dump: 400 KB of nested `[` is an error naming limits.flowNestingDepth; raising it reads deeper")
    func dumpFlowDepth() throws {
        // The value of a key LayerLint does not know is kept as data, whatever its shape.
        let d = DumpReader().read("layerlint: 1\nroot:\n  myData: " + Self.brackets, syntax: .yaml)
        let error = try #require(d.error)
        #expect(error.message == "flow collections ([…] and {…}) nested deeper than 1000 levels; the limit limits.flowNestingDepth is 1000; if the dump is genuine, raise it in .layerlint.yml under `limits:`")
        #expect(error.location == SourceLocation(line: 3, column: 11 + 1000))
        // A 600-level flow chain needs 1,200 levels: refused by default, read when raised.
        let chain = "layerlint: 1\nroot: " + String(repeating: "{sublayers: [", count: 600) + String(repeating: "]}", count: 600) + "\n"
        #expect(DumpReader().read(chain, syntax: .yaml).error?.message.contains("limits.flowNestingDepth is 1000") == true)
        #expect(DumpReader(limits: DecodeLimits(flowNestingDepth: 1_200)).read(chain, syntax: .yaml).snapshots.first?.layers.count == 600)
    }

    @Test("a dump: a tagged value is an error at the tag, in the header or a layer")
    func dumpTags() {
        func outcome(_ text: String) -> String {
            let d = DumpReader().read(text, syntax: .yaml)
            guard let e = d.error else { return "ok" }
            return "\(e.location.line):\(e.location.column): \(e.message)"
        }
        let advice = "is not allowed: LayerLint's YAML files define no tags; write the value without it (quote it to make it text)"
        #expect(outcome("root:\n  class: !!python/object/apply:os.system [\"echo hi\"]\n")
                == "2:10: the tag '!!python/object/apply:os.system' \(advice)")
        #expect(outcome("layerlint: !!int 1\nroot: {}\n") == "1:12: the tag '!!int' \(advice)")
        #expect(outcome("layerlint: 1\nroot:\n  view: !ruby/object:Gem::Installer CardView\n")
                == "3:9: the tag '!ruby/object:Gem::Installer' \(advice)")
        #expect(outcome("layerlint: 1\nroot:\n  myData: !!python/object/new:subprocess.Popen {args: [rm, -rf, /]}\n")
                == "3:11: the tag '!!python/object/new:subprocess.Popen' \(advice)")
        #expect(outcome("layerlint: 1\nroot:\n  name: card\n") == "ok")
    }
}
