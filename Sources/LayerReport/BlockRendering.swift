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
    static func render(count: Int, into out: inout ByteText, _ body: @escaping @Sendable (Range<Int>, inout ByteText) -> Void) {
        guard count > blockSize * 2 else { body(0..<count, &out); return }
        let blocks = (count + blockSize - 1) / blockSize
        // A batch's texts, each written by the thread its block runs on (`ThreadSlots`).
        let texts = ThreadSlots(count: min(batchSize, blocks), repeating: ByteText())
        var first = 0
        while first < blocks {
            let n = min(batchSize, blocks - first)
            let start = first
            share(n) { k in
                let b = start + k
                texts.with(k) { text in
                    text.removeAll()
                    body(b * blockSize..<min(count, (b + 1) * blockSize), &text)
                }
            }
            for k in 0..<n { texts.with(k) { out.append($0) } }
            first += n
        }
    }

    /// Runs `work` for `0..<n`, each once: the calling thread claims items one after
    /// another, and so does each helper the global queue starts in the meantime, one per
    /// other core. The caller then waits only for the items helpers took; a helper that
    /// starts late finds nothing left. Unlike `concurrentPerform`, which runs on one
    /// thread when called from inside another (the reports' own), this uses whatever core
    /// is free.
    static func share(_ n: Int, _ work: @escaping @Sendable (Int) -> Void) {
        let claims = Claims(count: n)
        let helpers = max(0, (cores ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) - 1)
        for _ in 0..<min(helpers, n - 1) {
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
