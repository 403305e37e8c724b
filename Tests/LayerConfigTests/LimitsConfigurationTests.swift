import LayerConfig
import LayerDecode
import Testing

@Suite("The limits section of a configuration")
struct LimitsConfigurationTests {
    @Test("limits left out keep their defaults; those given replace them")
    func readsLimits() throws {
        #expect(Configuration().limits == DecodeLimits())
        let c = try ConfigurationLoader.parse("limits:\n  nestingDepth: 500\n  pathBytes: 4096\n", file: "cfg.yml")
        #expect(c.limits.nestingDepth == 500)
        #expect(c.limits.pathBytes == 4096)
        #expect(c.limits.layers == DecodeLimits.defaultLayers)
        #expect(c.limits.fileBytes == DecodeLimits.defaultFileBytes)
        #expect(try ConfigurationLoader.parse("limits:\n", file: "cfg.yml") == Configuration())
        #expect(try ConfigurationLoader.parse("limits: { layers: null }\n", file: "cfg.yml") == Configuration())
    }

    @Test("the printed configuration lists every limit and reads back equal")
    func roundTrip() throws {
        let c = try ConfigurationLoader.parse("limits: { layers: 7, fileBytes: 99999999999 }\n", file: "cfg.yml")
        let printed = c.yamlText
        #expect(printed.contains("limits:\n  nestingDepth: 1000000\n  layers: 7\n  fileBytes: 99999999999\n  pathBytes: 1048576\n"))
        #expect(try ConfigurationLoader.parse(printed, file: "printed.yml") == c)
        #expect(try ConfigurationLoader.parse(printed, file: "printed.yml") != Configuration())
    }

    @Test("a wrong limit is an error at its place", arguments: [
        ("limits:\n  depth: 10\n",
         "cfg.yml:2:3: error: unknown key 'depth' in 'limits'; expected one of: nestingDepth, layers, fileBytes, pathBytes, flowNestingDepth, nameBytes"),
        ("limits:\n  layer: 10\n",
         "cfg.yml:2:3: error: unknown key 'layer' in 'limits'; did you mean 'layers'?; expected one of: nestingDepth, layers, fileBytes, pathBytes, flowNestingDepth, nameBytes"),
        ("limits:\n  layers: 0\n", "cfg.yml:2:11: error: 'limits.layers' must be at least 1, found 0"),
        ("limits:\n  layers: 3000000000\n",
         "cfg.yml:2:11: error: 'limits.layers' can be at most 2147483646 (layers are numbered in 32 bits), found 3000000000"),
        ("limits:\n  pathBytes: -1\n", "cfg.yml:2:14: error: 'limits.pathBytes' must not be negative, found -1"),
        ("limits:\n  fileBytes: 4GB\n", "cfg.yml:2:14: error: 'limits.fileBytes' must be a whole number ≥ 0, found '4GB'"),
        ("limits:\n  nestingDepth: \"9\"\n",
         "cfg.yml:2:17: error: 'limits.nestingDepth' must be a whole number ≥ 0, found the text \"9\" (remove the quotes)"),
        ("limits: 100\n", "cfg.yml:1:9: error: 'limits' must be a mapping of keys to values, found '100'"),
    ])
    func errors(text: String, expected: String) {
        #expect(configurationError(text) == expected)
    }
}
