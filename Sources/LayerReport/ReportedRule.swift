import LayerRules

/// A rule as the CI formats describe it: a catalog rule, or the `passes-budget` pseudo rule.
struct ReportedRule {
    struct Link { var title: String; var url: String }

    var id: String
    var title: String
    var summary: String
    var rationale: String
    var severity: Severity
    var category: String
    /// How to fix, in words and as Swift, with the layer's own numbers left out ("…").
    var fixSummary: String
    var fixSwift: String?
    var references: [Link]

    init(_ rule: RuleDescription) {
        id = rule.id; title = rule.title; summary = Self.oneParagraph(rule.summary)
        rationale = Self.oneParagraph(rule.rationale); severity = rule.severity; category = rule.category
        let fixWords = Self.elidingPlaceholders(rule.fixSummary)
        // A fix told wholly in the finding's values (`summary: "{how}"`) has no words left.
        fixSummary = fixWords.contains(where: \.isLetter) ? fixWords
            : "given with each finding, in the layer's own values (it depends on the layer)."
        // A rule whose code is the finding's own (`swift: "{swift}"`: which property to
        // change depends on the layer) has none to show without a finding.
        let swift = Self.elidingPlaceholders(rule.fixSwift)
        fixSwift = swift.contains(where: { !$0.isWhitespace && $0 != "…" }) ? swift : nil
        references = rule.references.map { Link(title: $0.title, url: $0.url) }
    }

    static let passesBudget: ReportedRule = {
        var r = ReportedRule(id: PassesBudgetRule.id, title: PassesBudgetRule.title, summary: PassesBudgetRule.summary,
                             rationale: PassesBudgetRule.rationale, severity: .error, category: "budget")
        r.fixSummary = PassesBudgetRule.fix
        return r
    }()

    private init(id: String, title: String, summary: String, rationale: String, severity: Severity, category: String) {
        self.id = id; self.title = title; self.summary = summary; self.rationale = rationale
        self.severity = severity; self.category = category; fixSummary = ""; fixSwift = nil; references = []
    }

    /// Every catalog rule, then `passes-budget`.
    static func all(in catalog: RuleCatalog) -> [ReportedRule] {
        catalog.rules.map(ReportedRule.init) + [passesBudget]
    }

    /// "shadow-without-path" → "ShadowWithoutPath".
    var upperCamelName: String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    func helpURI(default fallback: String) -> String { references.first?.url ?? fallback }

    /// Summary, rationale and fix as Markdown, with the references as links.
    var helpMarkdown: String {
        var md = "\(summary)\n\n\(rationale)\n\n**How to fix:** \(fixSummary)\n"
        if let fixSwift { md += "\n```swift\n\(fixSwift)\n```\n" }
        if !references.isEmpty {
            md += "\n**References:**\n\n"
            for r in references { md += "- [\(Self.linkText(r.title))](\(r.url))\n" }
        }
        return md
    }

    /// The same in plain text.
    var helpText: String {
        var text = "\(summary)\n\n\(rationale)\n\nHow to fix: \(fixSummary)\n"
        if let fixSwift { text += "\n    \(fixSwift)\n" }
        if !references.isEmpty {
            text += "\nReferences:\n"
            for r in references { text += "- \(r.title): \(r.url)\n" }
        }
        return text
    }

    private static func linkText(_ s: String) -> String {
        s.escaping(["[": "\\[", "]": "\\]"])
    }

    /// Catalog prose is folded YAML: joins its lines into one paragraph.
    private static func oneParagraph(_ s: String) -> String {
        s.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A fix template without a finding's values: each placeholder becomes "…", and one
    /// that ends the text (an optional caveat) goes.
    private static func elidingPlaceholders(_ template: MessageTemplate) -> String {
        var text = oneParagraph(template.text)
        for name in template.placeholders {
            let token = "{\(name)}"
            if text.hasSuffix(token) { text.removeLast(token.count) }
            text = text.replacingScalars(of: token, with: "…")
        }
        return text
    }
}
