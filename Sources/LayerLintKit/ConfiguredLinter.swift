import LayerConfig
import LayerRules

extension Linter {
    /// A linter that runs the enabled rules at their configured severities, with the
    /// configuration's cost table and tolerance.
    public init(configuration: Configuration) {
        let catalog = RuleEngine().catalog
        var overrides: [String: Severity] = [:]
        // Only real changes: a severity equal to the catalog's leaves the rule's own
        // per-finding severities as they are.
        for (id, settings) in configuration.rules where catalog[id]?.severity != settings.severity {
            overrides[id] = settings.severity
        }
        let engine = RuleEngine(severityOverrides: overrides).enabling(configuration.enabledRules)
        self.init(cost: configuration.cost, engine: engine, tolerance: configuration.tolerance,
                  limits: configuration.limits, ownership: configuration.ownership,
                  includeSystem: configuration.includeSystem)
    }
}
