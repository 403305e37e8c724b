import LayerLintKit

/// libFuzzer entry: the whole lint of one document (decode, facts, rules, estimate) and
/// its text and JSON reports. Input starting with `{` is read as JSON, the rest as YAML.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWholeLint(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    let syntax: DumpSyntax = input.first == UInt8(ascii: "{") ? .json : .yaml
    let file = Linter().lint(bytes: input, path: "fuzz", syntax: syntax)
    let report = LintReport(files: [file])
    var text = ByteText()
    TextReporter(showFixes: true).render(file, into: &text)
    let json: String = JSONReporter().render(report)
    precondition(!json.isEmpty)
    if let error = file.error { precondition(error.line >= 1 && error.column >= 1, "imprecise error: \(error)") }
    for snapshot in file.snapshots {
        precondition(snapshot.estimate.passes >= 0, "negative passes")
    }
    return 0
}
