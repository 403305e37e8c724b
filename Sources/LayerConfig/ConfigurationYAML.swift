import LayerDecode
import YAML

extension Configuration {
    /// The effective configuration as YAML: every rule, option, cost, pattern, suppression
    /// and budget, defaults included. `ConfigurationLoader` reads it back to an equal value,
    /// so it is a complete starting point for a `.layerlint.yml`.
    public var yamlText: String {
        var out = "# The effective LayerLint configuration: every setting, defaults included (docs/configuration.md).\n"
        out += "rules:\n"
        for id in ruleOrder {
            guard let settings = rules[id] else { continue }
            out += "  \(id): { enabled: \(settings.enabled), severity: \(settings.severity.rawValue) }\n"
        }
        out += "options:\n"
        out += "  tolerance: \(tolerance)\n"
        out += "  includeSystem: \(includeSystem)\n"
        out += "cost:\n"
        for (key, field) in CostKeys.all { out += "  \(key): \(cost[keyPath: field])\n" }
        out += "include: \(Self.flowList(include.map(\.pattern)))\n"
        out += "exclude: \(Self.flowList(exclude.map(\.pattern)))\n"
        out += suppressions.isEmpty ? "suppressions: []\n" : "suppressions:\n"
        for s in suppressions {
            out += "  - rule: \(Self.quoted(s.rule ?? "*"))\n"
            for (key, glob) in [("layerPath", s.layerPath), ("name", s.name), ("viewClass", s.viewClass), ("files", s.files)] {
                if let glob { out += "    \(key): \(Self.quoted(glob.pattern))\n" }
            }
            out += "    reason: \(Self.quoted(s.reason))\n"
        }
        out += "budgets:\n"
        out += "  passesPerSnapshot: \(budgets.passesPerSnapshot.map(String.init) ?? "null")\n"
        out += "  passesPerFile: \(budgets.passesPerFile.map(String.init) ?? "null")\n"
        out += "  maxOffscreenPixels: \(budgets.maxOffscreenPixels.map(String.init) ?? "null")\n"
        out += "ownership:\n"
        out += "  system: \(Self.flowList(ownership.system))\n"
        out += "  app: \(Self.flowList(ownership.app))\n"
        out += "limits:\n"
        for key in DecodeLimits.Key.allCases { out += "  \(key.rawValue): \(limits[key])\n" }
        return out
    }

    private static func flowList(_ items: [String]) -> String {
        "[" + items.map(quoted).joined(separator: ", ") + "]"
    }

    static func quoted(_ text: String) -> String { YAMLText.doubleQuoted(text) }
}
