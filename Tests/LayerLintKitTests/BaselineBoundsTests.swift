import LayerLintKit
import Testing

/// Hostile baselines (docs/reliability.md): nesting and tags end in a precise error at
/// their place, never a crash.
@Suite("Baseline files: nesting and tags")
struct BaselineBoundsTests {
    private func error(_ text: String) -> String? {
        do {
            _ = try Baseline(fileText: text, path: "base.yml")
            return nil
        } catch {
            return error.description
        }
    }

    @Test("100,000 nested `[` are refused at the 64th level, not composed (which crashed the teardown)")
    func deepFlow() {
        #expect(error("version: 1\nfindings: " + String(repeating: "[", count: 100_000))
                == "base.yml:2:74: error: mappings and lists nested deeper than 64 levels; this file is read whole into memory and never needs that many")
    }

    @Test("a tag is an error at its place")
    func tags() {
        let text = "version: 1\nfindings:\n  - file: !!python/object/apply:os.system [\"id\"]\n    rule: r\n    layer: root\n    count: 1\n"
        #expect(error(text) == "base.yml:3:11: error: the tag '!!python/object/apply:os.system' is not allowed: LayerLint's YAML files define no tags; write the value without it (quote it to make it text)")
    }
}
