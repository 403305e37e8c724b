import LayerConfig

extension InputFiles {
    /// Like `expand(_:)`, with the configuration's `include` and `exclude` applied to the
    /// dumps found by walking folders, matched by their path relative to
    /// `configurationDirectory`. A file named explicitly (or `-`) is always linted:
    /// naming it is a clearer wish than a pattern written for folder walks.
    public static func expand(_ paths: [String], format: DumpSyntax? = nil, configuration: Configuration,
                              configurationDirectory: String) -> (files: [InputFile], errors: [InputError]) {
        var files: [InputFile] = []
        var errors: [InputError] = []
        for path in paths {
            let (found, failed) = expand([path], format: format)
            errors += failed
            guard InputFiles.isFolder(path) else { files += found; continue }
            files += found.filter {
                configuration.includes(relativePath: RelativePath.of($0.path, from: configurationDirectory))
            }
        }
        return (files, errors)
    }
}
