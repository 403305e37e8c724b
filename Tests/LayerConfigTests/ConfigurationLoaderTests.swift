import LayerConfig
import LayerFacts
import LayerRules
import Testing

/// The error `text` gives, rendered as the command line prints it.
func configurationError(_ text: String) -> String? {
    do {
        _ = try ConfigurationLoader.parse(text, file: "cfg.yml")
        return nil
    } catch {
        return error.description
    }
}

@Suite("Reading a configuration")
struct ConfigurationLoaderTests {
    @Test("an empty file, or comments only, is the default configuration")
    func emptyIsDefault() throws {
        #expect(try ConfigurationLoader.parse("", file: "cfg.yml") == Configuration())
        #expect(try ConfigurationLoader.parse("# nothing yet\n", file: "cfg.yml") == Configuration())
        #expect(try ConfigurationLoader.parse("rules:\nbudgets:\n", file: "cfg.yml") == Configuration())
        let defaults = Configuration()
        #expect(defaults.rules.count == RuleCatalog.embedded.rules.count)
        #expect(defaults.rules["unneeded-clip"] == RuleSettings(enabled: true, severity: .warning))
        #expect(defaults.tolerance == 0.5 && defaults.cost == .default && defaults.include.map(\.pattern) == ["**"])
    }

    @Test("the example of the documentation reads as it says")
    func fullExample() throws {
        let c = try ConfigurationLoader.parse("""
            rules:
              unneeded-clip: { severity: info }
              plain-layer-mask: off
              simple-shape-mask: { enabled: false, severity: error }
              shadow-without-path: error
            options:
              tolerance: 0.25
            cost:
              shadowWithoutPathBlurred: 4
              vibrancy: 0
            include: ["Snapshots/**/*.yml"]
            exclude: ["**/Legacy/**"]
            suppressions:
              - rule: shadow-without-path
                layerPath: "FeedCell/contentView/card"
                reason: "card shadow is rasterised once; measured in Instruments"
              - rule: "*"
                viewClass: "*Vibrancy*"
                files: "Snapshots/Settings/**"
                reason: system material
            budgets:
              passesPerSnapshot: 8
              passesPerFile: 20
            """, file: "cfg.yml")
        #expect(c.rules["unneeded-clip"] == RuleSettings(enabled: true, severity: .info))
        #expect(c.rules["plain-layer-mask"] == RuleSettings(enabled: false, severity: .warning))
        #expect(c.rules["simple-shape-mask"] == RuleSettings(enabled: false, severity: .error))
        #expect(c.rules["shadow-without-path"] == RuleSettings(enabled: true, severity: .error))
        // Every rule the file does not turn off stays on, the newer ones too.
        #expect(c.enabledRules == Set(RuleRegistry.ids).subtracting(["plain-layer-mask", "simple-shape-mask"]))
        #expect(c.enabledRules.isSuperset(of: ["unneeded-clip", "shadow-without-path"]))
        #expect(c.tolerance == 0.25)
        #expect(c.cost.shadowWithoutPathBlurred == 4 && c.cost.vibrancy == 0 && c.cost.mask == 2)
        #expect(c.include.map(\.pattern) == ["Snapshots/**/*.yml"])
        #expect(c.exclude.map(\.pattern) == ["**/Legacy/**"])
        #expect(c.suppressions.count == 2)
        #expect(c.suppressions[0].rule == "shadow-without-path" && c.suppressions[0].layerPath?.pattern == "FeedCell/contentView/card")
        #expect(c.suppressions[1].rule == nil && c.suppressions[1].viewClass?.kind == .name && c.suppressions[1].files != nil)
        #expect(c.budgets == Budgets(passesPerSnapshot: 8, passesPerFile: 20))
    }

    @Test("include and exclude select by the path relative to the configuration's folder")
    func includeExclude() throws {
        let c = try ConfigurationLoader.parse("include: [\"Snapshots/**/*.yml\"]\nexclude: [\"**/Legacy/**\"]\n", file: "cfg.yml")
        #expect(c.includes(relativePath: "Snapshots/feed.yml"))
        #expect(c.includes(relativePath: "Snapshots/Home/feed.yml"))
        #expect(!c.includes(relativePath: "Snapshots/Legacy/feed.yml"))
        #expect(!c.includes(relativePath: "Snapshots/feed.json"))
        #expect(!c.includes(relativePath: "Other/feed.yml"))
        #expect(Configuration().includes(relativePath: "any/where.json"))
    }

    @Test("every field of CostModel has a key under cost:")
    func costKeysCoverTheModel() throws {
        let fields = Mirror(reflecting: CostModel()).children.compactMap(\.label)
        #expect(Set(fields) == Set(Configuration.costKeys))
        #expect(fields.count == Configuration.costKeys.count)
        for (n, key) in Configuration.costKeys.enumerated() {
            let c = try ConfigurationLoader.parse("cost:\n  \(key): \(90 + n)\n", file: "cfg.yml")
            let changed = Mirror(reflecting: c.cost).children.filter { ($0.value as? Int) == 90 + n }.compactMap(\.label)
            #expect(changed == [key])
        }
    }

    @Test("the printed effective configuration reads back to an equal one")
    func roundTrip() throws {
        let written = try ConfigurationLoader.parse("""
            rules:
              unneeded-clip: info
              plain-layer-mask: off
            options: { tolerance: 0.125 }
            cost: { mask: 3, groupOpacity: 0 }
            include: ["Snapshots/**", "Other/*.json"]
            exclude: ['**/Legacy/**']
            suppressions:
              - rule: '*'
                layerPath: 'cell/UIImageView\\[0]/**'
                name: "av\\"atar # not a comment"
                reason: "multi\\nline \\\\ reason, \\t tab, ünïcode"
              - rule: simple-shape-mask
                viewClass: UIImageView
                files: "**/feed-*.yml"
                reason: ok
            budgets: { passesPerFile: 0 }
            """, file: "cfg.yml")
        #expect(written.suppressions[0].name?.pattern == "av\"atar # not a comment")
        let printed = written.yamlText
        let read = try ConfigurationLoader.parse(printed, file: "printed.yml")
        #expect(read == written, "\(printed)")
        #expect(read.yamlText == printed)
        let defaults = Configuration()
        #expect(try ConfigurationLoader.parse(defaults.yamlText, file: "printed.yml") == defaults)
        for id in RuleRegistry.ids { #expect(printed.contains("  \(id): {")) }
        for key in Configuration.costKeys { #expect(printed.contains("  \(key): ")) }
        #expect(printed.contains("passesPerSnapshot: null"))
    }
}
