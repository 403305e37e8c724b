import LayerLintKit

/// What a test accepts: the findings of a rule, or the layers a path pattern matches.
/// A string literal is a rule when it is the id of a rule of the catalog, else a layer
/// path pattern (`"cell/avatar"`, `"Feed/**/avatar"`, as `.layerlint.yml`'s suppressions
/// take them).
public struct OffscreenPassIgnore: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
        case rule(String)
        case layers(String)
    }
    let kind: Kind

    /// Every finding of the rule `id`, and the passes it accounts for.
    public static func rule(_ id: String) -> OffscreenPassIgnore { OffscreenPassIgnore(kind: .rule(id)) }

    /// Every layer whose path matches `pattern`, with its passes and findings.
    public static func layers(_ pattern: String) -> OffscreenPassIgnore { OffscreenPassIgnore(kind: .layers(pattern)) }

    init(kind: Kind) { self.kind = kind }

    public init(stringLiteral value: String) {
        let isRule = RuleRegistry.all.contains { type(of: $0).id == value }
        kind = isRule ? .rule(value) : .layers(value)
    }

    public var description: String {
        switch kind {
        case .rule(let id): id
        case .layers(let pattern): pattern
        }
    }
}
