import LayerGeometry
import LayerModel

/// The decoder's readers of typed values: each reads one value's events and checks it,
/// with an error that names the key and says what was expected.
extension DumpDecoder {

    mutating func scalarEvent(_ key: String, expected: String) throws(DecodeError) -> ScalarStyle {
        let e = try next()
        savedPosition = nil
        guard case .scalar(let style) = e else {
            throw DecodeError("`\(key)` must be \(expected), found \(describe(e))", at: valuePosition)
        }
        return style
    }

    mutating func readNumber(_ key: String, expected: String = "a number") throws(DecodeError) -> Double {
        if let value = source.nextPlainNumber() {
            savedPosition = nil
            return value
        }
        let style = try scalarEvent(key, expected: expected)
        return try currentNumber(key, style: style, expected: expected)
    }

    @inline(__always)
    func currentNumber(_ key: String, style: ScalarStyle, expected: String) throws(DecodeError) -> Double {
        let value = style == .plain ? ScalarParsing.number(source.scalarBytes) : nil
        guard let value else {
            let found = style == .quoted ? "the string \(describe(.scalar(style)))" : describe(.scalar(style))
            throw DecodeError("`\(key)` must be \(expected), found \(found)", at: source.position)
        }
        guard value.isFinite else { throw DecodeError("`\(key)` must be a finite number", at: source.position) }
        return value
    }

    mutating func readNonNegative(_ key: String) throws(DecodeError) -> Double {
        let v = try readNumber(key, expected: "a number ≥ 0")
        guard v >= 0 else { throw DecodeError("`\(key)` must be ≥ 0, found \(format(v))", at: valuePosition) }
        return v
    }

    mutating func readPositive(_ key: String) throws(DecodeError) -> Double {
        let v = try readNumber(key, expected: "a number > 0")
        guard v > 0 else { throw DecodeError("`\(key)` must be > 0, found \(format(v))", at: valuePosition) }
        return v
    }

    mutating func readUnit(_ key: String) throws(DecodeError) -> Double {
        let v = try readNumber(key, expected: "a number from 0 to 1")
        guard v >= 0, v <= 1 else { throw DecodeError("`\(key)` must be from 0 to 1, found \(format(v))", at: valuePosition) }
        return v
    }

    mutating func readBool(_ key: String) throws(DecodeError) -> Bool {
        let style = try scalarEvent(key, expected: "true or false")
        guard style == .plain, let v = ScalarParsing.bool(source.scalarBytes) else {
            throw DecodeError("`\(key)` must be true or false, found \(describe(.scalar(style)))", at: valuePosition)
        }
        return v
    }

    @inline(__always)
    func readStringValue(_ key: String, style: ScalarStyle) throws(DecodeError) -> String {
        if style == .plain, isNullScalar() { throw DecodeError("`\(key)` must be text, found null", at: valuePosition) }
        return String(decoding: source.scalarBytes, as: UTF8.self)
    }

    mutating func readOptionalString(_ key: String) throws(DecodeError) -> String? {
        let style = try scalarEvent(key, expected: "text")
        if style == .plain, isNullScalar() { return nil }
        try checkNameLength(key)
        return String(decoding: source.scalarBytes, as: UTF8.self)
    }

    mutating func readInterned(_ key: String) throws(DecodeError) -> StringID? {
        let style = try scalarEvent(key, expected: "text")
        if style == .plain, isNullScalar() { return nil }
        try checkNameLength(key)
        return interner.intern(source.scalarBytes)
    }

    /// Names are copied into every path below them: `limits.nameBytes` bounds them.
    func checkNameLength(_ key: String) throws(DecodeError) {
        let n = source.scalarBytes.count
        guard n > limits.nameBytes else { return }
        throw DecodeError("`\(key)` is \(n) bytes long, more than the limit; "
                          + DecodeLimits.advice(.nameBytes, limits.nameBytes), at: valuePosition)
    }

    mutating func readEnum<E: RawRepresentable & Sendable>(_ key: String, _ table: KeyTable<E>) throws(DecodeError) -> E
    where E.RawValue == String, E: CaseIterable {
        let style = try scalarEvent(key, expected: "text")
        if style == .quoted || !isNullScalar(), let v = table.lookup(source.scalarBytes) { return v }
        let text = try readStringValue(key, style: style)
        guard let v = E(rawValue: text) else {
            let options = E.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodeError("`\(key)` must be one of \(options), found '\(ErrorExcerpt.of(text))'", at: valuePosition)
        }
        return v
    }

    mutating func readColor(_ key: String) throws(DecodeError) -> RGBA? {
        let style = try scalarEvent(key, expected: "a colour \"#RRGGBB\" or \"#RRGGBBAA\", or null")
        if style == .plain, isNullScalar() {
            if source.scalarBytes.isEmpty {
                // In YAML an unquoted `#FF3B30` starts a comment and leaves the value empty.
                warnings.append(Diagnostic(severity: .warning,
                    message: "`\(key)` is empty, which means no colour; if you wrote an unquoted #RRGGBB, YAML read it as a comment: quote it (\"#RRGGBB\"), or write null",
                    location: SourceLocation(line: valuePosition.line, column: valuePosition.column)))
            }
            return nil
        }
        guard let c = ScalarParsing.color(source.scalarBytes) else {
            throw DecodeError("`\(key)` must be a colour \"#RRGGBB\" or \"#RRGGBBAA\", or null, found \(describe(.scalar(style)))", at: valuePosition)
        }
        return c
    }

    /// Reads a list of numbers whose allowed lengths are `counts` into `numbers`.
    mutating func readNumbers(_ key: String, counts: (Int, Int), labels: String) throws(DecodeError) {
        if source.nextNumberList(into: &numbers) {
            // The list's opening bracket is the current event, so errors about the list
            // name it without a saved position.
            savedPosition = nil
            guard numbers.count == counts.0 || numbers.count == counts.1 else {
                throw countError(key, counts: counts, labels: labels, at: source.position)
            }
            return
        }
        let e = try next()
        let start = source.position
        savedPosition = start
        guard e == .sequenceStart else {
            throw DecodeError("`\(key)` must be a list of numbers \(labels), found \(describe(e))", at: start)
        }
        numbers.removeAll()
        while true {
            let item = try next()
            if item == .sequenceEnd { break }
            guard case .scalar(let style) = item else {
                throw DecodeError("`\(key)` must be a list of numbers \(labels), found \(describe(item)) inside it", at: source.position)
            }
            numbers.append(try currentNumber(key, style: style, expected: "a number"))
        }
        guard numbers.count == counts.0 || numbers.count == counts.1 else {
            throw countError(key, counts: counts, labels: labels, at: start)
        }
        savedPosition = start
    }

    func countError(_ key: String, counts: (Int, Int), labels: String, at start: SourcePosition) -> DecodeError {
        let need = counts.0 == counts.1 ? "\(counts.0)" : "\(counts.0) or \(counts.1)"
        return DecodeError("`\(key)` needs \(need) numbers \(labels), found \(numbers.count)", at: start)
    }

    mutating func readRect(_ key: String) throws(DecodeError) -> Rect {
        try readNumbers(key, counts: (4, 4), labels: "[x, y, width, height]")
        let v = numbers
        guard v[2] >= 0, v[3] >= 0 else {
            throw DecodeError("`\(key)` has a negative size (\(format(v[2])) × \(format(v[3]))); sizes must be ≥ 0", at: valuePosition)
        }
        // Each number is finite, but an edge beyond ±1.8e308 is not: the geometry, and any
        // fix written from it, would meet infinities.
        guard (v[0] + v[2]).isFinite, (v[1] + v[3]).isFinite else {
            throw DecodeError("`\(key)` reaches beyond ±1.8e308 (x + width or y + height overflows a number); coordinates must stay in range", at: valuePosition)
        }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    mutating func readPoint(_ key: String, labels: String = "[x, y]") throws(DecodeError) -> Point {
        try readNumbers(key, counts: (2, 2), labels: labels)
        return Point(x: numbers[0], y: numbers[1])
    }

    mutating func readTransform(_ key: String) throws(DecodeError) -> Transform3D? {
        try readNumbers(key, counts: (6, 16), labels: "(affine a b c d tx ty, or the 16 of a CATransform3D)")
        let v = numbers
        let t = v.count == 6 ? Transform3D(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]) : Transform3D(v.values)!
        return t.isIdentity ? nil : t
    }

    mutating func readCorners(_ key: String) throws(DecodeError) -> CornerMask {
        let e = try next()
        savedPosition = source.position
        if case .scalar(.plain) = e, let v = ScalarParsing.number(source.scalarBytes), v >= 0, v <= 15, v == v.rounded() {
            return CornerMask(rawValue: UInt8(v))
        }
        guard e == .sequenceStart else {
            throw DecodeError("`\(key)` must be a list of corners (minXMinY, maxXMinY, minXMaxY, maxXMaxY), found \(describe(e))", at: valuePosition)
        }
        var mask: CornerMask = []
        while true {
            let item = try next()
            if item == .sequenceEnd { return mask }
            let text = String(decoding: source.scalarBytes, as: UTF8.self)
            guard case .scalar = item, let corner = CornerMask.names.first(where: { $0.0 == text })?.1 else {
                throw DecodeError("`\(key)` lists corners by name: minXMinY, maxXMinY, minXMaxY or maxXMaxY, found \(describe(item))", at: source.position)
            }
            mask.insert(corner)
        }
    }

    /// The properties a dump says it does not know (`unknown: [shadowPath, cornerCurve]`).
    mutating func readUnknown(_ key: String) throws(DecodeError) -> UnknownProperties {
        let e = try next()
        savedPosition = source.position
        if case .scalar(.plain) = e, isNullScalar() { return [] }
        let names = UnknownProperties.named.map(\.name).joined(separator: ", ")
        guard e == .sequenceStart else {
            throw DecodeError("`\(key)` must be a list of property names (\(names)), found \(describe(e))", at: valuePosition)
        }
        var set: UnknownProperties = []
        while true {
            let item = try next()
            if item == .sequenceEnd { return set }
            let property = UnknownProperties(named: String(decoding: source.scalarBytes, as: UTF8.self))
            guard case .scalar = item, !property.isEmpty else {
                throw DecodeError("`\(key)` lists properties by name: \(names); found \(describe(item))", at: source.position)
            }
            set.formUnion(property)
        }
    }

    mutating func readContents(_ key: String) throws(DecodeError) -> LayerContents? {
        let e = try next()
        savedPosition = source.position
        switch e {
        case .scalar(.plain):
            if isNullScalar() { return nil }
            if let b = ScalarParsing.bool(source.scalarBytes) { return b ? LayerContents() : nil }
        case .mappingStart:
            var contents = LayerContents()
            while true {
                let k = try next()
                if k == .mappingEnd { return contents }
                switch ValueKeys.contents.lookup(source.scalarBytes) {
                case .width: contents.pixelWidth = try readNonNegative("contents.width")
                case .height: contents.pixelHeight = try readNonNegative("contents.height")
                case .scale: contents.scale = try readPositive("contents.scale")
                case nil:
                    let text = String(decoding: source.scalarBytes, as: UTF8.self)
                    throw DecodeError("`contents` takes width, height and scale, found '\(ErrorExcerpt.of(text))'", at: source.position)
                }
            }
        default: break
        }
        throw DecodeError("`\(key)` must be true, false, null or {width, height, scale}, found \(describe(e))", at: valuePosition)
    }

    mutating func readPath(_ key: String) throws(DecodeError) -> LayerPath? {
        let style = try scalarEvent(key, expected: "SVG path data (text) or null")
        if style == .plain, isNullScalar() { return nil }
        let start = valuePosition
        if source.scalarBytes.count > limits.pathBytes {
            throw DecodeError("`\(key)` holds \(source.scalarBytes.count) bytes of path data, more than the limit; "
                              + DecodeLimits.advice(.pathBytes, limits.pathBytes), at: start)
        }
        let id = Int(pathTexts.intern(source.scalarBytes).rawValue)
        if id < pathsByText.count, let known = pathsByText[id] { return known }
        let result: Result<Path, SVGPathError> = source.withScalarBytes { bytes in
            Result { () throws(SVGPathError) -> Path in try pathParser.parse(bytes) }
        }
        switch result {
        case .success(let path):
            let layerPath = LayerPath(svg: pathTexts.strings[id], path: path)
            while pathsByText.count <= id { pathsByText.append(nil) }
            pathsByText[id] = layerPath
            return layerPath
        case .failure(let error):
            let column = start.column + (style == .quoted ? 1 : 0) + error.offset
            throw DecodeError("`\(key)` is not valid SVG path data: \(error.message)",
                              at: SourcePosition(line: start.line, column: column))
        }
    }

    /// Skips any value, returning it as a JSON fragment so unknown keys survive a round trip.
    /// `depth` is the nesting level of the value itself, for `limits.nestingDepth`.
    mutating func captureValue(depth: Int) throws(DecodeError) -> String {
        var out = ""
        // One entry per open collection: is it a mapping, and how many items it has so far
        // (in a mapping, even items are keys and odd items values).
        var open: [(isMapping: Bool, items: Int)] = []
        repeat {
            let e = try next()
            let isKey = open.last.map { $0.isMapping && $0.items % 2 == 0 } ?? false
            if e != .mappingEnd, e != .sequenceEnd, let top = open.last, top.items > 0, isKey || !top.isMapping {
                out += ","
            }
            switch e {
            case .mappingStart, .sequenceStart:
                if depth + open.count > limits.nestingDepth { throw nestingLimitError() }
                out += e == .mappingStart ? "{" : "["
                open.append((e == .mappingStart, 0))
                continue
            case .mappingEnd, .sequenceEnd:
                out += e == .mappingEnd ? "}" : "]"
                open.removeLast()
            case .scalar(let style):
                let raw = String(decoding: source.scalarBytes, as: UTF8.self)
                if isKey || style == .quoted { out += JSONText.quoted(raw) }
                else if isNullScalar() { out += "null" }
                else if let b = ScalarParsing.bool(source.scalarBytes) { out += b ? "true" : "false" }
                else if let n = ScalarParsing.number(source.scalarBytes), n.isFinite { out += raw.hasPrefix("+") ? String(raw.dropFirst()) : raw }
                else { out += JSONText.quoted(raw) }
                if isKey { out += ":" }
            default:
                throw DecodeError("unexpected \(describe(e))", at: source.position)
            }
            if !open.isEmpty { open[open.count - 1].items += 1 }
        } while !open.isEmpty
        return out
    }

    func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
