import LayerRules

/// The blocks of a SARIF document's results, measured by the threads that write them
/// while the document streams to its file: each block's bytes, and the size of their
/// greedy deflate parse on their own (`GreedyDeflateSize.alone`). With a ceiling for the rest
/// of the document they bound its gzip size as `SARIFReporter.fits` does, without a copy
/// of the document kept to compress after it is made.
final class MeasuredBlocks: Sendable {
    /// Per block: its bytes and their deflated size; nil until measured.
    private let sizes: ThreadSlots<(bytes: Int, deflated: Int)?>

    /// Nil for results too few to be written in blocks: they are written in one piece
    /// into the streaming text itself, which keeps no block to measure.
    init?(results: Int) {
        guard results > BlockRendering.blockSize * 2 else { return nil }
        sizes = ThreadSlots(count: (results + BlockRendering.blockSize - 1) / BlockRendering.blockSize, repeating: nil)
    }

    /// Measures the block of `range`, whose results `w` has just written.
    func measure(_ range: Range<Int>, _ w: JSONWriter) {
        guard let size = w.withBytes({ (bytes: $0.count, deflated: GreedyDeflateSize.alone($0)) }) else { return }
        sizes.with(range.lowerBound / BlockRendering.blockSize) { $0 = size }
    }

    /// A ceiling on the gzip size of the `count`-byte document these blocks are the
    /// results of: the blocks deflated alone, the rest (the head before them and the tail
    /// after) at zlib's ceiling for any text of its length, and one more stored block's
    /// header for the cut between head and tail. Nil when a block went unmeasured.
    func gzipCeiling(ofDocument count: Int) -> Int? {
        var blockBytes = 0, deflated = 0
        for k in 0..<sizes.count {
            guard let size = sizes.with(k, { $0 }) else { return nil }
            blockBytes += size.bytes
            deflated += size.deflated
        }
        return GzipSize.ceiling(ofCount: count - blockBytes) + GzipSize.storedBlockHeader + deflated
    }
}
