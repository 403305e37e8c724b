import Foundation

/// Work items claimed one at a time by concurrent workers, and their results, kept in the
/// items' order whatever order they finish in. Each slot is written by the one worker
/// that claimed its index; the lock orders the claims and writes.
final class WorkSlots<Value: Sendable>: @unchecked Sendable {
    private var slots: [Value?]
    private var nextIndex = 0
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// The next unclaimed index, or nil when every item is taken.
    func claim() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard nextIndex < slots.count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    func set(_ i: Int, _ value: Value) { lock.lock(); slots[i] = value; lock.unlock() }

    /// The results in item order; nil where a worker set none.
    var values: [Value?] { lock.lock(); defer { lock.unlock() }; return slots }
}
