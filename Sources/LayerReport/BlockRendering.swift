#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import LayerRules

/// Writes a long run of independent pieces (one finding's lines each) on every core: the
/// run is cut into blocks, a batch of blocks is rendered at once, each into a text of its
/// own, and the texts are appended in order, so the report reads byte for byte as one
/// pass writes it. A report is most often written alone (text on standard output, one
/// SARIF file in CI) while the other cores wait; when several reports are written at
/// once and every core is busy, the calling thread renders the blocks itself.
///
/// One batch at a time keeps memory at a few blocks of text whatever the run's length,
/// and a streaming text still leaves in chunks.
public enum BlockRendering {
    /// How many cores a rendering on this thread may use, the calling thread's included;
    /// nil for every online core. The command line binds it to `--jobs` where it renders.
    @TaskLocal public static var cores: Int?

    /// Pieces in a block: enough that handing a block out costs nothing against writing
    /// it, few enough that a batch's texts stay a few megabytes.
    static let blockSize = 1_024
    /// Blocks rendered at once, whatever the cores: the texts are reused from one batch
    /// to the next, and a batch ends when its slowest block does.
    static let batchSize = 8

    /// Renders pieces `0..<count` into `out`: `body` appends the pieces of a range to the
    /// text it is given, called once per block, from any thread, with an empty text of
    /// the block's own; a run too short to split is one call, with `out` itself.
    ///
    /// A text that streams to a file gets each block written straight from its text, in
    /// order, while the next ones render (`renderWhileWriting`), so the copy into the file
    /// overlaps the work instead of following it.
    static func render(count: Int, into out: inout ByteText, _ body: @escaping @Sendable (Range<Int>, inout ByteText) -> Void) {
        guard count > blockSize * 2 else { body(0..<count, &out); return }
        let blocks = (count + blockSize - 1) / blockSize
        if availableCores > 1, let descriptor = out.flushForDirectWrites() {
            let written = renderWhileWriting(blocks: blocks, count: count, to: descriptor, writingBack: out.writesBack, body)
            out.wroteDirectly(written.count, failure: written.failure)
            return
        }
        // A batch's texts, each written by the thread its block runs on (`ThreadSlots`).
        let texts = ThreadSlots(count: min(batchSize, blocks), repeating: ByteText())
        let sizes = BlockSizes()
        var first = 0
        while first < blocks {
            let n = min(batchSize, blocks - first)
            renderBatch(first..<first + n, of: texts, count: count, sizes: sizes, body)
            for k in 0..<n { texts.with(k) { out.append($0) } }
            first += n
        }
    }

    /// Renders blocks `batch` into `texts`, in order from the first.
    private static func renderBatch(_ batch: Range<Int>, of texts: ThreadSlots<ByteText>, count: Int, sizes: BlockSizes,
                                    _ body: @escaping @Sendable (Range<Int>, inout ByteText) -> Void) {
        share(batch.count) { k in renderBlock(batch.lowerBound + k, into: k, of: texts, count: count, sizes: sizes, body) }
    }

    /// Renders block `b` of pieces `0..<count` into text `k` of `texts`, emptied first. A
    /// text with less room than the largest block so far (`sizes`) gets that room first.
    private static func renderBlock(_ b: Int, into k: Int, of texts: ThreadSlots<ByteText>, count: Int, sizes: BlockSizes,
                                    _ body: (Range<Int>, inout ByteText) -> Void) {
        texts.with(k) { text in
            text.removeAll()
            let room = sizes.largest
            if text.capacity < room { text.reserveCapacity(room + room / 8, hugePages: false) }
            body(b * blockSize..<min(count, (b + 1) * blockSize), &text)
            sizes.note(text.count)
        }
    }

    /// The streaming case of `render`: the blocks go round a ring of `batchSize` texts.
    /// Whichever thread is free renders the next block as soon as its text is, and a
    /// writer writes the blocks to the file in order, each as soon as it is done, giving
    /// its text back. No thread waits for a batch to end: rendered a half at a time, the
    /// calling thread waited for its helper's last block of every half, and a 100,000-layer
    /// text report kept two cores only 1.3 busy.
    private static func renderWhileWriting(blocks: Int, count: Int, to descriptor: Int32, writingBack: Bool,
                                           _ body: @escaping @Sendable (Range<Int>, inout ByteText) -> Void) -> (count: Int, failure: Int32?) {
        let ring = min(batchSize, blocks)
        let texts = ThreadSlots(count: ring, repeating: ByteText())
        let sizes = BlockSizes()
        // Block b renders into text b % ring once block b - ring is written (`opens[b - ring]`):
        // one gate per block, not per text, since threads holding blocks b and b + ring
        // may both wait for that text, and the first woken must be the first in order.
        let opens = (0..<max(0, blocks - ring)).map { _ in DispatchSemaphore(value: 0) }
        // Text k holds a rendered block to write.
        let ready = (0..<ring).map { _ in DispatchSemaphore(value: 0) }
        let written = WrittenBytes()
        // A queue of its own (never the width-limited global pool), so the writer always
        // gets a thread however busy the pool is: the renderers wait for it.
        let writer = DispatchQueue(label: "layerlint.block-writer")
        let wrote = DispatchGroup()
        writer.async(group: wrote) {
            for b in 0..<blocks {
                ready[b % ring].wait()
                texts.with(b % ring) { written.write($0.bytes, to: descriptor) }
                if b < opens.count { opens[b].signal() }
                if writingBack && ((b + 1) % (batchSize / 2) == 0 || b == blocks - 1) { written.startWriteBack(descriptor) }
            }
        }
        // Blocks are handed out in order, so the one a thread waits to render into is
        // always behind blocks that other threads are rendering or have rendered.
        share(blocks) { b in
            if b >= ring { opens[b - ring].wait() }
            renderBlock(b, into: b % ring, of: texts, count: count, sizes: sizes, body)
            ready[b % ring].signal()
        }
        wrote.wait()
        return written.total
    }

    /// The cores a rendering may use now.
    private static var availableCores: Int { cores ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// Runs `work` for `0..<n`, each once: the calling thread claims items one after
    /// another, and so does each helper the global queue starts in the meantime, one per
    /// other core. The caller then waits only for the items helpers took; a helper that
    /// starts late finds nothing left. Unlike `concurrentPerform`, which runs on one
    /// thread when called from inside another (the reports' own), this uses whatever core
    /// is free.
    static func share(_ n: Int, _ work: @escaping @Sendable (Int) -> Void) {
        let claims = Claims(count: n)
        let helpers = max(0, availableCores - 1)
        for _ in 0..<max(0, min(helpers, n - 1)) {
            DispatchQueue.global().async {
                while let k = claims.next(helper: true) {
                    work(k)
                    claims.finished.signal()
                }
            }
        }
        while let k = claims.next(helper: false) { work(k) }
        for _ in 0..<claims.helped { claims.finished.wait() }
    }
}

/// The items of one `share`, handed out one at a time.
private final class Claims: @unchecked Sendable {
    private let lock = DispatchQueue(label: "layerlint.block-claims")
    private let count: Int
    private var taken = 0
    private var takenByHelpers = 0
    /// Signalled once per item a helper has finished.
    let finished = DispatchSemaphore(value: 0)

    init(count: Int) { self.count = count }

    func next(helper: Bool) -> Int? {
        lock.sync {
            guard taken < count else { return nil }
            taken += 1
            if helper { takenByHelpers += 1 }
            return taken - 1
        }
    }

    /// The items helpers took: final once every item is taken.
    var helped: Int { lock.sync { takenByHelpers } }
}

/// The largest block a rendering has made so far, in bytes: a text about to render its
/// first block reserves that room at once. Grown by doubling instead, each text of a few
/// megabytes (a block of SARIF results) was copied four times, into memory the kernel
/// zeroed anew each time: a SARIF-only lint of 100,000 layers took 26,710 page faults,
/// and takes 21,726.
private final class BlockSizes: @unchecked Sendable {
    private let lock = DispatchQueue(label: "layerlint.block-sizes")
    private var bytes = 0

    var largest: Int { lock.sync { bytes } }

    func note(_ count: Int) { lock.sync { bytes = max(bytes, count) } }
}

/// What the writer queue of `renderWhileWriting` has written, read once it has drained.
private final class WrittenBytes: @unchecked Sendable {
    private var count = 0
    private var failure: Int32?

    /// Called on the writer queue only; after the first failure the rest is dropped, as
    /// a streaming text drops it.
    func write(_ bytes: [UInt8], to descriptor: Int32) {
        count += bytes.count
        guard failure == nil else { return }
        failure = bytes.withUnsafeBytes { ByteText.writeAll($0, to: descriptor) }
    }

    /// After some blocks, on the writer queue (`ByteText.startWriteBack`).
    func startWriteBack(_ descriptor: Int32) {
        if failure == nil { ByteText.startWriteBack(descriptor) }
    }

    var total: (count: Int, failure: Int32?) { (count, failure) }
}
