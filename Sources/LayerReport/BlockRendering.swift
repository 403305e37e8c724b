import Dispatch

/// Writes a long run of independent pieces (one finding's lines each) on every core: the
/// run is cut into blocks, a batch of blocks is rendered at once, each into a text of its
/// own, and the texts are appended in order, so the report reads byte for byte as one
/// pass writes it. A report is most often written alone (text on standard output, one
/// SARIF file in CI) while the other cores wait; several reports at once already share
/// them, and then the blocks simply run one after another.
///
/// One batch at a time keeps memory at a few blocks of text whatever the run's length,
/// and a streaming text still leaves in chunks.
enum BlockRendering {
    /// Pieces in a block: enough that handing a block out costs nothing against writing
    /// it, few enough that a batch's texts stay a few megabytes.
    static let blockSize = 1_024
    /// Blocks rendered at once, whatever the cores: the texts are reused from one batch
    /// to the next, and a batch ends when its slowest block does.
    static let batchSize = 8

    /// Renders pieces `0..<count` into `out`: `body` appends the pieces of a range to the
    /// text it is given, called once per block, from any thread, with an empty text of
    /// the block's own; a run too short to split is one call, with `out` itself.
    static func render(count: Int, into out: inout ByteText, _ body: @Sendable (Range<Int>, inout ByteText) -> Void) {
        guard count > blockSize * 2 else { body(0..<count, &out); return }
        let blocks = (count + blockSize - 1) / blockSize
        let texts = BlockTexts(count: min(batchSize, blocks))
        var first = 0
        while first < blocks {
            let n = min(batchSize, blocks - first)
            let start = first
            DispatchQueue.concurrentPerform(iterations: n) { k in
                let b = start + k
                texts.write(k) { body(b * blockSize..<min(count, (b + 1) * blockSize), &$0) }
            }
            for k in 0..<n { texts.read(k) { out.append($0) } }
            first += n
        }
    }
}

/// The texts of one batch. Each slot is written by the one thread its block runs on,
/// and read only after `concurrentPerform` has returned, which orders the writes before
/// the reads.
private final class BlockTexts: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<ByteText>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: ByteText())
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    /// Empties slot `k`, keeping its memory, and lets `body` write it.
    func write(_ k: Int, _ body: (inout ByteText) -> Void) {
        slots[k].removeAll()
        body(&slots[k])
    }

    func read(_ k: Int, _ body: (ByteText) -> Void) { body(slots[k]) }
}
