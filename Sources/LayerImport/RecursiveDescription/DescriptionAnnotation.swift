import LayerDecode
/// What UIKit writes after a view description's closing `>`: its own annotation of the
/// view, made of words (`disablesGroupFiltering`, `clientRequestedContentView`) and
/// `key=value` pairs whose value may be empty (`layout=`), a word
/// (`style=UIBlurEffectStyleSystemThinMaterial`) or a bracketed object
/// (`effect=<UIBlurEffect>`, `effect=<UIBlurEffect: 0x600…; style = …>` raw).
///
/// Every item is kept; the importer uses those it understands (the visual effect) and
/// never refuses a line for one it does not.
struct DescriptionAnnotation {
    struct Item {
        var key: Range<Int>
        /// Nil for a bare word; empty for `key=` with nothing after it.
        var value: Range<Int>?
    }

    var items: [Item] = []
    /// The whole annotation, without the spaces around it.
    var range: Range<Int> = 0..<0

    /// Splits `range` at spaces outside brackets. A `<` left open takes the rest of the
    /// line into the value: the annotation is UIKit's free text, so nothing in it is an
    /// error.
    static func parse(_ range: Range<Int>, in text: DescriptionText) -> DescriptionAnnotation {
        var out = DescriptionAnnotation(range: range)
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            while i < end, DescriptionText.isSpace(text[i]) { i += 1 }
            guard i < end else { break }
            let keyStart = i
            while i < end, !DescriptionText.isSpace(text[i]), text[i] != UInt8(ascii: "=") { i += 1 }
            let key = keyStart..<i
            guard i < end, text[i] == UInt8(ascii: "=") else {
                out.items.append(Item(key: key, value: nil))
                continue
            }
            i += 1
            let valueStart = i
            var depth = 0
            while i < end {
                let b = text[i]
                if b == UInt8(ascii: "<") { depth += 1 } else if b == UInt8(ascii: ">"), depth > 0 { depth -= 1 } else if depth == 0, DescriptionText.isSpace(b) { break }
                i += 1
            }
            out.items.append(Item(key: key, value: valueStart..<i))
        }
        return out
    }

    func value(of key: StaticString, in text: DescriptionText) -> Range<Int>? {
        items.first { text.equals($0.key, key) }?.value
    }
}

/// The visual effect a `UIVisualEffectView`'s annotation names: `effect=none` (nothing is
/// blurred: a navigation bar scrolled to its top edge), `effect=<UIBlurEffect…>` with its
/// `style=`, or `effect=<UIVibrancyEffect…>` with `style=` and `vibrancyStyle=`.
enum AnnotatedVisualEffect {
    case none
    case blur(style: String?)
    case vibrancy(style: String?)

    /// Nil when the annotation names no effect, or one LayerLint does not know (its cost
    /// is then judged from the layer classes, as for any other format).
    init?(_ annotation: DescriptionAnnotation, in text: DescriptionText) {
        guard let effect = annotation.value(of: "effect", in: text) else { return nil }
        func word(_ key: StaticString) -> String? {
            guard let v = annotation.value(of: key, in: text), !v.isEmpty else { return nil }
            return text.string(v)
        }
        if text.equals(effect, "none") {
            self = .none
        } else if Self.names(effect, "UIBlurEffect", in: text) {
            self = .blur(style: word("style"))
        } else if Self.names(effect, "UIVibrancyEffect", in: text) {
            self = .vibrancy(style: word("vibrancyStyle") ?? word("style"))
        } else {
            return nil
        }
    }

    /// Whether `value` is `<Class>` or `<Class: …` / `<Class; …` for exactly `name`.
    private static func names(_ value: Range<Int>, _ name: StaticString, in text: DescriptionText) -> Bool {
        let n = name.utf8CodeUnitCount
        guard value.count >= n + 2, text[value.lowerBound] == UInt8(ascii: "<") else { return false }
        let nameRange = value.lowerBound + 1..<value.lowerBound + 1 + n
        guard text.equals(nameRange, name) else { return false }
        let after = text[nameRange.upperBound]
        return after == UInt8(ascii: ">") || after == UInt8(ascii: ":") || after == UInt8(ascii: ";") || DescriptionText.isSpace(after)
    }

    /// The kind as the model keeps it (`uikitEffect`): `none`, `blur` or `vibrancy`.
    var kind: String {
        switch self {
        case .none: "none"
        case .blur: "blur"
        case .vibrancy: "vibrancy"
        }
    }

    var style: String? {
        switch self {
        case .none: nil
        case .blur(let s), .vibrancy(let s): s
        }
    }
}
