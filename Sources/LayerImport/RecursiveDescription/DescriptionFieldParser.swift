import LayerDecode
/// A `key = value` field of a view description (or `key: value`, as UIScrollView writes
/// the fields it appends after `layer = <…>`), as byte ranges into the file.
struct DescriptionField {
    var key: Range<Int>
    /// Without the spaces around it; the value of `text = 'abc'` keeps its quotes.
    var value: Range<Int>
}

/// What one line says before any value is interpreted: `<ClassName[: 0x…]; field; …>`,
/// or `<LayerClass> (layer)` for a sublayer that no view owns.
struct ViewDescription {
    var className: Range<Int> = 0..<0
    var fields: [DescriptionField] = []
    /// The line ends with `(layer)`: UIKit lists a sublayer of the view above that is not
    /// a view's layer (`<_UILabelContentLayer> (layer)`).
    var isLayerOnly = false
    /// UIKit's text after the closing `>` (`effect=none`, `disablesGroupFiltering`), when
    /// the line has any besides `(layer)`.
    var annotation: DescriptionAnnotation?
    /// Where the `<` is.
    var start = 0
}

/// Splits one line into its class name and fields.
///
/// Values nest: `<…>` (objects, colours), `{…}` (animations, points), `(…)` (frames),
/// `[…]` (transforms), and a value that starts with a quote right after `=` is quoted
/// text, where `\` escapes the next character. A field ends at the first `;` or `>`
/// outside all of them. Open brackets are kept on a stack, never recursed into, so a
/// value nested a million deep costs a million steps and no call stack.
struct DescriptionFieldParser {
    let text: DescriptionText

    func parse(_ line: DescriptionLine, into d: inout ViewDescription) throws(DecodeError) {
        d.fields.removeAll(keepingCapacity: true)
        d.isLayerOnly = false
        d.annotation = nil
        d.start = line.contentStart
        var open = line.contentStart
        // `_UITextContainerView` wraps its view description in one of its own:
        // `<<_UITextContainerView; frame = …; layer = <CALayer>> minSize = …; lineBreakMode = 0>`.
        // The inner description is the view; the wrapper's text is its annotation.
        if open + 1 < line.end, text[open] == UInt8(ascii: "<"), text[open + 1] == UInt8(ascii: "<") { open += 1 }
        guard open < line.end, text[open] == UInt8(ascii: "<") else {
            var next = open + 1  // the whole character, however many UTF-8 bytes it takes
            while next < line.end, text[next] & 0xC0 == 0x80 { next += 1 }
            let found = open < line.end ? "`\(text.string(open..<next))`" : "the end of the line"
            throw text.error("expected `<` starting a view description such as `<UIView; frame = (0 0; 390 844); layer = <CALayer>>`, found \(found)",
                             at: open, on: line)
        }
        let nameStart = open + 1
        var i = classNameEnd(from: nameStart, on: line)
        guard i > nameStart else {
            throw text.error("expected a class name after `<`", at: nameStart, on: line)
        }
        d.className = nameStart..<i
        // What follows the name up to the first `;` or `>`: UIKit's `: 0x7f…` address, which
        // snapshot libraries strip. It names nothing the linter needs.
        i = try fieldEnd(from: i, on: line, description: open)
        while text[i] != UInt8(ascii: ">") {
            let fieldStart = i + 1
            i = try fieldEnd(from: fieldStart, on: line, description: open)
            if let field = split(fieldStart..<i) { d.fields.append(field) }
        }
        // After the closing `>` UIKit writes nothing, `(layer)` for a sublayer no view owns,
        // or its own annotation of the view (`effect=<UIBlurEffect> style=…`,
        // `disablesGroupFiltering`, `layout=`). A description with a frame is a view
        // whatever follows it; text after anything else (`<App.ViewController>, state: …`
        // from `_printHierarchy`, a log line) is not a view description.
        let rest = text.trimmed(i + 1..<line.end)
        d.isLayerOnly = text.equals(rest, "(layer)")
        guard !rest.isEmpty, !d.isLayerOnly else { return }
        guard d.fields.contains(where: { text.equals($0.key, "frame") }) else {
            throw text.error("expected a view description, `<Class; frame = (x y; w h); …>` or `<LayerClass> (layer)`: the description ending at column \(text.column(of: i, on: line)) has no `frame = (…)` field and is followed by other text, so this line is not one UIKit's recursiveDescription writes",
                             at: open, on: line)
        }
        d.annotation = DescriptionAnnotation.parse(rest, in: text)
    }

    /// Past the class name: letters, digits, `_`, `.`, `$` and anything else up to a space,
    /// `:`, `;` or `>`, with `<…>` inside it kept (a generic Swift class printed unmangled).
    private func classNameEnd(from start: Int, on line: DescriptionLine) -> Int {
        var i = start
        var depth = 0
        while i < line.end {
            let b = text[i]
            if b == UInt8(ascii: "<") { depth += 1 } else if b == UInt8(ascii: ">") {
                if depth == 0 { break }
                depth -= 1
            } else if depth == 0, b == UInt8(ascii: ":") || b == UInt8(ascii: ";") || DescriptionText.isSpace(b) {
                break
            }
            i += 1
        }
        return i
    }

    /// The offset of the `;` or `>` that ends the field starting at `start`, outside every
    /// nested bracket and quoted text. The open brackets are a stack of bytes, not calls.
    /// A closing bracket that does not match the innermost open one is ignored: UIKit does
    /// not write them, and a stray one should neither end the line early nor hide which
    /// bracket was left open.
    private func fieldEnd(from start: Int, on line: DescriptionLine, description open: Int) throws(DecodeError) -> Int {
        var i = start
        var openers: [Int] = []  // offsets of the open brackets, innermost last
        var previous: UInt8 = 0  // the last byte that was not a space
        while i < line.end {
            let b = text[i]
            switch b {
            case UInt8(ascii: "<"), UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["):
                openers.append(i)
            case UInt8(ascii: ">"), UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                if let innermost = openers.last {
                    if Self.closer(of: text[innermost]) == b { openers.removeLast() }
                } else if b == UInt8(ascii: ">") {
                    return i
                }
            case UInt8(ascii: ";"):
                if openers.isEmpty { return i }
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                if previous == UInt8(ascii: "=") { i = try quoteEnd(from: i, on: line) }
            default:
                break
            }
            if !DescriptionText.isSpace(b) { previous = b }
            i += 1
        }
        if let outermost = openers.first {
            let opener = text.string(outermost..<outermost + 1)
            let closer = String(UnicodeScalar(Self.closer(of: text[outermost])))
            throw text.error("the `\(opener)` at column \(text.column(of: outermost, on: line)) is not closed: expected `\(closer)` before the end of the line",
                             at: line.end, on: line)
        }
        throw text.error("expected `>` closing the view description that starts at column \(text.column(of: open, on: line))",
                         at: line.end, on: line)
    }

    private static func closer(of opener: UInt8) -> UInt8 {
        switch opener {
        case UInt8(ascii: "<"): UInt8(ascii: ">")
        case UInt8(ascii: "{"): UInt8(ascii: "}")
        case UInt8(ascii: "("): UInt8(ascii: ")")
        default: UInt8(ascii: "]")
        }
    }

    /// The offset of the quote that closes the quoted text opened at `start`.
    ///
    /// UIKit does not escape quotes inside `text = '…'`, so a quote closes the text only
    /// when a `;`, `>`, `,` or `}` (or the end of the line) follows it; `\` escapes the next
    /// character, for writers that do escape.
    private func quoteEnd(from start: Int, on line: DescriptionLine) throws(DecodeError) -> Int {
        let quote = text[start]
        var i = start + 1
        while i < line.end {
            let b = text[i]
            if b == UInt8(ascii: "\\") {
                i += 2
                continue
            }
            if b == quote {
                var k = i + 1
                while k < line.end, DescriptionText.isSpace(text[k]) { k += 1 }
                if k == line.end { return i }
                switch text[k] {
                case UInt8(ascii: ";"), UInt8(ascii: ">"), UInt8(ascii: ","), UInt8(ascii: "}"): return i
                default: break
                }
            }
            i += 1
        }
        throw text.error("the text quoted at column \(text.column(of: start, on: line)) is not closed: expected `\(text.string(start..<start + 1))` before the end of the line",
                         at: line.end, on: line)
    }

    /// `key = value` or `key: value`; nil for a field of another shape, which is ignored.
    private func split(_ range: Range<Int>) -> DescriptionField? {
        let field = text.trimmed(range)
        var i = field.lowerBound
        while i < field.upperBound, Self.isKeyByte(text[i]) { i += 1 }
        let key = field.lowerBound..<i
        guard !key.isEmpty else { return nil }
        while i < field.upperBound, DescriptionText.isSpace(text[i]) { i += 1 }
        guard i < field.upperBound, text[i] == UInt8(ascii: "=") || text[i] == UInt8(ascii: ":") else { return nil }
        return DescriptionField(key: key, value: text.trimmed(i + 1..<field.upperBound))
    }

    private static func isKeyByte(_ b: UInt8) -> Bool {
        (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
            || b == UInt8(ascii: "_") || b == UInt8(ascii: ".")
    }
}
