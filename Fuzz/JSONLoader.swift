import LayerDecode

/// libFuzzer entry: the JSON dump loader (JSONEventReader → DumpDecoder) on arbitrary bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    checkPreciseError(V1DumpReader().read(input, syntax: .json), input: input)
    return 0
}
