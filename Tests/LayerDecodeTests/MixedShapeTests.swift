import DumpGenerator
@testable import LayerDecode
import LayerImport
import LayerLintKit
import LayerModel
import LayerRules
import XCTest

/// The benchmark's mixed shape (docs/performance.md, issue 29) measures what it claims to
/// only if every rule fires on it and its YAML is read by the subset reader, not by
/// libyaml. Here, not in DumpGeneratorTests, because this target reaches the decoder and
/// the engine as well as the generator.
final class MixedShapeTests: XCTestCase {
    private static func generated(_ layers: Int, seed: UInt64 = 1) -> (yaml: [UInt8], json: [UInt8]) {
        let generator = DumpGenerator(GeneratorOptions(layers: layers, seed: seed, shape: .mixed))
        return (generator.bytes(.yaml).bytes, generator.bytes(.json).bytes)
    }

    func testEveryRuleFiresWithInfoAndWarningFindings() throws {
        let (yaml, json) = Self.generated(4_000)
        for (bytes, syntax) in [(yaml, LayerImport.DumpSyntax.yaml), (json, .json)] {
            let file = bytes.withUnsafeBytes { Linter().lint(bytes: $0, path: "mixed.\(syntax)", syntax: syntax) }
            XCTAssertNil(file.error)
            XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
            let findings = try XCTUnwrap(file.snapshots.first).findings
            var perRule: [String: Int] = [:]
            for finding in findings { perRule[finding.rule, default: 0] += 1 }
            for id in RuleRegistry.ids {
                XCTAssertGreaterThan(perRule[id] ?? 0, 0, "\(syntax): no \(id) finding")
            }
            XCTAssertEqual(Set(perRule.keys), Set(RuleRegistry.ids), "\(syntax)")
            XCTAssertTrue(findings.contains { $0.severity == .info }, "\(syntax): no info finding")
            XCTAssertTrue(findings.contains { $0.severity == .warning }, "\(syntax): no warning finding")
            // Dominated by shadows without a path, free clips and clipped shadows, at about
            // 0.4 findings a layer (the busy shape: 0.37, three kinds).
            let share = Double(findings.count) / 4_000
            XCTAssertGreaterThan(share, 0.3, "\(syntax): \(findings.count) findings")
            XCTAssertLessThan(share, 0.6, "\(syntax): \(findings.count) findings")
            let top = perRule.sorted { $0.value > $1.value }.prefix(3).map(\.key)
            XCTAssertEqual(Set(top), ["shadow-without-path", "unneeded-clip", "clipped-shadow"], "\(syntax): \(perRule)")
        }
    }

    /// The whole file is read and decoded by `SubsetYAMLReader`: any construct outside its
    /// subset, or a decoding error, would send `V1DumpReader` to libyaml for the whole file,
    /// and the benchmark would time libyaml twice instead of LayerLint's own reader.
    func testYAMLIsReadWithoutLibyaml() throws {
        let (yaml, _) = Self.generated(4_000)
        let trees = try yaml.withUnsafeBytes { raw in
            var decoder = DumpDecoder(source: SubsetYAMLReader(bytes: raw), expectedLayers: 4_000)
            return try decoder.decodeStream()
        }
        XCTAssertEqual(trees.count, 1)
        XCTAssertEqual(trees.first?.layers.count, 4_000)
        XCTAssertEqual(trees.first?.displayLinks.count, 4)
        XCTAssertNotNil(trees.first?.frameRateInfo)
        XCTAssertFalse(trees.first?.frameRateUnknown.contains(.animations) ?? true, "animations are read")
    }

    /// Both syntaxes of one seed decode to the same layers, number for number: the
    /// full-precision texts are the same shortest round-trip spellings in both.
    func testYAMLAndJSONDecodeToTheSameNumbers() throws {
        let (yaml, json) = Self.generated(3_000, seed: 2)
        let fromYAML = try XCTUnwrap(V1DumpReader().read(yaml, syntax: .yaml).snapshots.first)
        let fromJSON = try XCTUnwrap(V1DumpReader().read(json, syntax: .json).snapshots.first)
        XCTAssertEqual(fromYAML.layers.count, fromJSON.layers.count)
        for (a, b) in zip(fromYAML.layers, fromJSON.layers) {
            XCTAssertEqual(a.boundsSize, b.boundsSize)
            XCTAssertEqual(a.position, b.position)
            XCTAssertEqual(a.cornerRadius, b.cornerRadius)
            XCTAssertEqual(a.opacity, b.opacity)
            XCTAssertEqual(a.shadow.opacity, b.shadow.opacity)
            XCTAssertEqual(a.shadow.radius, b.shadow.radius)
            XCTAssertEqual(a.shadow.offset, b.shadow.offset)
        }
    }
}
