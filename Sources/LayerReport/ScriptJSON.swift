import LayerModel

/// JSON for a `<script type="application/json">` element in the html report.
///
/// The page reads it with `JSON.parse`, never as script. HTML ends a script element at
/// the first `</script`, whatever the JSON means, so `<`, `>` and `&` are written
/// `\u003C`, `\u003E`, `\u0026`; U+2028 and U+2029 as `\u2028`, `\u2029` (line breaks to
/// older JavaScript). They can only occur inside strings, so escaping them everywhere in
/// the output keeps it the same JSON.
struct ScriptJSON {
    private(set) var text = ""

    mutating func raw(_ s: String) { text += s }
    mutating func string(_ s: String?) { text += s.map(Self.quoted) ?? "null" }
    mutating func number(_ v: Double) { text += DrawingSVG.n(v) }
    mutating func number(_ v: Int) { text += String(v) }
    mutating func bool(_ b: Bool) { text += b ? "true" : "false" }

    static func quoted(_ s: String) -> String {
        let q = JSONText.quoted(s)
        guard q.unicodeScalars.contains(where: { $0 == "<" || $0 == ">" || $0 == "&" || $0 == "\u{2028}" || $0 == "\u{2029}" }) else { return q }
        var out = String.UnicodeScalarView()
        for scalar in q.unicodeScalars {
            switch scalar {
            case "<": out.append(contentsOf: "\\u003C".unicodeScalars)
            case ">": out.append(contentsOf: "\\u003E".unicodeScalars)
            case "&": out.append(contentsOf: "\\u0026".unicodeScalars)
            case "\u{2028}": out.append(contentsOf: "\\u2028".unicodeScalars)
            case "\u{2029}": out.append(contentsOf: "\\u2029".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
