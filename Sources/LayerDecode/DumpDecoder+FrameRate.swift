import LayerModel

/// The frame-rate keys (docs/dump-format.md, "Frame rate"): a layer's `animations`, the
/// header's `displayLinks` and `info`. Their mappings are closed, like `contents`: a key
/// they do not define is an error at the key, because a misspelt `repeatCount` or
/// `paused` would silently change what the rules conclude.
extension DumpDecoder {

    mutating func readAnimations(_ key: String) throws(DecodeError) -> [LayerAnimation] {
        try readList(key, item: "an animation (a mapping)") { (d: inout Self) throws(DecodeError) -> LayerAnimation in
            var a = LayerAnimation()
            let p = d.source.position
            a.location = SourceLocation(line: p.line, column: p.column)
            try d.readMapping(key, ValueKeys.animation) { (d: inout Self, k) throws(DecodeError) in
                switch k {
                case .keyPath: a.keyPath = try d.readOptionalString("\(key).keyPath")
                case .duration: a.duration = try d.readNonNegative("\(key).duration")
                case .repeatCount: a.repeatCount = try d.readRepeatCount("\(key).repeatCount")
                case .autoreverses: a.autoreverses = try d.readBool("\(key).autoreverses")
                case .preferredFrameRateRange: a.preferredFrameRateRange = try d.readRange("\(key).preferredFrameRateRange")
                }
            }
            return a
        }
    }

    mutating func readDisplayLinks(_ key: String) throws(DecodeError) -> [DisplayLink] {
        try readList(key, item: "a display link (a mapping)") { (d: inout Self) throws(DecodeError) -> DisplayLink in
            var link = DisplayLink()
            let p = d.source.position
            link.location = SourceLocation(line: p.line, column: p.column)
            try d.readMapping(key, ValueKeys.displayLink) { (d: inout Self, k) throws(DecodeError) in
                switch k {
                case .target: link.target = try d.readOptionalString("\(key).target")
                case .preferredFrameRateRange: link.preferredFrameRateRange = try d.readRange("\(key).preferredFrameRateRange")
                case .preferredFramesPerSecond: link.preferredFramesPerSecond = try d.readNonNegative("\(key).preferredFramesPerSecond")
                case .frameInterval: link.frameInterval = try d.readNonNegative("\(key).frameInterval")
                case .paused: link.isPaused = try d.readBool("\(key).paused")
                case .hasWork: link.hasWork = try d.readBool("\(key).hasWork")
                }
            }
            return link
        }
    }

    mutating func readFrameRateInfo(_ key: String) throws(DecodeError) -> FrameRateInfo {
        let e = try next()
        guard e == .mappingStart else {
            throw DecodeError("`\(key)` must be a mapping (CADisableMinimumFrameDurationOnPhone, maximumFramesPerSecond), found \(describe(e))", at: source.position)
        }
        var info = FrameRateInfo()
        let p = source.position
        info.location = SourceLocation(line: p.line, column: p.column)
        try readMapping(key, ValueKeys.info) { (d: inout Self, k) throws(DecodeError) in
            switch k {
            case .disableMinimumFrameDuration: info.disableMinimumFrameDurationOnPhone = try d.readBool("\(key).CADisableMinimumFrameDurationOnPhone")
            case .maximumFramesPerSecond: info.maximumFramesPerSecond = try d.readPositive("\(key).maximumFramesPerSecond")
            }
        }
        return info
    }

    /// A whole number ≥ 0 of repeats, a fraction (Core Animation plays part of the last
    /// one), or `infinity`, plain or quoted: JSON has no infinite number, so it is a word.
    mutating func readRepeatCount(_ key: String) throws(DecodeError) -> Double {
        let expected = "a number ≥ 0 or infinity"
        let style = try scalarEvent(key, expected: expected)
        if ScalarParsing.isInfinityWord(source.scalarBytes) { return .infinity }
        let v = try currentNumber(key, style: style, expected: expected)
        guard v >= 0 else { throw DecodeError("`\(key)` must be ≥ 0 or infinity, found \(format(v))", at: valuePosition) }
        return v
    }

    /// `{minimum, maximum, preferred}`, as `CAFrameRateRange` checks them: each ≥ 0, the
    /// minimum not above the maximum, a preferred rate inside the range.
    mutating func readRange(_ key: String) throws(DecodeError) -> FrameRateRange? {
        let e = try next()
        let start = source.position
        if case .scalar(.plain) = e, isNullScalar() { return nil }
        guard e == .mappingStart else {
            throw DecodeError("`\(key)` must be a mapping {minimum, maximum, preferred} or null, found \(describe(e))", at: start)
        }
        var minimum: Double?, maximum: Double?, preferred: Double = 0
        try readMapping(key, ValueKeys.range) { (d: inout Self, k) throws(DecodeError) in
            switch k {
            case .minimum: minimum = try d.readNonNegative("\(key).minimum")
            case .maximum: maximum = try d.readNonNegative("\(key).maximum")
            case .preferred: preferred = try d.readNonNegative("\(key).preferred")
            }
        }
        guard let minimum, let maximum else {
            throw DecodeError("`\(key)` needs both minimum and maximum", at: start)
        }
        guard minimum <= maximum else {
            throw DecodeError("`\(key)` has a minimum (\(format(minimum))) above its maximum (\(format(maximum)))", at: start)
        }
        guard preferred == 0 || (preferred >= minimum && preferred <= maximum) else {
            throw DecodeError("`\(key)`'s preferred rate \(format(preferred)) is outside \(format(minimum))…\(format(maximum))", at: start)
        }
        return FrameRateRange(minimum: minimum, maximum: maximum, preferred: preferred)
    }

    /// The keys of a mapping that has just started, each given to `body` once; any other
    /// key, or one given twice, is an error at the key.
    mutating func readMapping<Key: RawRepresentable & Sendable & CaseIterable & Hashable>(
        _ name: String, _ table: KeyTable<Key>, _ body: (inout Self, Key) throws(DecodeError) -> Void
    ) throws(DecodeError) where Key.RawValue == String {
        var seen = Set<Key>()
        while true {
            let e = try next()
            if e == .mappingEnd { return }
            let position = source.position
            guard case .scalar = e, let k = table.lookup(source.scalarBytes) else {
                let text = String(decoding: source.scalarBytes, as: UTF8.self)
                let known = Key.allCases.map(\.rawValue).joined(separator: ", ")
                let hint = table.suggestion(for: text).map { "; did you mean '\($0)'?" } ?? ""
                throw DecodeError("`\(name)` takes \(known), found \(describe(e))\(hint)", at: position)
            }
            guard seen.insert(k).inserted else { throw DecodeError("duplicate key '\(k.rawValue)' in `\(name)`", at: position) }
            try body(&self, k)
        }
    }

    /// A list whose items are mappings, each read by `item`; null is the empty list.
    mutating func readList<Item>(_ key: String, item what: String,
                                 _ item: (inout Self) throws(DecodeError) -> Item) throws(DecodeError) -> [Item] {
        let e = try next()
        if case .scalar(.plain) = e, isNullScalar() { return [] }
        guard e == .sequenceStart else {
            throw DecodeError("`\(key)` must be a list, found \(describe(e))", at: source.position)
        }
        var items: [Item] = []
        while true {
            let i = try next()
            if i == .sequenceEnd { return items }
            guard i == .mappingStart else {
                throw DecodeError("each item of `\(key)` must be \(what), found \(describe(i))", at: source.position)
            }
            items.append(try item(&self))
        }
    }
}
