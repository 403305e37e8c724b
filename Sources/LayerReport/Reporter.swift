/// A report format. Every format renders both a lint run and a snapshot diff, so any
/// number of them can be written from one run (`--reporter FORMAT[:PATH]`).
public protocol Reporter: Sendable {
    func render(_ report: LintReport) -> ByteText
    func render(_ diff: DiffReport) -> ByteText
}
