import Foundation

/// "layerlint: 120/4000 files" on standard error while a long run lints many files, so a
/// person at a terminal sees it move. Only on a terminal (a CI log or a pipe never gets
/// it), only past a second (short runs never flash it), only for more than one file; the
/// line is rewritten in place (`\r`, erase line) and erased when the run ends, so the
/// report that follows on the same terminal starts on a clean line.
final class ProgressLine: @unchecked Sendable {
    private let total: Int
    private var done = 0
    private var finished = false
    private var shown = false
    private let lock = NSLock()

    /// The delay before the first line, in milliseconds: 1,000, or
    /// `LAYERLINT_PROGRESS_AFTER_MS` (for tests, which should not wait a second).
    static func delay(_ environment: [String: String]) -> Int {
        environment["LAYERLINT_PROGRESS_AFTER_MS"].flatMap(Int.init).map { max(0, $0) } ?? 1_000
    }

    /// Whether a run over `fileCount` files shows progress on this standard error.
    static func wanted(fileCount: Int, isTerminal: Bool, environment: [String: String]) -> Bool {
        fileCount > 1 && isTerminal && environment["TERM"] != "dumb"
    }

    /// A started progress line, or nil when this run should not show one.
    static func start(fileCount: Int) -> ProgressLine? {
        let environment = ProcessInfo.processInfo.environment
        guard wanted(fileCount: fileCount, isTerminal: isatty(2) == 1, environment: environment) else { return nil }
        let line = ProgressLine(total: fileCount)
        let delay = delay(environment)
        let thread = Thread { line.loop(after: delay) }
        thread.start()
        return line
    }

    private init(total: Int) { self.total = total }

    func fileDone() { lock.lock(); done += 1; lock.unlock() }

    /// Erases the line if it was shown; nothing is written after this.
    func finish() {
        lock.lock(); defer { lock.unlock() }
        finished = true
        if shown { Self.write("\r\u{1B}[K") }
    }

    static func text(done: Int, total: Int) -> String { "layerlint: \(done)/\(total) files" }

    private func loop(after delay: Int) {
        usleep(useconds_t(delay) * 1_000)
        while true {
            lock.lock()
            if finished { lock.unlock(); return }
            shown = true
            // Numbers only: no text from a dump is on this line.
            Self.write("\r\u{1B}[K" + Self.text(done: done, total: total))
            lock.unlock()
            usleep(200_000)
        }
    }

    private static func write(_ s: String) {
        var s = s
        s.withUTF8 { _ = Foundation.write(2, $0.baseAddress!, $0.count) }
    }
}
