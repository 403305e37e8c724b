import Foundation
import LayerLintKit
import Testing

private func fixture(_ name: String, _ configuration: Configuration = Configuration()) throws -> FileReport {
    let url = repositoryRoot.appendingPathComponent("fixtures/\(name)")
    let bytes = try [UInt8](Data(contentsOf: url))
    return bytes.withUnsafeBytes { Linter(configuration: configuration).lint(bytes: $0, path: name, syntax: .yaml) }
}

private func config(_ text: String) throws -> Configuration { try ConfigurationLoader.parse(text, file: "cfg.yml") }

private func summary(_ report: FileReport) -> [String] {
    report.snapshots.flatMap(\.findings).map { "\($0.rule) \($0.layerPath) \($0.severity.rawValue)" }
}

@Suite("Applying a configuration")
struct ConfigurationTests {
    @Test("the default configuration lints as the plain linter does")
    func defaultsChangeNothing() throws {
        let plain = try fixture("settings-row.yml")
        let configured = try fixture("settings-row.yml", Configuration())
        #expect(summary(plain) == summary(configured))
        #expect(!summary(plain).isEmpty)
    }

    @Test("a disabled rule finds nothing; the estimate still counts its passes")
    func disabledRule() throws {
        let report = try fixture("feed-cell.yml", config("rules:\n  simple-shape-mask: off\n"))
        #expect(summary(report) == ["shadow-without-path FeedCell/contentView/card warning"])
        #expect(report.snapshots.map(\.estimate.passes) == [7, 2])
    }

    @Test("a severity override changes the findings' severity")
    func severityOverride() throws {
        let report = try fixture("feed-cell.yml", config("rules:\n  shadow-without-path: { severity: error }\n"))
        #expect(summary(report).first == "shadow-without-path FeedCell/contentView/card error")
        #expect(summary(report).filter { $0.hasPrefix("simple-shape-mask") }.allSatisfy { $0.hasSuffix(" warning") })
    }

    @Test("an override never raises what a rule marks lower on its own (a free clip stays info)")
    func overrideKeepsFreeFindingsLow() throws {
        let raised = try fixture("settings-row.yml", config("rules:\n  unneeded-clip: error\n"))
        #expect(summary(raised) == [
            "unneeded-clip SettingsDisclosureCell/UITableViewCellContentView info",
            "unneeded-clip SettingsDisclosureCell/UITableViewCellContentView/iconBackground error",
        ])
        let lowered = try fixture("settings-row.yml", config("rules:\n  unneeded-clip: info\n"))
        #expect(lowered.snapshots[0].findings.allSatisfy { $0.severity == .info })
    }

    @Test("RuleEngine: severity overrides and enabled rules")
    func engineHooks() throws {
        let dump = try String(contentsOf: repositoryRoot.appendingPathComponent("fixtures/feed-cell.yml"), encoding: .utf8)
        func findings(_ engine: RuleEngine) -> [String] {
            Linter(engine: engine).lint(text: dump).snapshots[0].findings.map { "\($0.rule) \($0.severity.rawValue)" }
        }
        #expect(findings(RuleEngine()) == ["shadow-without-path warning", "simple-shape-mask warning"])
        #expect(findings(RuleEngine(severityOverrides: ["simple-shape-mask": .info])) == ["shadow-without-path warning", "simple-shape-mask info"])
        #expect(findings(RuleEngine().enabling(["simple-shape-mask"])) == ["simple-shape-mask warning"])
        #expect(findings(RuleEngine().enabling([])).isEmpty)
    }

    @Test("findings carry the layer's view class")
    func viewClass() throws {
        let report = try fixture("feed-cell.yml")
        #expect(report.snapshots[0].findings.map(\.layerViewClass) == ["UIView", "UIImageView"])
    }

    @Test("the cost table changes passes")
    func costTable() throws {
        let report = try fixture("feed-cell.yml", config("cost:\n  shadowWithoutPathBlurred: 3\n  mask: 4\n"))
        #expect(report.snapshots.map(\.estimate.passes) == [7, 4])
        #expect(report.snapshots[0].findings.map(\.passes) == [3, 4])
    }

    @Test("the tolerance decides whether a slightly overflowing sublayer needs its clip")
    func tolerance() throws {
        let dump = """
            root:
              frame: [0, 0, 100, 100]
              sublayers:
                - name: box
                  frame: [0, 0, 100, 100]
                  masksToBounds: true
                  sublayers:
                    - frame: [-0.3, 0, 50, 50]
                      backgroundColor: "#FF0000"
            """
        func clips(_ c: Configuration) -> Int {
            Linter(configuration: c).lint(text: dump).snapshots[0].findings.filter { $0.rule == "unneeded-clip" }.count
        }
        #expect(clips(Configuration()) == 1)
        #expect(try clips(config("options: { tolerance: 0 }\n")) == 0)
    }

    @Test("suppressions by layer path, name and view class, limited to files")
    func suppressions() throws {
        let report = try fixture("feed-cell.yml")
        func apply(_ text: String, path: String = "Snapshots/feed-cell.yml") throws -> FileReport {
            try config(text).apply(to: report, relativePath: path)
        }
        let byPath = try apply("""
            suppressions:
              - rule: shadow-without-path
                layerPath: "FeedCell/*/card"
                reason: rasterised once
            """)
        #expect(summary(byPath).allSatisfy { $0.hasPrefix("simple-shape-mask") } && summary(byPath).count == 2)
        #expect(byPath.suppressedCount == 1)
        #expect(byPath.snapshots.map(\.estimate.passes) == [7, 2], "a suppression leaves the estimate physical")

        let byGlobstar = try apply("suppressions:\n  - { rule: '*', layerPath: '**/avatar', reason: r }\n")
        #expect(byGlobstar.suppressedCount == 2 && summary(byGlobstar) == ["shadow-without-path FeedCell/contentView/card warning"])

        let byName = try apply("suppressions:\n  - { rule: simple-shape-mask, name: 'ava*', reason: r }\n")
        #expect(byName.suppressedCount == 2)
        let wrongRule = try apply("suppressions:\n  - { rule: unneeded-clip, name: 'ava*', reason: r }\n")
        #expect(wrongRule.suppressedCount == 0)

        let byViewClass = try apply("suppressions:\n  - { rule: '*', viewClass: 'UIImage*', reason: r }\n")
        #expect(byViewClass.suppressedCount == 2)
        let nameAndClass = try apply("suppressions:\n  - { rule: '*', name: avatar, viewClass: UILabel, reason: r }\n")
        #expect(nameAndClass.suppressedCount == 0, "every pattern given must match")

        let limited = "suppressions:\n  - { rule: '*', layerPath: '**', files: 'Snapshots/**', reason: r }\n"
        #expect(try apply(limited).suppressedCount == 3)
        #expect(try apply(limited, path: "Other/feed-cell.yml").suppressedCount == 0)
    }

    @Test("budgets per snapshot and per file")
    func budgets() throws {
        let report = try fixture("feed-cell.yml")  // snapshots cost 7 and 2
        let perSnapshot = try config("budgets: { passesPerSnapshot: 2 }\n").apply(to: report, relativePath: "feed-cell.yml")
        #expect(perSnapshot.budgetViolations == [
            BudgetViolation(scope: .snapshot, screen: "FeedCell", line: report.snapshots[0].line, passes: 7, budget: 2),
        ])
        #expect(report.snapshots[0].line > 1)
        let perFile = try config("budgets: { passesPerFile: 8 }\n").apply(to: report, relativePath: "feed-cell.yml")
        #expect(perFile.budgetViolations == [BudgetViolation(scope: .file, screen: nil, line: 1, passes: 9, budget: 8)])
        let within = try config("budgets: { passesPerSnapshot: 7, passesPerFile: 9 }\n").apply(to: report, relativePath: "feed-cell.yml")
        #expect(within.budgetViolations.isEmpty)
        // Suppressed findings still cost their passes.
        let suppressed = try config("""
            budgets: { passesPerFile: 8 }
            suppressions: [{ rule: '*', layerPath: '**', reason: r }]
            """).apply(to: report, relativePath: "feed-cell.yml")
        #expect(suppressed.budgetViolations.count == 1 && suppressed.suppressedCount == 3)
    }

    @Test("include and exclude filter what folder walks find; named files are always linted")
    func inputSelection() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("layerlint-inputs-\(UUID().uuidString)")
            .resolvingSymlinksInPath()
        defer { try? FileManager.default.removeItem(at: root) }
        for file in ["Snapshots/a.yml", "Snapshots/Legacy/b.yml", "Snapshots/c.json", "Other/d.yml"] {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "root: {}\n".write(to: url, atomically: true, encoding: .utf8)
        }
        let c = try config("include: ['Snapshots/**/*.yml']\nexclude: ['**/Legacy/**']\n")
        let legacy = root.appendingPathComponent("Snapshots/Legacy/b.yml").path
        let (files, errors) = InputFiles.expand([root.path, legacy, "-"], configuration: c, configurationDirectory: root.path)
        #expect(errors.isEmpty)
        #expect(files.map { RelativePath.of($0.path, from: root.path) }.dropLast() == ["Snapshots/a.yml", "Snapshots/Legacy/b.yml"])
        #expect(files.last?.path == "-")
        // From a configuration one folder up, the same patterns select nothing.
        let above = InputFiles.expand([root.path], configuration: c, configurationDirectory: root.deletingLastPathComponent().path)
        #expect(above.files.isEmpty && above.errors.isEmpty)
    }
}
