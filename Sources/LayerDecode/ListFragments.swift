import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A large JSON dump read by several threads at once. A pretty-printed dump is mostly one
/// long list of similar layers (a list's cells), so each further thread starts at a layer
/// of a list near an even share of the file: at a `{` that begins its line (never inside a
/// string) and is indented least in the stretch looked at. It reads that list's elements
/// up to the list's end or the next thread's start. The main decoder reads from the top as
/// usual and, arriving exactly at such an element inside a `sublayers` list, takes over
/// what the thread read (`DumpDecoder.adoptFragment`) and goes on after it.
///
/// A guess that was wrong costs time, never a different result: a start the main decoder
/// never arrives at as a sublayer (a `{` of some other list, or text after an error) is
/// dropped, and so is a fragment that failed or would break a limit, the main decoder
/// then reading that stretch itself. Layers, strings, warnings and positions come out as a
/// reading of the whole file in one pass gives them.
final class ListFragments: @unchecked Sendable {
    /// Smaller files are read in one pass: a thread's start costs more than it saves.
    static let smallestFile = 1 << 21

    /// Where each fragment starts, in increasing order. Never changes.
    let offsets: [Int]
    /// Each fragment's state and result, guarded by `lock`.
    private var slots: [Slot]
    private let lock = DispatchSemaphore(value: 1)
    /// Signalled once by each fragment's thread when its reading is done.
    private let finished: [DispatchSemaphore]
    /// Signalled once for each fragment when a reader starts reading it.
    private let started: [DispatchSemaphore]

    /// Each fragment's line, once a reader has counted them; guarded by `linesLock`.
    private var lines: [Int]?
    private let linesLock = DispatchSemaphore(value: 1)

    /// How many fragments were handed over (for tests: a guess that is never taken costs
    /// time without changing any result).
    private(set) var handedOver = 0

    private enum State { case waiting, reading, done, dropped }
    private struct Slot {
        var state = State.waiting
        var fragment: ListFragment?
    }

    private init(offsets: [Int]) {
        self.offsets = offsets
        slots = offsets.map { _ in Slot() }
        finished = offsets.map { _ in DispatchSemaphore(value: 0) }
        started = offsets.map { _ in DispatchSemaphore(value: 0) }
    }

    /// Starts reading the parts of `file` beyond the first on other threads, for `parts`
    /// readers in all; nil when the file is read in one pass. The caller keeps `file`
    /// mapped until `finish()` has returned.
    ///
    /// The file is cut into `piecesPerReader` pieces per reader: the other readers take the
    /// pieces from the last one back while the main decoder reads from the top, and reads
    /// itself each piece it reaches that nobody has started. Cut into one piece per reader,
    /// either side waited for the other by up to a sixth of the decoding (the other thread
    /// starts later, and the two halves differ), now by at most one piece.
    static func start(_ file: MappedFile, parts: Int, limits: DecodeLimits, readerDepth: Int) -> ListFragments? {
        guard parts > 1, file.bytes.count >= smallestFile else { return nil }
        let offsets = startOffsets(in: file.bytes, parts: parts * piecesPerReader)
        guard !offsets.isEmpty else { return nil }
        return start(file, offsets: offsets, readers: parts - 1, limits: limits, readerDepth: readerDepth)
    }

    static let piecesPerReader = 4

    /// Starts reading the fragments at `offsets` (increasing, each at a `{` that begins its
    /// line) on `readers` threads (one per fragment when nil), each taking the last
    /// fragment nobody has taken, one after another.
    static func start(_ file: MappedFile, offsets: [Int], readers: Int? = nil, limits: DecodeLimits,
                      readerDepth: Int) -> ListFragments {
        let fragments = ListFragments(offsets: offsets)
        for _ in 0..<max(1, readers ?? offsets.count) {
            DispatchQueue.global().async {
                while let k = fragments.nextFromTheEnd() {
                    let stop = k + 1 < offsets.count ? offsets[k + 1] : nil
                    let expected = ((stop ?? file.bytes.count) - offsets[k]) / 150
                    let line = fragments.line(ofFragment: k, in: file)
                    fragments.read(k) {
                        // Pages behind this reader are given back as it goes, as behind the main one.
                        var reader = JSONEventReader(bytes: file.bytes, listElementAt: offsets[k], line: line)
                        reader.maxDepth = readerDepth
                        var decoder = DumpDecoder(source: MappedSource(file: file, reader: reader), limits: limits,
                                                  expectedLayers: expected)
                        return try? decoder.decodeListFragment(stopAt: stop)
                    }
                }
            }
        }
        return fragments
    }

    /// The last fragment nobody has taken, now taken by the calling reader; nil when none
    /// is left.
    private func nextFromTheEnd() -> Int? {
        lock.wait()
        defer { lock.signal() }
        guard let k = slots.lastIndex(where: { $0.state == .waiting }) else { return nil }
        slots[k].state = .reading
        return k
    }

    /// The line fragment `k` starts on: the lines before every fragment are counted in one
    /// pass, by the first reader to ask (counted again for each, they cost the readers
    /// three and a half passes over the file). The pages counted are given back behind the
    /// count: kept, they held most of the file in memory until a reader passed them (120 MB
    /// more at a million layers); the main reader maps them in again from the page cache.
    private func line(ofFragment k: Int, in file: MappedFile) -> Int {
        linesLock.wait()
        defer { linesLock.signal() }
        if lines == nil {
            var released = 0
            lines = JSONEventReader.lines(ofListElementsAt: offsets, in: file.bytes) { end in
                file.release(released..<end)
                released = end
            }
        }
        return lines![k]
    }

    /// The fragment starting at `offset`, waiting for it if it is being read; nil when none
    /// starts there, or it failed, or its thread had not started (the caller, being there
    /// already, then reads it itself).
    func take(at offset: Int) -> ListFragment? {
        guard let k = offsets.firstIndex(of: offset), let fragment = claim(k) else { return nil }
        handedOver += 1
        return fragment
    }

    /// Waits for every thread still reading and drops what was not taken; after it, no
    /// thread reads the bytes.
    func finish() {
        for k in offsets.indices { _ = claim(k) }
    }

    /// Fragment `k`, which nobody reads after this: dropped if its thread had not started,
    /// else waited for and taken (nil if it failed or was taken before).
    private func claim(_ k: Int) -> ListFragment? {
        lock.wait()
        let state = slots[k].state
        if state == .waiting { slots[k].state = .dropped }
        lock.signal()
        guard state == .reading || state == .done else { return nil }
        finished[k].wait()
        lock.wait()
        defer { lock.signal() }
        let fragment = slots[k].fragment
        slots[k].fragment = nil
        slots[k].state = .dropped
        return fragment
    }

    /// Returns once a reader has started on every fragment (none can be dropped before the
    /// caller starts reading). Tests call it, so that whether a fragment is taken over does
    /// not depend on how fast the threads were scheduled.
    func waitUntilEveryThreadStarted() {
        for semaphore in started {
            semaphore.wait()
            semaphore.signal()
        }
    }

    /// Runs `body` on this thread as fragment `k`'s reading, which this reader has taken
    /// (`nextFromTheEnd`).
    private func read(_ k: Int, _ body: () -> ListFragment?) {
        started[k].signal()
        let fragment = body()
        lock.wait()
        slots[k].fragment = fragment
        slots[k].state = .done
        lock.signal()
        finished[k].signal()
    }

    /// For each part after the first, the least indented `{` that begins a line in a
    /// stretch after the part's even share of the file (an eighth of a part, at least 64 KB).
    static func startOffsets(in bytes: UnsafeRawBufferPointer, parts: Int) -> [Int] {
        let n = bytes.count
        let stretch = max(n / (parts * 8), 64 << 10)
        var offsets: [Int] = []
        for k in 1..<parts {
            let from = max(n / parts * k, (offsets.last ?? 0) + 1)
            if let o = leastIndentedElement(in: bytes, from: from, to: min(n, from + stretch)) { offsets.append(o) }
        }
        return offsets
    }

    /// The first `{` with the fewest spaces and tabs before it on its line, among the lines
    /// that begin in `from..<to` (after a line feed) with only those before a `{`.
    static func leastIndentedElement(in bytes: UnsafeRawBufferPointer, from: Int, to: Int) -> Int? {
        var best: Int?
        var bestIndent = Int.max
        var i = from
        while i < to {
            guard let feed = nextLineFeed(in: bytes, from: i, to: to) else { break }
            var c = feed + 1
            while c < bytes.count, bytes[c] == 0x20 || bytes[c] == 0x09 { c += 1 }
            if c < bytes.count, bytes[c] == 0x7B, c - feed - 1 < bestIndent {
                best = c
                bestIndent = c - feed - 1
            }
            i = c
        }
        return best
    }

    private static func nextLineFeed(in bytes: UnsafeRawBufferPointer, from: Int, to: Int) -> Int? {
        guard from < to, let base = bytes.baseAddress,
              let found = memchr(base + from, 0x0A, to - from) else { return nil }
        return UnsafeRawPointer(found) - base
    }
}
