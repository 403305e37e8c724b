import LayerConfig
import Testing

/// Hostile configurations (docs/reliability.md): nesting and tags end in a precise error
/// at their place, never a crash or minutes of libyaml.
@Suite("Configuration: nesting and tags")
struct ConfigurationBoundsTests {
    private func error(_ text: String) -> String? {
        do {
            _ = try ConfigurationLoader.parse(text, file: "cfg.yml")
            return nil
        } catch {
            return error.description
        }
    }

    @Test("100,000 nested `[` are refused at the 64th level, not composed (which crashed the teardown)")
    func deepFlow() {
        #expect(error("rules: " + String(repeating: "[", count: 100_000))
                == "cfg.yml:1:71: error: mappings and lists nested deeper than 64 levels; this file is read whole into memory and never needs that many")
    }

    @Test("deep block nesting is refused the same way")
    func deepBlock() {
        let text = "rules:\n" + (1..<70).map { String(repeating: " ", count: 2 * $0) + "k\($0):" }.joined(separator: "\n") + " x\n"
        #expect(error(text) == "cfg.yml:65:129: error: mappings and lists nested deeper than 64 levels; this file is read whole into memory and never needs that many")
    }

    @Test("limits.flowNestingDepth is read, printed and read back like the other limits")
    func flowNestingDepthLimit() throws {
        let c = try ConfigurationLoader.parse("limits:\n  flowNestingDepth: 25000\n", file: "cfg.yml")
        #expect(c.limits.flowNestingDepth == 25_000)
        #expect(c.yamlText.contains("  flowNestingDepth: 25000\n"))
        #expect(try ConfigurationLoader.parse(c.yamlText, file: "printed.yml") == c)
        #expect(try ConfigurationLoader.parse("", file: "cfg.yml").limits.flowNestingDepth == 1_000)
        #expect(error("limits:\n  flowNestingDepth: 0\n") == "cfg.yml:2:21: error: 'limits.flowNestingDepth' must be at least 1, found 0")
    }

    @Test("a tag is an error at its place, not the YAML syntax error preamble")
    func tags() {
        #expect(error("rules:\n  unneeded-clip: !!python/object:os.system off\n")
                == "cfg.yml:2:18: error: the tag '!!python/object:os.system' is not allowed: LayerLint's YAML files define no tags; write the value without it (quote it to make it text)")
        #expect(error("include: !foo [\"a/**\"]\n")?.hasPrefix("cfg.yml:1:10: error: the tag '!foo' is not allowed") == true)
    }
}
