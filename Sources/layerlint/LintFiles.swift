import Dispatch
import Foundation
import LayerLintKit

/// Reads and lints files, several at once; results come back in input order.
struct LintFiles {
    let linter: Linter
    let jobs: Int

    func run(_ inputs: [InputFile]) -> [FileReport] {
        let results = ResultSlots(count: inputs.count)
        DispatchQueue.concurrentPerform(iterations: min(max(jobs, 1), max(inputs.count, 1))) { worker in
            var i = worker
            while i < inputs.count {
                results.set(i, lintOne(inputs[i]))
                i += max(jobs, 1)
            }
        }
        return results.values
    }

    private func lintOne(_ input: InputFile) -> FileReport {
        guard input.path == "-" else { return linter.lint(contentsOf: input.path, syntax: input.syntax) }
        let bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
        var syntax = input.syntax
        if let first = bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }), first == UInt8(ascii: "{") {
            syntax = .json
        }
        return bytes.withUnsafeBytes { linter.lint(bytes: $0, path: "<stdin>", syntax: syntax) }
    }
}

/// Slots written by index from several threads, each slot by exactly one worker.
private final class ResultSlots: @unchecked Sendable {
    private var slots: [FileReport?]
    private let lock = NSLock()
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ report: FileReport) { lock.lock(); slots[i] = report; lock.unlock() }
    var values: [FileReport] { slots.map { $0! } }
}
