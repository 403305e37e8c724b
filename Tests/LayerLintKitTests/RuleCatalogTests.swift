import Foundation
import LayerLintKit
import Testing

/// Every example of every `rules/<id>.yml` is a test case: adding a rule file adds its tests.
struct CatalogExample: Sendable, CustomTestStringConvertible {
    let rule: String
    let example: RuleExample
    let triggering: Bool
    var testDescription: String { "\(rule) \(triggering ? "triggers" : "stays silent"): \(example.description) (line \(example.line))" }

    static var all: [CatalogExample] {
        RuleCatalog.embedded.rules.flatMap { r in
            r.triggering.map { CatalogExample(rule: r.id, example: $0, triggering: true) }
                + r.nonTriggering.map { CatalogExample(rule: r.id, example: $0, triggering: false) }
        }
    }
}

@Suite("Rule catalog")
struct RuleCatalogTests {
    @Test("every rule with code has a catalog entry and every entry has code")
    func codeAndCatalogMatch() {
        let coded = Set(RuleRegistry.ids)
        let cataloged = Set(RuleCatalog.embedded.rules.map(\.id))
        #expect(coded == cataloged, "code without catalog: \(coded.subtracting(cataloged)); catalog without code: \(cataloged.subtracting(coded))")
        #expect(coded.count == RuleRegistry.ids.count, "two rules share an id")
    }

    @Test("every rule has triggering and non-triggering examples and references")
    func examplesExist() {
        for rule in RuleCatalog.embedded.rules {
            #expect(!rule.triggering.isEmpty, "\(rule.id) has no triggering example")
            #expect(!rule.nonTriggering.isEmpty, "\(rule.id) has no non-triggering example")
            #expect(!rule.references.isEmpty, "\(rule.id) cites no source")
        }
    }

    @Test("catalog examples", arguments: CatalogExample.all)
    func example(_ c: CatalogExample) throws {
        let report = lintYAML(c.example.dump)
        #expect(report.error == nil, "the example does not load: \(report.error?.message ?? "")")
        #expect(report.warnings.isEmpty, "the example has warnings: \(report.warnings.map(\.message))")
        let hits = report.allFindings.filter { $0.rule == c.rule }
        if c.triggering {
            // `expect` names the end of the layer path ("card" matches "cell/card").
            let reported = hits.map(\.layerPath)
            let matched = c.example.expectedLayers.map { want in reported.filter { $0 == want || $0.hasSuffix("/" + want) } }
            #expect(matched.allSatisfy { $0.count == 1 } && reported.count == c.example.expectedLayers.count,
                    "reported \(reported), expected \(c.example.expectedLayers)")
            for hit in hits {
                let text = [hit.message, hit.fix.summary, hit.fix.swift, hit.fix.objc]
                for t in text { #expect(!t.contains("{"), "unfilled placeholder in: \(t)") }
                for needle in c.example.expectedFix {
                    #expect(text.contains { $0.contains(needle) }, "fix lacks \(needle):\n\(hit.fix.swift)\n\(hit.fix.summary)")
                }
                #expect(hit.passes >= hit.passesAfterFix)
            }
        } else {
            #expect(hits.isEmpty, "unexpected: \(hits.map { "\($0.layerPath): \($0.message)" })")
        }
    }

    @Test("templates only use placeholders the rules fill")
    func placeholdersAreKnown() throws {
        // Every placeholder must be filled on the rule's first triggering example.
        for rule in RuleCatalog.embedded.rules {
            let example = try #require(rule.triggering.first)
            let hit = try #require(lintYAML(example.dump).allFindings.first { $0.rule == rule.id })
            for text in [hit.message, hit.fix.summary, hit.fix.swift, hit.fix.objc] {
                #expect(!text.contains("{"), "\(rule.id): \(text)")
            }
        }
    }

    @Test("the embedded catalog is the rules/ folder")
    func embeddedMatchesFolder() throws {
        let folder = repositoryRoot.appendingPathComponent("rules")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yml") }.sorted()
        #expect(names == RuleCatalog.embedded.rules.map(\.fileName).sorted())
    }

    @Test("a catalog file with an unknown field is refused")
    func strictCatalog() {
        #expect(throws: RuleCatalogError.self) {
            try RuleCatalogParser.parse(name: "x.yml", text: "id: x\ntitel: typo\n")
        }
    }
}
