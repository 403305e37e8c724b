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
