import Foundation
import LayerLintKit
import LayerImport
import YAML
import Testing

/// One realistic screen in fixtures/ with the findings its `.expect.yml` names.
struct Fixture: Sendable, CustomTestStringConvertible {
    let name: String
    let dump: URL
    let expectation: URL
    var testDescription: String { name }

    static var all: [Fixture] {
        let folder = repositoryRoot.appendingPathComponent("fixtures")
        // Kept out of fixtures/ so that linting the folder reads only dumps.
        let expectations = repositoryRoot.appendingPathComponent("Tests/LayerLintKitTests/FixtureExpectations")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            guard let syntax = DumpDetection.syntax(ofFileAt: name), !name.hasSuffix(".expect.yml") else { return nil }
            _ = syntax
            let base = String(name[..<name.lastIndex(of: ".")!])
            return Fixture(name: name, dump: folder.appendingPathComponent(name),
                           expectation: expectations.appendingPathComponent(base + ".expect.yml"))
        }
    }

    func lint() throws -> FileReport {
        let bytes = try [UInt8](Data(contentsOf: dump))
        return bytes.withUnsafeBytes { Linter().lint(bytes: $0, path: name, syntax: DumpDetection.syntax(ofFileAt: name)!) }
    }
}

@Suite("Fixtures")
struct FixtureTests {
    @Test("there are fixtures, each with expectations")
    func fixturesExist() {
        #expect(Fixture.all.count >= 8)
        for f in Fixture.all {
            #expect(FileManager.default.fileExists(atPath: f.expectation.path), "\(f.name) has no .expect.yml")
        }
    }

    @Test("each fixture gives exactly its expected findings and passes", arguments: Fixture.all)
    func fixture(_ f: Fixture) throws {
        let report = try f.lint()
        #expect(report.error == nil, "\(report.error?.message ?? "")")
        #expect(report.warnings.isEmpty, "\(report.warnings.map(\.message))")
        let expected = try #require(try YAMLNode.documents(in: String(contentsOf: f.expectation, encoding: .utf8)).first)
        let snapshots = expected["snapshots"]?.array ?? []
        #expect(snapshots.count == report.snapshots.count)
        for (want, got) in zip(snapshots, report.snapshots) {
            #expect(want["screen"]?.string == got.screen)
            #expect(Int(want["passes"]?.string ?? "") == got.estimate.passes, "passes of \(got.screen ?? "")")
            #expect(Int(want["passesAfterFixes"]?.string ?? "") == got.estimate.passesAfterFixes, "passes after fixes of \(got.screen ?? "")")
            let wanted: [String] = (want["findings"]?.array ?? []).map { (f: YAMLNode) -> String in
                let rule = f["rule"]?.string ?? "?", layer = f["layer"]?.string ?? "?", passes = f["passes"]?.string ?? "?"
                return "\(rule) \(layer) \(passes)"
            }.sorted()
            let found = got.findings.map { "\($0.rule) \($0.layerPath) \($0.passes)" }.sorted()
            #expect(wanted == found)
            // `line` tells apart findings of one rule on one layer (a display link each).
            for f in want["findings"]?.array ?? [] {
                guard let line = f["line"]?.string.flatMap({ Int($0) }) else { continue }
                #expect(got.findings.contains { $0.rule == f["rule"]?.string && $0.layerPath == f["layer"]?.string
                    && Int($0.location.line) == line }, "\(f["rule"]?.string ?? "") at line \(line)")
            }
        }
    }

    @Test("YAML and JSON spellings of a dump give identical findings", arguments: Fixture.all.filter { !$0.name.hasSuffix(".json") })
    func yamlAndJSONAgree(_ f: Fixture) throws {
        let yaml = try String(contentsOf: f.dump, encoding: .utf8)
        let fromYAML = try f.lint()
        var fromJSON: [SnapshotReport] = []
        for doc in try jsonEquivalent(ofYAML: yaml) {
            let r = Linter().lint(text: doc, path: "x.json", syntax: .json)
            #expect(r.error == nil, "\(r.error?.message ?? "") at \(r.error?.line ?? 0):\(r.error?.column ?? 0)")
            fromJSON += r.snapshots
        }
        #expect(fromJSON.count == fromYAML.snapshots.count)
        func strip(_ s: [SnapshotReport]) -> [String] {
            s.flatMap { snap in
                ["\(snap.screen ?? "") \(snap.estimate.passes) \(snap.estimate.passesAfterFixes)"]
                    + snap.findings.map { "\($0.rule) \($0.layerPath) \($0.severity) \($0.passes) \($0.passesAfterFix) \($0.message) \($0.fix)" }
            }
        }
        #expect(strip(fromYAML.snapshots) == strip(fromJSON))
    }
}

@Suite("Catalog examples in JSON")
struct CatalogJSONTests {
    @Test("every catalog example gives the same findings from YAML and from JSON", arguments: CatalogExample.all)
    func sameFindings(_ c: CatalogExample) throws {
        let yaml = lintYAML(c.example.dump)
        let json = Linter().lint(text: try #require(jsonEquivalent(ofYAML: c.example.dump).first), path: "x.json", syntax: .json)
        #expect(json.error == nil)
        #expect(yaml.allFindings.map { "\($0.rule) \($0.layerPath) \($0.message) \($0.fix)" }
                == json.allFindings.map { "\($0.rule) \($0.layerPath) \($0.message) \($0.fix)" })
    }
}
