// TEMPORARY until the reporters branch lands.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json
    public func reporter(showFixes: Bool) -> any Reporter {
        switch self {
        case .text: TextReporter(showFixes: showFixes)
        case .json: JSONReporter()
        }
    }
}
extension TextReporter: Reporter { public func render(_ report: LintReport) -> ByteText { renderBytes(report) }; public func render(_ diff: DiffReport) -> ByteText { ByteText() } }
extension JSONReporter: Reporter { public func render(_ r: LintReport) -> ByteText { var b = ByteText(); b.append(render(r) as String); return b }; public func render(_ diff: DiffReport) -> ByteText { ByteText() } }
