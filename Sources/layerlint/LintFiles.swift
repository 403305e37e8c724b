import Dispatch
import Foundation
import LayerLintKit

/// Reads and lints files, several at once; results come back in input order. Each
/// worker takes the next file when it is free, and can also render what it found, so
/// that writing the report is shared out too.
struct LintFiles {
    let linter: Linter
    let jobs: Int

    /// `finish` runs on the worker right after a file is linted: it may change the report
    /// (suppressions, budgets) and render it.
    func run(_ inputs: [InputFile], finish: @Sendable (inout FileReport) -> ByteText? = { _ in nil }) -> [(report: FileReport, text: ByteText?)] {
        let results = ResultSlots(count: inputs.count)
        let progress = ProgressLine.start(fileCount: inputs.count)
        DispatchQueue.concurrentPerform(iterations: min(max(jobs, 1), max(inputs.count, 1))) { _ in
            while let i = results.claim() {
                var report = lintOne(inputs[i])
                let text = finish(&report)
                results.set(i, (report, text))
                progress?.fileDone()
            }
        }
        progress?.finish()
        return results.values
    }

    private func lintOne(_ input: InputFile) -> FileReport {
        guard input.path == "-" else { return linter.lint(contentsOf: input.path, syntax: input.syntax) }
        // Standard input has no size to check first: read at most one byte past the limit.
        let limit = linter.limits.fileBytes
        var bytes: [UInt8] = []
        while bytes.count <= limit {
            let chunk = FileHandle.standardInput.readData(ofLength: min(1 << 20, limit - bytes.count + 1))
            if chunk.isEmpty { break }
            bytes += chunk
        }
        if bytes.count > limit {
            // Only the first bytes were read, so the size is not known: say "more than".
            return FileReport(path: "<stdin>", error: InputMessage(
                severity: "error", message: "standard input holds more than \(limit) bytes; " + DecodeLimits.advice(.fileBytes, limit),
                line: 1, column: 1))
        }
        let syntax = input.isForced ? input.syntax : DumpDetection.syntax(ofContent: Array(bytes.prefix(4096)))
        return bytes.withUnsafeBytes { linter.lint(bytes: $0, path: "<stdin>", syntax: syntax) }
    }
}

/// Slots written by index from several threads, each slot by exactly one worker, which
/// claimed its index first.
private final class ResultSlots: @unchecked Sendable {
    private var slots: [(report: FileReport, text: ByteText?)?]
    private var nextIndex = 0
    private let lock = NSLock()
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func claim() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard nextIndex < slots.count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }
    func set(_ i: Int, _ result: (report: FileReport, text: ByteText?)) { lock.lock(); slots[i] = result; lock.unlock() }
    var values: [(report: FileReport, text: ByteText?)] { slots.map { $0! } }
}
