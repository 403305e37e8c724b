import LayerConfig
import Testing

/// Each mistake is an error at the key or value at fault, naming it.
@Suite("Configuration errors")
struct ConfigurationErrorTests {
    @Test("errors read path:line:column: error: message", arguments: [
        // Unknown keys, at every level, with the nearest valid key.
        ("rulez: {}\n",
         "cfg.yml:1:1: error: unknown key 'rulez' at the top level; did you mean 'rules'?"),
        ("rules:\n  unneeded-clip: { severty: info }\n",
         "cfg.yml:2:20: error: unknown key 'severty' in 'rules.unneeded-clip'; did you mean 'severity'?"),
        ("options:\n  tolerence: 1\n",
         "cfg.yml:2:3: error: unknown key 'tolerence' in 'options'; did you mean 'tolerance'?"),
        ("cost:\n  shadowWithoutPath: 3\n",
         "cfg.yml:2:3: error: unknown cost entry 'shadowWithoutPath' in 'cost'"),
        ("budgets:\n  passesPerSnapshots: 3\n",
         "cfg.yml:2:3: error: unknown key 'passesPerSnapshots' in 'budgets'; did you mean 'passesPerSnapshot'?"),
        ("suppressions:\n  - rule: plain-layer-mask\n    layerpath: a\n    reason: r\n",
         "cfg.yml:3:5: error: unknown key 'layerpath' in 'suppressions[0]'; did you mean 'layerPath'?"),
        // Unknown rule ids.
        ("rules:\n  unneded-clip: off\n",
         "cfg.yml:2:3: error: unknown rule 'unneded-clip' in 'rules'; did you mean 'unneeded-clip'?"),
        ("suppressions:\n  - rule: shadow-without-paths\n    name: a\n    reason: r\n",
         "cfg.yml:2:11: error: unknown rule 'shadow-without-paths' in 'suppressions[0].rule'; did you mean 'shadow-without-path'?"),
        // Wrong types.
        ("rules: [unneeded-clip]\n",
         "cfg.yml:1:8: error: 'rules' must be a mapping of keys to values, found a list"),
        ("cost:\n  mask: \"3\"\n",
         "cfg.yml:2:9: error: 'cost.mask' must be a whole number ≥ 0, found the text \"3\" (remove the quotes)"),
        ("cost:\n  mask: 2.5\n",
         "cfg.yml:2:9: error: 'cost.mask' must be a whole number ≥ 0, found '2.5'"),
        ("options:\n  tolerance: wide\n",
         "cfg.yml:2:14: error: 'options.tolerance' must be a number ≥ 0, found 'wide'"),
        ("rules:\n  unneeded-clip: { enabled: maybe }\n",
         "cfg.yml:2:29: error: 'rules.unneeded-clip.enabled' must be true or false, found 'maybe'"),
        ("include: \"**/*.yml\"\n",
         "cfg.yml:1:10: error: 'include' must be a list, found the text \"**/*.yml\""),
        ("suppressions:\n  rule: plain-layer-mask\n",
         "cfg.yml:2:3: error: 'suppressions' must be a list, found a mapping"),
        // Negative numbers.
        ("cost:\n  mask: -1\n",
         "cfg.yml:2:9: error: 'cost.mask' must not be negative, found -1"),
        // Passes are kept in a byte per reason and layer: more than 255 is refused, not cut.
        ("cost:\n  mask: 256\n",
         "cfg.yml:2:9: error: 'cost.mask' must be at most 255 passes, found 256"),
        ("budgets:\n  passesPerFile: -3\n",
         "cfg.yml:2:18: error: 'budgets.passesPerFile' must not be negative, found -3"),
        ("options:\n  tolerance: -0.5\n",
         "cfg.yml:2:14: error: 'options.tolerance' must not be negative, found -0.5"),
        // Invalid severities.
        ("rules:\n  unneeded-clip: { severity: warn }\n",
         "cfg.yml:2:30: error: 'rules.unneeded-clip.severity' must be info, warning or error, found 'warn'; did you mean 'warning'?"),
        ("rules:\n  unneeded-clip: fatal\n",
         "cfg.yml:2:18: error: 'rules.unneeded-clip' must be off, on, a severity (info, warning, error) or a mapping with 'enabled' and 'severity', found 'fatal'"),
        // Invalid globs, blamed on the character at fault.
        ("exclude: [\"a/[bc\"]\n",
         "cfg.yml:1:14: error: 'exclude[0]' is not a valid pattern: '[' opens a set that no ']' closes (write '\\[' for a literal bracket)"),
        ("suppressions:\n  - rule: plain-layer-mask\n    layerPath: cell/b**\n    reason: r\n",
         "cfg.yml:3:22: error: 'suppressions[0].layerPath' is not a valid pattern: '**' must be a whole path segment, as in 'a/**/b'; use '*' within a segment"),
        ("include: []\n",
         "cfg.yml:1:10: error: 'include' needs at least one pattern; leave the key out to lint every dump a folder holds"),
        // Suppressions: a reason, a rule and a layer selector are required.
        ("suppressions:\n  - rule: plain-layer-mask\n    name: a\n",
         "cfg.yml:2:5: error: 'suppressions[0]' needs a non-empty 'reason': say why these findings are accepted"),
        ("suppressions:\n  - rule: plain-layer-mask\n    name: a\n    reason: \"  \"\n",
         "cfg.yml:4:13: error: 'suppressions[0]' needs a non-empty 'reason': say why these findings are accepted"),
        ("suppressions:\n  - name: a\n    reason: r\n",
         "cfg.yml:2:5: error: 'suppressions[0]' needs 'rule': a rule id, or '*' for every rule"),
        ("suppressions:\n  - rule: plain-layer-mask\n    files: \"**\"\n    reason: r\n",
         "cfg.yml:2:5: error: 'suppressions[0]' must say which layers it covers: give 'layerPath', 'name' or 'viewClass' (patterns; '**' for every layer)"),
        // The shape of the file.
        ("cost:\n  mask: 1\n  mask: 2\n",
         "cfg.yml:3:3: error: 'cost.mask' is given twice (first at line 2)"),
        ("rules: {}\n---\nrules: {}\n",
         "cfg.yml:3:1: error: a configuration is one YAML document; remove the second '---' and what follows"),
        ("- rules\n",
         "cfg.yml:1:1: error: the configuration must be a mapping of keys to values, found a list"),
    ])
    func error(_ text: String, _ expected: String) {
        let message = configurationError(text)
        #expect(message?.hasPrefix(expected) == true, "got: \(message ?? "no error")")
    }

    @Test("unknown keys list what is allowed")
    func listsAllowedKeys() {
        #expect(configurationError("colour: red\n")?.hasSuffix(
            "expected one of: rules, options, cost, include, exclude, suppressions, budgets, limits, ownership") == true)
    }

    @Test("invalid YAML is an error at libyaml's place")
    func invalidYAML() {
        let message = configurationError("rules:\n  a: [1, 2\n")
        #expect(message?.hasPrefix("cfg.yml:3:1: error: this is not valid YAML") == true, "got: \(message ?? "no error")")
    }

    @Test("an unquoted pattern that starts with * gets told to quote it")
    func aliasHint() {
        let message = configurationError("include: [**/*.yml]\n")
        #expect(message?.contains("quote") == true, "got: \(message ?? "no error")")
    }
}
