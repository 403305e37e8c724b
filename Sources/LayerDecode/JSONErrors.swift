// Errors of the JSON reader: precise, human messages at the offending character. All of
// this is off the fast path.

extension JSONEventReader {
    /// Records and returns the error `message` at byte offset `at`; every later call to
    /// `next()` throws it again.
    @inline(never)
    mutating func fail(_ message: String, at offset: Int) -> SyntaxError {
        let error = SyntaxError(message: message, position: positionOf(offset))
        failure = error
        state = .failed
        return error
    }

    /// The error for byte `c` at `off` (or the end of input when `c` < 0) where `expected`
    /// says what was wanted; comments and invalid UTF-8 are named as such.
    @inline(never)
    mutating func unexpected(_ c: Int, _ expected: String) -> SyntaxError {
        if c < 0 { return fail("unexpected end of file, " + expected, at: end) }
        if let problem = specialProblem(at: off) { return fail(problem, at: off) }
        return fail(expected, at: off)
    }

    /// Problems named for what they are wherever they occur between tokens.
    func specialProblem(at i: Int) -> String? {
        let c = byte(i)
        if c == 0x23 || (c == 0x2F && i &+ 1 < end && (byte(i &+ 1) == 0x2F || byte(i &+ 1) == 0x2A)) {
            return "comments are not allowed in JSON"
        }
        if c >= 0x80 && utf8SequenceLength(at: i) == 0 { return "invalid UTF-8" }
        return nil
    }

    /// The error for byte `c` at `off` where a value should start.
    @inline(never)
    mutating func badValue(_ c: Int) -> SyntaxError {
        if c < 0 { return fail("unexpected end of file, expected a value", at: end) }
        if let problem = specialProblem(at: off) { return fail(problem, at: off) }
        let b = UInt8(c)
        switch b {
        case 0x27:  // '
            return fail("strings must be in double quotes, not single quotes", at: off)
        case 0x2B, 0x2E:  // + .
            return badNumber(at: off)
        case 0x41...0x5A, 0x61...0x7A:
            return badWord(at: off)
        case 0x7D, 0x5D, 0x2C, 0x3A:  // } ] , :
            return fail("unexpected '\(Character(Unicode.Scalar(b)))', expected a value", at: off)
        default:
            return fail("unexpected character \(describeCharacter(at: off)), expected a value", at: off)
        }
    }

    /// The run of word bytes (see `isWordByte`) at `start`, as text, shortened if long.
    func wordText(at start: Int) -> String {
        var i = start
        while i < end, Self.isWordByte(byte(i)) { i &+= 1 }
        return ErrorExcerpt.of(UnsafeRawBufferPointer(start: base + start, count: i &- start))
    }

    /// Whether only blanks (and a byte-order mark) come before `start`: a bad word there
    /// means the file is not JSON at all, and its text is not shown (ErrorExcerpt).
    func isFirstToken(_ start: Int) -> Bool {
        var i = 0
        if start >= 3, byte(0) == 0xEF, byte(1) == 0xBB, byte(2) == 0xBF { i = 3 }
        while i < start {
            let c = byte(i)
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return false }
            i &+= 1
        }
        return true
    }

    /// The error for a file whose first token is not a JSON value.
    mutating func notJSON(at start: Int) -> SyntaxError {
        fail("the file does not start with a JSON value; expected `{` opening a dump", at: start)
    }

    /// "NaN is not valid JSON" and the like for the non-finite spellings, else nil.
    func nonFiniteProblem(_ word: String) -> String? {
        var unsigned = word.lowercased()
        var sign = ""
        if let first = unsigned.first, first == "-" || first == "+" {
            sign = String(first)
            unsigned.removeFirst()
        }
        if unsigned == "nan" { return "NaN is not valid JSON" }
        if unsigned == "infinity" || unsigned == "inf" { return "\(sign)Infinity is not valid JSON" }
        return nil
    }

    @inline(never)
    mutating func badNumber(at start: Int) -> SyntaxError {
        let word = wordText(at: start)
        if isFirstToken(start), nonFiniteProblem(word) == nil { return notJSON(at: start) }
        if let problem = nonFiniteProblem(word) { return fail(problem, at: start) }
        return fail("invalid number '\(word)'", at: start)
    }

    /// A bare word where a value should be: a misspelt literal or an unquoted string.
    @inline(never)
    mutating func badWord(at start: Int) -> SyntaxError {
        let word = wordText(at: start)
        if let problem = nonFiniteProblem(word) { return fail(problem, at: start) }
        // A misspelt literal is quoted even as the first token: it is at most 5 letters of
        // `true`, `false` or `null`, nothing of anyone's.
        let lower = word.lowercased()
        if lower == "true" || lower == "false" || lower == "null" {
            return fail("invalid value '\(word)', JSON literals are lowercase: '\(lower)'", at: start)
        }
        if word.count >= 2, let literal = ["true", "false", "null"].first(where: { $0.hasPrefix(lower) }) {
            return fail("invalid value '\(word)', did you mean '\(literal)'?", at: start)
        }
        if isFirstToken(start) { return notJSON(at: start) }
        return fail("invalid value '\(word)', strings must be in double quotes", at: start)
    }

    /// The error for the escape whose backslash is at `i`.
    @inline(never)
    mutating func badEscape(at i: Int) -> SyntaxError {
        let e = byte(i &+ 1)
        if e < 0x20 { return fail("control character in string", at: i &+ 1) }
        if e >= 0x80 {
            let length = utf8SequenceLength(at: i &+ 1)
            if length == 0 { return fail("invalid UTF-8", at: i &+ 1) }
            let text = String(decoding: UnsafeRawBufferPointer(start: base + (i &+ 1), count: length), as: UTF8.self)
            return fail("invalid escape '\\\(text)'", at: i)
        }
        if e == 0x75 {  // u: show what follows, up to four printable characters
            var j = i &+ 2
            while j < end, j < i &+ 6, byte(j) > 0x20, byte(j) < 0x7F, byte(j) != 0x22 { j &+= 1 }
            let text = String(decoding: UnsafeRawBufferPointer(start: base + i, count: j &- i), as: UTF8.self)
            return fail("invalid escape '\(text)', expected four hex digits", at: i)
        }
        return fail("invalid escape '\\\(Character(Unicode.Scalar(e)))'", at: i)
    }

    /// The error for a `\uXXXX` surrogate at `i` without its other half.
    @inline(never)
    mutating func lonelySurrogate(at i: Int) -> SyntaxError {
        let text = String(decoding: UnsafeRawBufferPointer(start: base + i, count: 6), as: UTF8.self)
        return fail("lone surrogate '\(text)' in string", at: i)
    }

    /// The character at `i` for a message: `'x'` for printable ones, `U+XXXX` for
    /// control and invisible ones.
    func describeCharacter(at i: Int) -> String {
        let c = byte(i)
        if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        var scalar = UInt32(c)
        if c >= 0x80 {
            let length = utf8SequenceLength(at: i)
            if length == 0 { return "invalid UTF-8" }
            let text = String(decoding: UnsafeRawBufferPointer(start: base + i, count: length), as: UTF8.self)
            scalar = text.unicodeScalars.first!.value
            let properties = text.unicodeScalars.first!.properties
            if !properties.isWhitespace && properties.generalCategory != .format
                && properties.generalCategory != .control {
                return "'\(text)'"
            }
        }
        let hex = String(scalar, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
