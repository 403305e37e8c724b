import LayerLintKit
import Testing

/// A busy million-layer screen has 375,000 findings and as many estimate rows, and must
/// lint in less memory than its file: these sizes are what docs/performance.md counts on.
@Suite("Compact storage: findings and estimate rows stay small")
struct CompactStorageTests {
    @Test("a finding is at most 96 bytes, an estimate row at most 40")
    func sizes() {
        #expect(MemoryLayout<Finding>.stride <= 96)
        #expect(MemoryLayout<LayerEstimate>.stride <= 40)
        #expect(MemoryLayout<Layer>.stride <= 112)
    }
}

@Suite("Compact storage: paths keep no reserved room")
struct PathStorageTests {
    @Test("a parsed path's elements take about their count, not the room its text could need")
    func exactElements() throws {
        // 400 bytes of text, five elements: the parser reserves room for fifty.
        let n = "127.08220789864433"
        let svg = "M 0 0 L \(n) 0 L \(n) \(n) L 0 \(n) Z " + String(repeating: " ", count: 300)
        let path = try SVGPathParser().parse(svg)
        #expect(path.elements.count == 5)
        #expect(path.elements.capacity <= path.elements.count + 1)
    }
}
