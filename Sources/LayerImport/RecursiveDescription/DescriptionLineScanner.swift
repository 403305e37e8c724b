import LayerDecode
import LayerModel

/// One line of a `recursiveDescription`: where its text lies in the file, and how deep
/// its indentation puts it.
struct DescriptionLine {
    /// 1-based line number.
    var number: Int
    /// Byte offset of the line's first byte.
    var start: Int
    /// Byte offset just past the line's last byte; a CR before the LF is left out.
    var end: Int
    /// How many `|` the indentation holds: UIKit writes `   | ` once per level.
    var depth: Int
    /// Byte offset of the first byte after the indentation (and any spaces after it).
    var contentStart: Int

    /// Whether the line holds nothing but spaces. Such lines (the one after a trailing
    /// newline, a blank line pasted in) are skipped, not errors.
    var isBlank: Bool { depth == 0 && contentStart == end }
}

/// Cuts the bytes of a description into lines. One pass, no copies.
///
/// The indentation is read tolerantly: any mix of spaces, tabs and `|`, where each `|`
/// is one level. UIKit writes exactly `   | ` (three spaces, a bar, a space) per level and
/// nothing before the first line, but hand-edited or re-indented files vary in the spaces.
struct DescriptionLineScanner {
    let text: DescriptionText
    private var offset = 0
    private var number = 0

    /// A UTF-8 byte-order mark (editors on Windows write one) is skipped: line 1 starts
    /// after it, so its columns do not count it, as in the YAML and JSON readers.
    init(_ text: DescriptionText) {
        self.text = text
        if text.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    mutating func next() -> DescriptionLine? {
        let bytes = text.bytes
        guard offset < bytes.count else { return nil }
        number += 1
        let start = offset
        var depth = 0
        var i = start
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "|") { depth += 1 } else if b != UInt8(ascii: " ") && b != UInt8(ascii: "\t") { break }
            i += 1
        }
        let contentStart = i
        while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
        offset = i + 1
        var end = i
        if end > contentStart, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return DescriptionLine(number: number, start: start, end: end, depth: depth, contentStart: contentStart)
    }
}

/// The bytes of a description file, with the helpers every part of the importer uses.
struct DescriptionText {
    let bytes: UnsafeRawBufferPointer

    subscript(_ i: Int) -> UInt8 { bytes[i] }

    func slice(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[range])
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: slice(range), as: UTF8.self)
    }

    /// The bytes of `range` for an error message, shortened (`ErrorExcerpt`).
    func excerpt(_ range: Range<Int>) -> String { ErrorExcerpt.of(slice(range)) }

    func equals(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        guard range.count == literal.utf8CodeUnitCount else { return false }
        let p = literal.utf8Start
        for k in 0..<range.count where bytes[range.lowerBound + k] != p[k] { return false }
        return true
    }

    /// The 1-based column of byte `offset` on `line`, in characters (UTF-8 lead bytes), as
    /// the YAML and JSON readers count them.
    func column(of offset: Int, on line: DescriptionLine) -> Int {
        var n = 1
        var i = line.start
        while i < offset {
            if bytes[i] & 0xC0 != 0x80 { n += 1 }
            i += 1
        }
        return n
    }

    func location(of offset: Int, on line: DescriptionLine) -> SourceLocation {
        SourceLocation(line: line.number, column: column(of: offset, on: line))
    }

    func error(_ message: String, at offset: Int, on line: DescriptionLine) -> DecodeError {
        DecodeError(message: message, location: location(of: offset, on: line))
    }

    static func isSpace(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }

    /// `range` without the spaces at either end.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi, Self.isSpace(bytes[lo]) { lo += 1 }
        while hi > lo, Self.isSpace(bytes[hi - 1]) { hi -= 1 }
        return lo..<hi
    }
}
