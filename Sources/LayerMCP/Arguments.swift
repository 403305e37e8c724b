import LayerLintKit
import MCP

/// Reading a tool call's arguments, each wrong one a `ToolFailure` that says what was
/// expected: a model corrects a call from its message.
enum Arguments {
    static func refuseUnknown(_ arguments: [String: Value], known: Set<String>) throws(ToolFailure) {
        let unknown = arguments.keys.filter { !known.contains($0) }.sorted()
        guard unknown.isEmpty else {
            throw ToolFailure("unknown argument\(unknown.count == 1 ? "" : "s") \(unknown.map { Roots.quoted($0) }.joined(separator: ", ")); "
                + "this tool takes \(known.sorted().joined(separator: ", "))")
        }
    }

    static func format(_ value: Value?) throws(ToolFailure) -> DumpSyntax? {
        guard let value else { return nil }
        switch value.stringValue {
        case "auto": return nil
        case "yaml": return .yaml
        case "json": return .json
        case "recursive-description": return .recursiveDescription
        default: throw ToolFailure("`format` is one of auto, yaml, json, recursive-description")
        }
    }

    static func integer(_ value: Value?, name: String, default fallback: Int, range: ClosedRange<Int>) throws(ToolFailure) -> Int {
        guard let value else { return fallback }
        // A client may send 50.0 for 50.
        let n = value.intValue ?? value.doubleValue.flatMap { $0 == $0.rounded() && abs($0) < 1e9 ? Int($0) : nil }
        guard let n, range.contains(n) else {
            throw ToolFailure("`\(name)` is a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }

    /// A list of strings; one string alone is taken as a list of one.
    static func strings(_ value: Value, name: String) throws(ToolFailure) -> [String] {
        if let s = value.stringValue { return [s] }
        guard let items = value.arrayValue, let strings = Optional(items.compactMap(\.stringValue)), strings.count == items.count else {
            throw ToolFailure("`\(name)` is a list of paths (strings)")
        }
        return strings
    }

    static func string(_ value: Value?, name: String) throws(ToolFailure) -> String {
        guard let s = value?.stringValue else { throw ToolFailure("`\(name)` is a string") }
        return s
    }

    /// A dump's text. (The SDK reads a string that looks like a `data:` URL as data: no
    /// dump starts that way, so it is refused as one.)
    static func bytes(_ value: Value, name: String) throws(ToolFailure) -> [UInt8] {
        guard case .string(let s) = value else { throw ToolFailure("`\(name)` is a whole dump as one string (YAML, JSON or recursiveDescription text)") }
        return Array(s.utf8)
    }
}
