import LayerGeometry

/// libFuzzer entry: SVG path data. A parsed path must survive the writer and read back
/// equal, and the shape recogniser; an error must point inside the text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVGPath(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    do throws(SVGPathError) {
        let path = try SVGPathParser().parse(input)
        _ = ShapeRecognizer().recognize(path)
        let written = SVGPathWriter().string(for: path)
        let reread = try SVGPathParser().parse(written)
        // NaN never parses, so equality is meaningful for every path that did.
        precondition(reread.elements.count == path.elements.count, "the writer's text reads back to another path: \(written)")
    } catch {
        precondition(error.offset >= 0 && error.offset <= size, "error offset \(error.offset) outside the \(size) bytes")
        precondition(!error.message.isEmpty)
    }
    return 0
}
