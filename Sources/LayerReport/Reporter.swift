/// A report format. Every format renders both a lint run and a snapshot diff, so any
/// number of them can be written from one run (`--reporter FORMAT[:PATH]`).
///
/// A reporter appends to the text it is given: when that text streams
/// (`ByteText(flushingTo:)`), a report of any size leaves in chunks as it is written.
public protocol Reporter: Sendable {
    func render(_ report: LintReport, into out: inout ByteText)
    func render(_ diff: DiffReport, into out: inout ByteText)

    /// The same, adding to `notices` a sentence for each thing the report left out to
    /// stay within the limits of where it goes (GitHub code scanning's upload limits):
    /// the command line writes them on standard error, so that a report which holds less
    /// than the run found never does so silently. Formats that keep everything add none.
    func render(_ report: LintReport, into out: inout ByteText, notices: inout [String])
    func render(_ diff: DiffReport, into out: inout ByteText, notices: inout [String])
}

extension Reporter {
    public func render(_ report: LintReport, into out: inout ByteText, notices: inout [String]) {
        render(report, into: &out)
    }

    public func render(_ diff: DiffReport, into out: inout ByteText, notices: inout [String]) {
        render(diff, into: &out)
    }

    /// The whole report in memory, for tests and small outputs.
    public func render(_ report: LintReport) -> ByteText {
        var out = ByteText()
        render(report, into: &out)
        return out
    }

    public func render(_ diff: DiffReport) -> ByteText {
        var out = ByteText()
        render(diff, into: &out)
        return out
    }
}

/// A format that may leave findings out to fit where it goes (SARIF, GitHub annotations,
/// markdown): it implements the rendering with notices, and rendering without them is
/// the same with the notices dropped.
public protocol LimitedReporter: Reporter {}

extension LimitedReporter {
    public func render(_ report: LintReport, into out: inout ByteText) {
        var notices: [String] = []
        render(report, into: &out, notices: &notices)
    }

    public func render(_ diff: DiffReport, into out: inout ByteText) {
        var notices: [String] = []
        render(diff, into: &out, notices: &notices)
    }
}
