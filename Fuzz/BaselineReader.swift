import LayerLintKit

/// libFuzzer entry: the baseline reader on arbitrary text. An error names the file and a
/// line and column inside the input; a baseline that reads writes a file that reads back
/// equal (what `--write-baseline` then `--baseline` rely on).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBaselineReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    let text = String(decoding: input, as: UTF8.self)
    do {
        let baseline = try Baseline(fileText: text, path: "fuzz.yml")
        let again = try Baseline(fileText: baseline.fileText, path: "written.yml")
        precondition(again == baseline, "the written baseline reads back different")
    } catch {
        precondition(!error.message.isEmpty, "an error without a message")
        precondition(error.path == "fuzz.yml", "an error in the written baseline: \(error)")
        checkPlace(line: error.line, column: error.column, in: input, error.description)
    }
    return 0
}
