/// A value made from a file's path, kept for the results after it: a report's results
/// come file by file, so the value is made again only when the path changes (a SARIF
/// artifact's URI, a GitLab project path, a workflow command's `file=`, a fingerprint's
/// file number).
struct LastFileValue<Value> {
    private var last: (path: String, value: Value)?

    init() {}

    /// The value kept for `path`, when the last one kept was for it.
    func value(for path: String) -> Value? {
        guard let last, last.path == path else { return nil }
        return last.value
    }

    /// Keeps `value` for `path`, and returns it.
    mutating func keep(_ value: Value, for path: String) -> Value {
        last = (path, value)
        return value
    }
}
