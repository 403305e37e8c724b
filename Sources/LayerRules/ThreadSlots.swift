/// One slot per part of the work that threads do side by side. Each slot is written by
/// the one thread its part runs on and read after the threads are joined (by
/// `concurrentPerform` returning, or a semaphore), which orders the writes before the
/// reads; no two threads ever share a slot, so there is no lock.
package final class ThreadSlots<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value>

    package init(count: Int, repeating value: Value) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: value)
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    package var count: Int { slots.count }

    /// Lets `body` read or change slot `k`.
    package func with<Result>(_ k: Int, _ body: (inout Value) -> Result) -> Result { body(&slots[k]) }
}
