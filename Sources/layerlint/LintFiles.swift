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
        let results = WorkSlots<(report: FileReport, text: ByteText?)>(count: inputs.count)
        // Under an address-space limit (`ulimit -v`) files are linted one at a time, so that
        // each file's check of the room left (AddressSpace) sees all of it.
        let workers = AddressSpace.isLimited ? 1 : min(max(jobs, 1), max(inputs.count, 1))
        // Cores the files leave idle (one large dump) walk each snapshot's layers in parts.
        let linter = linter.splittingSnapshots(into: AddressSpace.isLimited ? 1 : max(1, jobs / workers))
        let progress = ProgressLine.start(fileCount: inputs.count)
        // One worker runs here: inside `concurrentPerform`, even of one iteration, Dispatch
        // runs a snapshot's split walk on this thread alone.
        if workers == 1 {
            Self.lintClaimed(results, inputs, linter, progress, finish)
        } else {
            DispatchQueue.concurrentPerform(iterations: workers) { _ in Self.lintClaimed(results, inputs, linter, progress, finish) }
        }
        progress?.finish()
        return results.values.map { $0! }
    }

    /// Lints files as long as there are unclaimed ones.
    private static func lintClaimed(_ results: WorkSlots<(report: FileReport, text: ByteText?)>, _ inputs: [InputFile],
                                    _ linter: Linter, _ progress: ProgressLine?,
                                    _ finish: @Sendable (inout FileReport) -> ByteText?) {
        while let i = results.claim() {
            // Files are read from their paths; `-` and FIFOs as bounded streams (StreamInput).
            var report = linter.lint(inputs[i])
            let text = finish(&report)
            results.set(i, (report, text))
            progress?.fileDone()
        }
    }
}
