import LayerDecode

/// What every loader target checks beyond "no crash": an error that stops a file must say
/// where, on a line and column that exist in the input, and say what went wrong.
func checkPreciseError(_ decoded: DecodedDump, input: UnsafeRawBufferPointer) {
    guard let error = decoded.error else {
        precondition(!decoded.snapshots.isEmpty, "a file without an error must hold a snapshot")
        return
    }
    precondition(!error.message.isEmpty, "an error without a message")
    var lines = 1
    for byte in input where byte == 0x0A { lines += 1 }
    // libyaml and the JSON reader count a lone "\r" as a line break too.
    var returns = 0
    for byte in input where byte == 0x0D { returns += 1 }
    precondition(error.location.line >= 1 && error.location.line <= lines + returns + 1,
                 "error line \(error.location.line) outside the input's \(lines) lines: \(error.message)")
    precondition(error.location.column >= 1, "error column \(error.location.column) < 1: \(error.message)")
}

/// A line and column that exist in `input`: at least 1, and no line past the one after
/// the last (a lone "\r" counts as a line break too). libyaml places the end of a text
/// without a final line break at the start of the next line, as `checkPreciseError` allows.
func checkPlace(line: Int, column: Int, in input: UnsafeRawBufferPointer, _ what: @autoclosure () -> String) {
    var breaks = 0
    for byte in input where byte == 0x0A || byte == 0x0D { breaks += 1 }
    precondition(line >= 1 && line <= breaks + 2, "error line \(line) outside the input: \(what())")
    precondition(column >= 1, "error column \(column) < 1: \(what())")
}
