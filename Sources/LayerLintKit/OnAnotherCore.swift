import Dispatch

/// A value worked out on another core while this thread does something else: the
/// pipeline's steps that need only the tree (the layers' paths, who owns each layer) run
/// beside the facts, whose serial stretches leave a core idle; the command reads a
/// baseline beside the lint. `take()` waits for it.
public final class OnAnotherCore<Value: Sendable>: @unchecked Sendable {
    private var result: Value?
    private let done = DispatchSemaphore(value: 0)

    /// Starts `work` on a global queue, or runs it here when `elsewhere` is false (one core
    /// for the whole run, or a tree too small to be worth a thread).
    public init(elsewhere: Bool, _ work: @escaping @Sendable () -> Value) {
        guard elsewhere else {
            result = work()
            done.signal()
            return
        }
        DispatchQueue.global().async {
            self.result = work()
            self.done.signal()
        }
    }

    /// The value, once `work` has returned (the semaphore orders the write before the
    /// read); this holds it no longer, so it lives as long as the caller keeps it.
    public func take() -> Value {
        done.wait()
        defer { result = nil }
        return result!
    }
}

/// Lets go of `value` on another core: freeing a large tree (each layer's shared box, its
/// paths and strings) takes about a tenth of a millisecond per thousand layers, which the
/// reports waiting on this thread need not wait for. The caller gives its reference up
/// (`consume`), so the last one is the box's, dropped over there.
func release<Value: Sendable>(_ value: consuming Value, elsewhere: Bool) {
    guard elsewhere else { return }
    let box = Handover(value)
    DispatchQueue.global().async { box.drop() }
}

/// Holds a value until `drop()`, on whichever thread calls it.
private final class Handover<Value>: @unchecked Sendable {
    private var value: Value?
    init(_ value: consuming Value) { self.value = value }
    func drop() { value = nil }
}
