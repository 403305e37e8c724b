/// A configuration that cannot be used, with the place to fix it.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file; self.line = line; self.column = column; self.message = message
    }

    /// `path:line:column: error: message`, the form compilers use and editors jump to.
    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}

/// The nearest of `candidates` to a misspelt `word`, when it is close enough to be what
/// was meant: a different case, a few edits on a word that long, or an abbreviation
/// (`warn`).
func nearest(to word: String, in candidates: [String]) -> String? {
    let lowered = word.lowercased()
    if lowered.count >= 3, let whole = candidates.first(where: { $0.lowercased().hasPrefix(lowered) }) { return whole }
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
        let d = editDistance(lowered, candidate.lowercased())
        if best == nil || d < best!.distance { best = (candidate, d) }
    }
    guard let best else { return nil }
    let allowed = max(1, min(3, best.candidate.count / 3))
    return best.distance <= allowed ? best.candidate : nil
}

/// "; did you mean 'x'?", or nothing.
func suggestion(for word: String, in candidates: [String]) -> String {
    nearest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
}

/// Levenshtein distance over characters.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
        current[0] = i
        for j in stride(from: 1, through: b.count, by: 1) {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
