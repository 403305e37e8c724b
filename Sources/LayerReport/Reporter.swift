/// A report format. Every format renders both a lint run and a snapshot diff, so any
/// number of them can be written from one run (`--reporter FORMAT[:PATH]`).
///
/// A reporter appends to the text it is given: when that text streams
/// (`ByteText(flushingTo:)`), a report of any size leaves in chunks as it is written.
public protocol Reporter: Sendable {
    func render(_ report: LintReport, into out: inout ByteText)
    func render(_ diff: DiffReport, into out: inout ByteText)
}

extension Reporter {
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
