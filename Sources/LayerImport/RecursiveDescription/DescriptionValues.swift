import LayerDecode
import LayerGeometry
import LayerModel

/// Reads the values of the fields the importer understands. Each reader throws an error
/// at the value's first character that says what was expected there.
struct DescriptionValues {
    let text: DescriptionText
    let line: DescriptionLine

    private func error(_ message: String, _ value: Range<Int>) -> DecodeError {
        text.error(message, at: value.lowerBound, on: line)
    }

    /// A finite decimal number, as UIKit prints CGFloats (`390`, `20.3333`, `-0.5`).
    func number(_ range: Range<Int>) -> Double? {
        guard !range.isEmpty, let v = ScalarParsing.number(text.slice(range)), v.isFinite else { return nil }
        return v
    }

    /// The numbers between `opener` and `closer`, separated by spaces, commas or
    /// semicolons: `(0 47; 390 763)`, `[0.5, 0, 0, 0.5, 0, 0]`, `{0, -44}`. Nil when the
    /// brackets or any number are missing.
    func numbers(_ range: Range<Int>, opener: Character, closer: Character) -> [Double]? {
        guard range.count >= 2, text[range.lowerBound] == opener.asciiValue, text[range.upperBound - 1] == closer.asciiValue else { return nil }
        var values: [Double] = []
        var i = range.lowerBound + 1
        let end = range.upperBound - 1
        while i < end {
            let b = text[i]
            if DescriptionText.isSpace(b) || b == UInt8(ascii: ",") || b == UInt8(ascii: ";") { i += 1; continue }
            let start = i
            while i < end, !DescriptionText.isSpace(text[i]), text[i] != UInt8(ascii: ","), text[i] != UInt8(ascii: ";") { i += 1 }
            guard let v = number(start..<i) else { return nil }
            values.append(v)
        }
        return values
    }

    /// `frame = (x y; width height)`: the view's frame in its superview's bounds space.
    func frame(_ value: Range<Int>) throws(DecodeError) -> Rect {
        guard let v = numbers(value, opener: "(", closer: ")"), v.count == 4 else {
            throw error("expected a frame `(x y; width height)` of four numbers, found `\(text.excerpt(value))`", value)
        }
        guard v[2] >= 0, v[3] >= 0 else {
            throw error("a frame's width and height must not be negative, found `\(text.excerpt(value))`", value)
        }
        guard (v[0] + v[2]).isFinite, (v[1] + v[3]).isFinite else {
            throw error("a frame must stay within ±1.8e308 (x + width or y + height overflows a number)", value)
        }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// `transform = [a, b, c, d, tx, ty]`, the view's CGAffineTransform; 16 numbers are read
    /// as a CATransform3D in row order, as the v1 format writes it.
    func transform(_ value: Range<Int>) throws(DecodeError) -> Transform3D {
        guard let v = numbers(value, opener: "[", closer: "]"), v.count == 6 || v.count == 16 else {
            throw error("expected a transform `[a, b, c, d, tx, ty]` of six numbers, found `\(text.excerpt(value))`", value)
        }
        return v.count == 6 ? Transform3D(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]) : Transform3D(v)!
    }

    /// `contentOffset: {x, y}`.
    func point(_ value: Range<Int>, key: String) throws(DecodeError) -> Point {
        guard let v = numbers(value, opener: "{", closer: "}"), v.count == 2 else {
            throw error("expected `\(key)` as a point `{x, y}` of two numbers, found `\(text.excerpt(value))`", value)
        }
        return Point(x: v[0], y: v[1])
    }

    /// `alpha = 0.5`.
    func alpha(_ value: Range<Int>) throws(DecodeError) -> Double {
        guard let v = number(value), v >= 0, v <= 1 else {
            throw error("expected `alpha` as a number from 0 to 1, found `\(text.excerpt(value))`", value)
        }
        return v
    }

    /// `hidden = YES`: UIKit writes Objective-C's YES and NO.
    func flag(_ value: Range<Int>, key: String) throws(DecodeError) -> Bool {
        if text.equals(value, "YES") { return true }
        if text.equals(value, "NO") { return false }
        throw error("expected `\(key)` to be YES or NO, found `\(text.excerpt(value))`", value)
    }

    /// `text = 'Hello'`: the text without its quotes, `\x` read as `x`. UIKit truncates long
    /// texts (`'Get the code from your ba...'`); what is written is what is kept.
    func quotedText(_ value: Range<Int>) -> String {
        guard value.count >= 2 else { return text.string(value) }
        let q = text[value.lowerBound]
        guard q == UInt8(ascii: "'") || q == UInt8(ascii: "\""), text[value.upperBound - 1] == q else { return text.string(value) }
        var out: [UInt8] = []
        out.reserveCapacity(value.count - 2)
        var i = value.lowerBound + 1
        while i < value.upperBound - 1 {
            if text[i] == UInt8(ascii: "\\"), i + 1 < value.upperBound - 1 { i += 1 }
            out.append(text[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The class of `layer = <CALayer: 0x…>` or `layer = <CALayer>`: the name up to the first
    /// space, `:`, `;` or `>`.
    func layerClass(_ value: Range<Int>) throws(DecodeError) -> Range<Int> {
        guard value.count >= 2, text[value.lowerBound] == UInt8(ascii: "<") else {
            throw error("expected `layer = <ClassName…>`, found `\(text.excerpt(value))`", value)
        }
        var i = value.lowerBound + 1
        while i < value.upperBound {
            let b = text[i]
            if b == UInt8(ascii: ":") || b == UInt8(ascii: ";") || b == UInt8(ascii: ">") || DescriptionText.isSpace(b) { break }
            i += 1
        }
        guard i > value.lowerBound + 1 else { throw error("expected a class name after `layer = <`", value) }
        return value.lowerBound + 1..<i
    }
}
