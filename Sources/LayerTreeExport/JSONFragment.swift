/// Extra keys' values, written from their JSON fragments in one layout for both syntaxes:
/// no line breaks, `": "` and `", "` between tokens, numbers in the dumps' own form. A
/// fragment read back from a dump is written the same way again, so conversions are stable.
enum JSONFragment {
    static func normalized(_ json: String, syntax: DumpTextSyntax) -> String {
        var out = ""
        var token = ""
        var inString = false
        var escaped = false
        func flushToken() {
            guard !token.isEmpty else { return }
            if !["true", "false", "null"].contains(token), let v = Double(token) { out += NumberText.text(v) } else { out += token }
            token = ""
        }
        for c in json {
            if inString {
                if escaped {
                    escaped = false
                    // `\/` is JSON's alone; YAML's double quotes do not know it.
                    if c == "/" { out.removeLast(); out.append("/"); continue }
                } else if c == "\\" {
                    escaped = true
                } else if c == "\"" {
                    inString = false
                }
                out.append(c)
                continue
            }
            switch c {
            case "\"":
                flushToken(); inString = true; out.append(c)
            case ":", ",":
                flushToken(); out.append(c); out.append(" ")
            case "{", "}", "[", "]":
                flushToken(); out.append(c)
            case " ", "\t", "\n", "\r":
                flushToken()
            default:
                token.append(c)
            }
        }
        flushToken()
        return out.isEmpty ? "null" : out
    }
}
