/// The measurements of one flat screen size.
struct SizeRow {
    var layers: Int
    var yamlBytes: Int
    var jsonBytes: Int
    var expectedShadows: Int
    var lintYAML: Best?
    var lintJSON: Best?
    var scanYAML: Best?
    var scanJSON: Best?
    var jq: Best?
    var jqCount: Int?

    /// Microseconds of lint per layer.
    func microsecondsPerLayer(_ lint: Best?) -> Double? {
        guard let lint, lint.failure == nil else { return nil }
        return lint.seconds * 1e6 / Double(layers)
    }
}

struct ChainRows {
    var jsonBytes: Int
    var lintJSON: Best?
    var flatLintJSON: Best?
    var yamlBytes = 0
    var lintYAML: Best?
    var scanYAML: Best?
}

struct ManyFilesRow {
    var bytes: Int
    var jobs1: Best?
    var jobs2: Best?
}

/// `a / b` when both runs succeeded.
func ratio(_ a: Best?, _ b: Best?) -> Double? {
    guard let a, let b, a.failure == nil, b.failure == nil, b.seconds > 0 else { return nil }
    return a.seconds / b.seconds
}

/// A table cell for a run: its time, or why it has none.
func cell(_ run: Best?) -> String {
    guard let run else { return "–" }
    if let failure = run.failure { return "failed (\(failure))" }
    return seconds(run.seconds)
}

func cell(_ value: Double?, decimals: Int = 2) -> String {
    value.map { decimal($0, decimals) } ?? "–"
}

/// `a / b` of CPU time when both runs succeeded.
func cpuRatio(_ a: Best?, _ b: Best?) -> Double? {
    guard let a, let b, a.failure == nil, b.failure == nil, b.cpuSeconds > 0 else { return nil }
    return a.cpuSeconds / b.cpuSeconds
}

func cpuCell(_ run: Best?) -> String {
    guard let run, run.failure == nil else { return "–" }
    return seconds(run.cpuSeconds)
}

/// How a target is marked in the report.
func verdict(_ met: Bool) -> String { met ? "**met**" : "**not met**" }

/// One size's line of the jq check: jq's count of shadows without a path against the
/// generator's, which tells that the files are what the benchmark thinks they are.
func jqCheck(layers: Int, counted: Int?, generated: Int) -> String {
    let count = counted.map(String.init) ?? "no number"
    let mark = counted == generated ? "matches" : "DOES NOT MATCH"
    return "\(grouped(layers)): jq counted \(count), generated \(generated), \(mark)"
}

/// The number jq printed into `path`, if it printed one.
func readJQCount(_ path: String) -> Int? {
    readTextFile(path).flatMap { Int($0.filter { !$0.isWhitespace }) }
}

func rssCell(_ run: Best?) -> String {
    guard let run, run.failure == nil else { return "–" }
    return megabytes(run.peakRSSBytes)
}
