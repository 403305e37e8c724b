import LayerDecode

/// libFuzzer entry: the YAML dump loader (libyaml events → DumpDecoder) on arbitrary bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAMLLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    checkPreciseError(V1DumpReader().read(input, syntax: .yaml), input: input)
    return 0
}
