import LayerConfig

extension InputFiles {
    /// Like `expand(_:)`, with the configuration's `include` and `exclude` applied to the
    /// dumps found by walking folders, matched by their path relative to
    /// `configurationDirectory`. A file named explicitly (or `-`) is always linted:
    /// naming it is a clearer wish than a pattern written for folder walks.
    public static func expand(_ paths: [String], format: DumpSyntax? = nil, configuration: Configuration,
                              configurationDirectory: String) -> (files: [InputFile], errors: [InputError]) {
        let found = find(paths, format: format, configuration: configuration, configurationDirectory: configurationDirectory)
        return (found.files, found.errors)
    }

    /// Like `expand(_:format:configuration:configurationDirectory:)`, with the notes on what
    /// folder walks skipped.
    public static func find(_ paths: [String], format: DumpSyntax? = nil, configuration: Configuration,
                            configurationDirectory: String) -> InputExpansion {
        var all = InputExpansion()
        for path in paths {
            let found = find([path], format: format)
            all.errors += found.errors
            all.notes += found.notes
            guard InputFiles.isFolder(path) else { all.files += found.files; continue }
            all.files += found.files.filter {
                configuration.includes(relativePath: RelativePath.of($0.path, from: configurationDirectory))
            }
        }
        return all
    }
}
