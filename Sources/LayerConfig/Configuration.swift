import LayerDecode
import LayerFacts
import LayerRules

/// The effective settings of a run: what `.layerlint.yml` says, with the defaults for
/// everything it leaves out. Always complete (every rule of the catalog has settings), so
/// two configurations that behave alike compare equal however they were written.
public struct Configuration: Sendable, Equatable {
    /// Settings of every rule of the catalog, by rule id.
    public var rules: [String: RuleSettings]
    /// Geometric slack in points when LayerLint decides whether one shape holds another
    /// (an unneeded clip, a mask equal to its host's bounds). Applies to every rule: the
    /// facts the rules share are computed once with it.
    public var tolerance: Double
    /// Offscreen passes per trigger (docs/cost-model.md).
    public var cost: CostModel
    /// Files a folder walk lints, relative to the configuration's folder. Never empty.
    public var include: [Glob]
    /// Files a folder walk skips even when `include` matches them.
    public var exclude: [Glob]
    public var suppressions: [Suppression]
    public var budgets: Budgets
    /// Ceilings on what one dump file may hold (docs/reliability.md).
    public var limits: DecodeLimits
    /// Which classes UIKit and AppKit create: the defaults, with the configuration's
    /// `ownership.system` and `ownership.app` patterns added.
    public var ownership: OwnershipPatterns
    /// Whether findings deep inside layers the system created are listed
    /// (`options.includeSystem`, or `--include-system`).
    public var includeSystem: Bool

    /// The rule order of `yamlText` and of reports: the catalog's.
    public let ruleOrder: [String]

    public static let defaultTolerance = 0.5
    /// `**`: every dump a folder holds.
    public static let defaultInclude = [try! Glob("**", kind: .path)]

    /// The defaults: every rule of `catalog` on at its catalog severity.
    public init(catalog: RuleCatalog = .embedded) {
        var rules: [String: RuleSettings] = [:]
        for rule in catalog.rules { rules[rule.id] = RuleSettings(enabled: true, severity: rule.severity) }
        self.rules = rules
        ruleOrder = catalog.rules.map(\.id)
        tolerance = Self.defaultTolerance
        cost = .default
        include = Self.defaultInclude
        exclude = []
        suppressions = []
        budgets = Budgets()
        limits = DecodeLimits()
        ownership = .default
        includeSystem = false
    }

    /// The ids of the rules that run.
    public var enabledRules: Set<String> { Set(rules.filter(\.value.enabled).keys) }

    public static func == (a: Configuration, b: Configuration) -> Bool {
        a.rules == b.rules && a.tolerance == b.tolerance && a.cost == b.cost && a.include == b.include
            && a.exclude == b.exclude && a.suppressions == b.suppressions && a.budgets == b.budgets
            && a.limits == b.limits && a.ownership == b.ownership && a.includeSystem == b.includeSystem
    }

    /// Whether a dump found by walking a folder is linted. `relativePath` is its path
    /// relative to the configuration's folder, `/`-separated.
    public func includes(relativePath: String) -> Bool {
        include.contains { $0.matches(relativePath) } && !exclude.contains { $0.matches(relativePath) }
    }
}

public struct RuleSettings: Sendable, Hashable {
    public var enabled: Bool
    /// Replaces the catalog's severity. A rule that marks some findings lower on its own
    /// (an unneeded clip that costs nothing is `info`) keeps them at most that low.
    public var severity: Severity
    public init(enabled: Bool, severity: Severity) { self.enabled = enabled; self.severity = severity }
}

/// Findings the team has decided to keep, each with the reason why.
public struct Suppression: Sendable, Hashable {
    /// A rule id, or nil for every rule (`*`).
    public var rule: String?
    /// Each pattern given must match; at least one of the three is given.
    public var layerPath: Glob?
    public var name: Glob?
    public var viewClass: Glob?
    /// Limits the suppression to files whose path relative to the configuration's folder
    /// matches; nil for every file.
    public var files: Glob?
    public var reason: String

    public init(rule: String?, layerPath: Glob? = nil, name: Glob? = nil, viewClass: Glob? = nil,
                files: Glob? = nil, reason: String) {
        self.rule = rule; self.layerPath = layerPath; self.name = name; self.viewClass = viewClass
        self.files = files; self.reason = reason
    }

    /// Whether this suppresses a finding of `rule` on a layer with this path, name and
    /// view class, in the file at `relativePath`. A `name` or `viewClass` pattern never
    /// matches a layer that has no name or no view class.
    public func matches(rule id: String, layerPath path: String, name layerName: String?, viewClass layerViewClass: String?,
                        relativePath: String) -> Bool {
        if let rule, rule != id { return false }
        if let files, !files.matches(relativePath) { return false }
        if let layerPath, !layerPath.matches(path) { return false }
        if let name {
            guard let layerName, name.matches(layerName) else { return false }
        }
        if let viewClass {
            guard let layerViewClass, viewClass.matches(layerViewClass) else { return false }
        }
        return true
    }
}

/// Ceilings on estimated offscreen passes per frame; nil is no ceiling.
public struct Budgets: Sendable, Hashable {
    public var passesPerSnapshot: Int?
    /// The sum over a file's snapshots.
    public var passesPerFile: Int?
    /// Pixels a snapshot may render offscreen per frame (passes × the area each covers).
    public var maxOffscreenPixels: Int?
    public init(passesPerSnapshot: Int? = nil, passesPerFile: Int? = nil, maxOffscreenPixels: Int? = nil) {
        self.passesPerSnapshot = passesPerSnapshot; self.passesPerFile = passesPerFile
        self.maxOffscreenPixels = maxOffscreenPixels
    }
}
