/// What GitHub code scanning accepts in one SARIF upload ("SARIF support for code
/// scanning", upload limits: https://docs.github.com/en/code-security/code-scanning/integrating-with-code-scanning/sarif-support-for-code-scanning).
/// Over any of them the upload is rejected and the team sees nothing, so the reporter
/// keeps the costliest results that fit and says how many it left out.
public struct SARIFLimits: Sendable, Hashable {
    /// Results in one run (GitHub displays the top 5,000 of them, by severity).
    public var resultsPerRun: Int
    /// The file's size gzip-compressed. GitHub says 10 MB; taken as 10,000,000 bytes,
    /// under 10 MiB either way, and measured with zlib at the level the upload uses.
    public var gzipBytes: Int
    /// Locations in one result. Each LayerLint result has one location (the layer's place
    /// in its dump) and no related locations, so no result can reach it; it is checked
    /// so that a result which gains locations is caught (`SARIFReporter.locationsPerResult`).
    public var locationsPerResult: Int

    public init(resultsPerRun: Int, gzipBytes: Int, locationsPerResult: Int = 1_000) {
        self.resultsPerRun = resultsPerRun; self.gzipBytes = gzipBytes; self.locationsPerResult = locationsPerResult
    }

    /// GitHub's hard limits.
    public static let gitHub = SARIFLimits(resultsPerRun: 25_000, gzipBytes: 10_000_000)
}
