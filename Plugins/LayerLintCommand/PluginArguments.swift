/// The plugin's command line, split into `layerlint lint` options and the paths to lint, so
/// the plugin knows whether to find the dumps itself.
struct PluginArguments {
    /// Options with their values, passed through unchanged.
    var options: [String] = []
    /// The paths the user named (relative ones are relative to the package's folder).
    var paths: [String] = []

    /// `layerlint lint` options that take a value as the next argument (`--opt value`).
    static let optionsWithValue: Set<String> = [
        "--reporter", "--format", "--fail-on", "--input-format", "--jobs", "--config",
        "--baseline", "--write-baseline",
    ]
    /// Commands other than `lint`, which the plugin runs exactly as given.
    static let otherCommands: Set<String> = ["diff", "convert", "config", "rules", "explain", "help"]

    init(_ arguments: [String]) {
        var i = 0
        var onlyPaths = false
        while i < arguments.count {
            let word = arguments[i]
            if onlyPaths || !word.hasPrefix("-") || word == "-" {
                paths.append(word)
            } else if word == "--" {
                onlyPaths = true
            } else {
                options.append(word)
                if Self.optionsWithValue.contains(word), i + 1 < arguments.count {
                    i += 1
                    options.append(arguments[i])
                }
            }
            i += 1
        }
    }

    /// The options that choose the configuration, for `layerlint config --print`.
    var configOptions: [String] {
        var result: [String] = []
        var i = 0
        while i < options.count {
            if options[i] == "--no-config" { result.append(options[i]) }
            if options[i] == "--config", i + 1 < options.count { result += [options[i], options[i + 1]] }
            if options[i].hasPrefix("--config=") { result.append(options[i]) }
            i += 1
        }
        return result
    }
}
