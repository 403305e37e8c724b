import LayerDecode
import LayerFacts
import LayerRules
import YAML

/// Reads the text of a `.layerlint.yml`. Strict: a misspelt key, an unknown rule or a
/// value of the wrong kind is an error at its place, never a setting silently ignored.
struct ConfigurationParser {
    let reader: YAMLFieldReader
    let catalog: RuleCatalog

    static let topLevelKeys = ["rules", "options", "cost", "include", "exclude", "suppressions", "budgets", "limits", "ownership"]
    static let ruleKeys = ["enabled", "severity"]
    static let optionKeys = ["tolerance", "includeSystem"]
    static let ownershipKeys = ["system", "app"]
    static let suppressionKeys = ["rule", "layerPath", "name", "viewClass", "files", "reason"]
    static let budgetKeys = ["passesPerSnapshot", "passesPerFile", "maxOffscreenPixels"]
    static let limitKeys = DecodeLimits.Key.allCases.map(\.rawValue)

    func parse(_ text: String) throws(ConfigurationError) -> Configuration {
        let documents: [YAMLNode]
        do {
            documents = try YAMLNode.documents(in: text)
        } catch let e {
            // Valid YAML this reader refuses (a tag, too deep) says so without the preamble.
            guard e.kind == .syntax else { throw reader.error(e.message, at: e.mark) }
            // `*` starts an alias in YAML, and patterns often start with it.
            let hint = e.message.contains("alias") ? "; a value that starts with '*' must be quoted, as in \"**/*.yml\"" : ""
            throw reader.error("this is not valid YAML: \(e.message)\(hint)", at: e.mark)
        }
        var configuration = Configuration(catalog: catalog)
        guard let root = documents.first, !reader.isNull(root) else { return configuration }
        if documents.count > 1 {
            throw reader.error("a configuration is one YAML document; remove the second '---' and what follows",
                               at: documents[1].mark)
        }
        for (key, _, value) in try reader.mapping(root, "", allowed: Self.topLevelKeys) where !reader.isNull(value) {
            switch key {
            case "rules": try readRules(value, into: &configuration)
            case "options": try readOptions(value, into: &configuration)
            case "cost": configuration.cost = try readCost(value)
            case "include":
                configuration.include = try reader.globs(value, "include", kind: .path)
                if configuration.include.isEmpty {
                    throw reader.error("'include' needs at least one pattern; leave the key out to lint every dump a folder holds",
                                       at: value.mark)
                }
            case "exclude": configuration.exclude = try reader.globs(value, "exclude", kind: .path)
            case "suppressions":
                configuration.suppressions = try reader.sequence(value, "suppressions").enumerated().map {
                    (i, item) throws(ConfigurationError) in try readSuppression(item, "suppressions[\(i)]")
                }
            case "limits": configuration.limits = try readLimits(value)
            case "ownership": configuration.ownership = try readOwnership(value)
            default: configuration.budgets = try readBudgets(value)
            }
        }
        return configuration
    }

    private var ruleIDs: [String] { catalog.rules.map(\.id) }

    private func readRules(_ node: YAMLNode, into configuration: inout Configuration) throws(ConfigurationError) {
        for (id, keyMark, value) in try reader.mapping(node, "rules", allowed: nil) {
            guard var settings = configuration.rules[id] else {
                throw reader.error("unknown rule '\(id)' in 'rules'\(suggestion(for: id, in: ruleIDs))"
                                   + "; the rules are: \(ruleIDs.joined(separator: ", "))", at: keyMark)
            }
            let name = "rules.\(id)"
            switch value.content {
            case .scalar(let text, false, _) where YAMLFieldReader.booleans[text] != nil:
                settings.enabled = YAMLFieldReader.booleans[text]!
            case .scalar(let text, false, _) where Severity(rawValue: text) != nil:
                settings.severity = Severity(rawValue: text)!
            case .mapping:
                for (key, _, field) in try reader.mapping(value, name, allowed: Self.ruleKeys) {
                    if key == "enabled" {
                        settings.enabled = try reader.bool(field, "\(name).enabled")
                    } else {
                        settings.severity = try severity(field, "\(name).severity")
                    }
                }
            default:
                var hint = ""
                if case .scalar(let text, _, _) = value.content, let near = nearest(to: text, in: ["off", "on"] + Self.severities) {
                    hint = "; did you mean '\(near)'?"
                }
                throw reader.error("'\(name)' must be off, on, a severity (info, warning, error) or a mapping "
                                   + "with 'enabled' and 'severity', found \(reader.describe(value))\(hint)", at: value.mark)
            }
            configuration.rules[id] = settings
        }
    }

    private static let severities = Severity.allCases.map(\.rawValue)

    private func severity(_ node: YAMLNode, _ name: String) throws(ConfigurationError) -> Severity {
        let text = try reader.string(node, name)
        guard let value = Severity(rawValue: text) else {
            throw reader.error("'\(name)' must be info, warning or error, found '\(text)'"
                               + suggestion(for: text, in: Self.severities), at: node.mark)
        }
        return value
    }

    private func readOptions(_ node: YAMLNode, into configuration: inout Configuration) throws(ConfigurationError) {
        for (key, _, value) in try reader.mapping(node, "options", allowed: Self.optionKeys) {
            if key == "includeSystem" {
                configuration.includeSystem = try reader.bool(value, "options.includeSystem")
            } else {
                configuration.tolerance = try reader.nonNegativeNumber(value, "options.tolerance")
            }
        }
    }

    /// Patterns are added to the defaults, once each: a printed configuration, which lists
    /// the defaults, reads back to the same patterns.
    private func readOwnership(_ node: YAMLNode) throws(ConfigurationError) -> OwnershipPatterns {
        var patterns = OwnershipPatterns.default
        for (key, _, value) in try reader.mapping(node, "ownership", allowed: Self.ownershipKeys) {
            let name = "ownership.\(key)"
            for item in try reader.sequence(value, name) {
                let pattern = try reader.string(item, name)
                guard !pattern.isEmpty else { throw reader.error("'\(name)' holds an empty pattern", at: item.mark) }
                if key == "system" {
                    if !patterns.system.contains(pattern) { patterns.system.append(pattern) }
                } else if !patterns.app.contains(pattern) {
                    patterns.app.append(pattern)
                }
            }
        }
        return patterns
    }

    private func readCost(_ node: YAMLNode) throws(ConfigurationError) -> CostModel {
        var cost = CostModel.default
        let fields = CostKeys.all
        for (key, _, value) in try reader.mapping(node, "cost", allowed: fields.map(\.key), what: "cost entry") {
            let field = fields.first { $0.key == key }!.field
            // Passes are kept in a byte per reason and layer; a larger cost would be cut to
            // 255 in silence, so it is refused here.
            let passes = try reader.count(value, "cost.\(key)")
            guard passes <= CostModel.maximumPasses else {
                throw reader.error("'cost.\(key)' must be at most \(CostModel.maximumPasses) passes, found \(passes)", at: value.mark)
            }
            cost[keyPath: field] = passes
        }
        return cost
    }

    private func readBudgets(_ node: YAMLNode) throws(ConfigurationError) -> Budgets {
        var budgets = Budgets()
        for (key, _, value) in try reader.mapping(node, "budgets", allowed: Self.budgetKeys) where !reader.isNull(value) {
            let n = try reader.count(value, "budgets.\(key)")
            switch key {
            case "passesPerSnapshot": budgets.passesPerSnapshot = n
            case "passesPerFile": budgets.passesPerFile = n
            default: budgets.maxOffscreenPixels = n
            }
        }
        return budgets
    }

    /// Each limit is a whole number ≥ 1: a limit of 0 would refuse every dump.
    private func readLimits(_ node: YAMLNode) throws(ConfigurationError) -> DecodeLimits {
        var limits = DecodeLimits()
        for (key, _, value) in try reader.mapping(node, "limits", allowed: Self.limitKeys) where !reader.isNull(value) {
            let n = try reader.count(value, "limits.\(key)")
            guard n >= 1 else { throw reader.error("'limits.\(key)' must be at least 1, found 0", at: value.mark) }
            if key == DecodeLimits.Key.layers.rawValue, n > DecodeLimits.maximumLayers {
                throw reader.error("'limits.layers' can be at most \(DecodeLimits.maximumLayers) (layers are numbered in 32 bits), found \(n)",
                                   at: value.mark)
            }
            limits[DecodeLimits.Key(rawValue: key)!] = n
        }
        return limits
    }

    private func readSuppression(_ node: YAMLNode, _ name: String) throws(ConfigurationError) -> Suppression {
        let pairs = try reader.mapping(node, name, allowed: Self.suppressionKeys)
        func value(_ key: String) -> YAMLNode? { pairs.first { $0.key == key }?.value }
        guard let ruleNode = value("rule") else {
            throw reader.error("'\(name)' needs 'rule': a rule id, or '*' for every rule", at: node.mark)
        }
        let rule = try reader.string(ruleNode, "\(name).rule")
        if rule != "*" && catalog[rule] == nil {
            throw reader.error("unknown rule '\(rule)' in '\(name).rule'\(suggestion(for: rule, in: ruleIDs))"
                               + "; the rules are: \(ruleIDs.joined(separator: ", ")), or '*' for all", at: ruleNode.mark)
        }
        func pattern(_ key: String, _ kind: Glob.Kind) throws(ConfigurationError) -> Glob? {
            guard let node = value(key) else { return nil }
            return try reader.glob(node, "\(name).\(key)", kind: kind)
        }
        let suppression = Suppression(
            rule: rule == "*" ? nil : rule,
            layerPath: try pattern("layerPath", .path), name: try pattern("name", .name),
            viewClass: try pattern("viewClass", .name), files: try pattern("files", .path),
            reason: try value("reason").map { (n) throws(ConfigurationError) in try reader.string(n, "\(name).reason") } ?? "")
        guard suppression.layerPath != nil || suppression.name != nil || suppression.viewClass != nil else {
            throw reader.error("'\(name)' must say which layers it covers: give 'layerPath', 'name' or 'viewClass' "
                               + "(patterns; '**' for every layer)", at: node.mark)
        }
        guard !suppression.reason.allSatisfy(\.isWhitespace) else {
            let mark = value("reason")?.mark ?? node.mark
            throw reader.error("'\(name)' needs a non-empty 'reason': say why these findings are accepted", at: mark)
        }
        return suppression
    }
}
