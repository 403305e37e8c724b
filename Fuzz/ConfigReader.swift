import LayerConfig

/// libFuzzer entry: the `.layerlint.yml` reader on arbitrary text. An error names the file
/// and a line and column inside the input; a configuration that reads prints as YAML that
/// reads back equal (the `config` command's promise).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    let text = String(decoding: input, as: UTF8.self)
    do {
        let configuration = try ConfigurationLoader.parse(text, file: "fuzz.yml")
        let again = try ConfigurationLoader.parse(configuration.yamlText, file: "printed.yml")
        precondition(again == configuration, "the printed configuration reads back different")
    } catch {
        precondition(!error.message.isEmpty, "an error without a message")
        precondition(error.file == "fuzz.yml", "an error in the printed configuration: \(error)")
        checkPlace(line: error.line, column: error.column, in: input, error.description)
    }
    return 0
}
