import YAML
import LayerModel

/// The rule catalog: every `rules/<id>.yml`, embedded in the binary at build time.
public struct RuleCatalog: Sendable {
    public let rules: [RuleDescription]

    public init(rules: [RuleDescription]) { self.rules = rules }

    public subscript(id: String) -> RuleDescription? { rules.first { $0.id == id } }

    /// The catalog this binary was built with.
    public static let embedded: RuleCatalog = {
        do {
            return RuleCatalog(rules: try EmbeddedRuleCatalog.files.map { try RuleCatalogParser.parse(name: $0.name, text: $0.text) })
        } catch {
            // The catalog is checked by the test suite; a broken one must not ship silently.
            fatalError("embedded rule catalog is invalid: \(error)")
        }
    }()
}

public struct RuleCatalogError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String
    public var description: String { "\(file):\(line): \(message)" }
}

/// Reads one catalog file. Strict: a missing or misspelt field is an error, so the
/// catalog cannot drift from what the code and the tests expect.
public enum RuleCatalogParser {
    static let fields: Set<String> = [
        "id", "title", "summary", "severity", "category", "passes", "message", "messageVariants",
        "fix", "rationale", "references", "examples", "unknowns", "needs",
    ]

    public static func parse(name: String, text source: String) throws -> RuleDescription {
        func fail(_ message: String, _ mark: YAMLMark? = nil) -> RuleCatalogError {
            RuleCatalogError(file: "rules/\(name)", line: mark?.line ?? 1, message: message)
        }
        let docs: [YAMLNode]
        do { docs = try YAMLNode.documents(in: source) } catch { throw fail(error.message, error.mark) }
        guard docs.count == 1, case .mapping(let pairs, _) = docs[0].content else { throw fail("a rule file is one mapping") }
        for pair in pairs where !fields.contains(pair.key) { throw fail("unknown field '\(pair.key)'", pair.keyMark) }
        let root = docs[0]
        func text(_ node: YAMLNode?, _ field: String) throws -> String {
            guard let s = node?.string, !s.isEmpty else { throw fail("missing text field '\(field)'", node?.mark) }
            return s
        }
        let fix = root["fix"]
        guard let severity = Severity(rawValue: try text(root["severity"], "severity")) else {
            throw fail("severity must be info, warning or error", root["severity"]?.mark)
        }
        var variants: [String: MessageTemplate] = [:]
        if case .mapping(let vs, _)? = root["messageVariants"]?.content {
            for v in vs { variants[v.key] = MessageTemplate(try text(v.value, "messageVariants.\(v.key)")) }
        }
        let references = try (root["references"]?.array ?? []).map { ref in
            RuleReference(id: try text(ref["id"], "references.id"), title: try text(ref["title"], "references.title"),
                          url: try text(ref["url"], "references.url"))
        }
        func examples(_ key: String, triggering: Bool) throws -> [RuleExample] {
            try (root["examples"]?[key]?.array ?? []).map { ex in
                let expected = ex["expect"].map { $0.array?.compactMap(\.string) ?? [$0.string].compactMap { $0 } } ?? []
                if triggering && expected.isEmpty { throw fail("a triggering example needs `expect` (the layer path it reports)", ex.mark) }
                let fixText = ex["fixContains"].map { $0.array?.compactMap(\.string) ?? [$0.string].compactMap { $0 } } ?? []
                return RuleExample(description: try text(ex["description"], "description"), dump: try text(ex["dump"], "dump"),
                                   expectedLayers: expected, expectedFix: fixText, line: ex.mark.line)
            }
        }
        // The properties without which the rule cannot judge a layer: a report says which
        // rules could not run on a dump that does not carry them.
        guard let needNodes = root["needs"]?.array else { throw fail("missing list field 'needs' (the properties the rule rests on)") }
        var needs: UnknownProperties = []
        for node in needNodes {
            let name = try text(node, "needs")
            let property = UnknownProperties(named: name)
            guard !property.isEmpty else {
                throw fail("unknown property '\(name)' in 'needs'; the properties are: \(UnknownProperties.named.map(\.name).joined(separator: ", "))", node.mark)
            }
            needs.formUnion(property)
        }
        let description = RuleDescription(
            id: try text(root["id"], "id"),
            title: try text(root["title"], "title"),
            summary: try text(root["summary"], "summary"),
            severity: severity,
            category: try text(root["category"], "category"),
            passes: try text(root["passes"], "passes"),
            message: MessageTemplate(try text(root["message"], "message")),
            messageVariants: variants,
            fixSummary: MessageTemplate(try text(fix?["summary"], "fix.summary")),
            fixSwift: MessageTemplate(try text(fix?["swift"], "fix.swift")),
            fixObjC: MessageTemplate(try text(fix?["objc"], "fix.objc")),
            rationale: try text(root["rationale"], "rationale"),
            unknowns: try text(root["unknowns"], "unknowns"),
            needs: needs,
            references: references,
            triggering: try examples("triggering", triggering: true),
            nonTriggering: try examples("nonTriggering", triggering: false),
            fileName: name)
        guard name == description.id + ".yml" else { throw fail("file name must be \(description.id).yml") }
        return description
    }
}
