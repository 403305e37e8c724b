import LayerModel

/// What reading one file gave: its snapshots and warnings, or the error that stopped it.
public struct DecodedDump: Sendable {
    public var snapshots: [LayerTree]
    public var warnings: [Diagnostic]
    public var error: DecodeError?
    public init(snapshots: [LayerTree] = [], warnings: [Diagnostic] = [], error: DecodeError? = nil) {
        self.snapshots = snapshots; self.warnings = warnings; self.error = error
    }
}

/// Reads LayerLint's own dumps (format v1), in YAML or JSON. The formats of other tools
/// are imported by LayerImport, whose `DumpReader` picks between them and this.
public struct V1DumpReader: Sendable {
    /// YAML or JSON: the two syntaxes a v1 dump is written in.
    public enum Syntax: Sendable { case yaml, json }

    public var limits: DecodeLimits
    /// Threads that may read one large JSON file at once (`ListFragments`).
    public var workers: Int

    public init(limits: DecodeLimits = DecodeLimits(), workers: Int = 1) { self.limits = limits; self.workers = workers }

    public func read(_ bytes: UnsafeRawBufferPointer, syntax: Syntax) -> DecodedDump {
        if let error = sizeError(bytes.count) { return DecodedDump(error: error) }
        switch syntax {
        case .yaml:
            if readsSubset, let decoded = decodeSubset(SubsetYAMLReader(bytes: bytes), bytes: bytes.count) { return decoded }
            return decode(YAMLTreeEventSource(bytes: bytes, maximumFlowDepth: limits.flowNestingDepth), bytes: bytes.count)
        case .json:
            return decode(jsonReader(bytes), bytes: bytes.count)
        }
    }

    /// The error for a file of `count` bytes over `limits.fileBytes`, at its start: the size
    /// is known before anything is read.
    public func sizeError(_ count: Int) -> DecodeError? {
        guard count > limits.fileBytes else { return nil }
        return DecodeError(message: "the file is \(count) bytes, more than the limit; "
                           + DecodeLimits.advice(.fileBytes, limits.fileBytes),
                           location: SourceLocation(line: 1, column: 1))
    }

    /// The JSON reader's own backstop one level beyond the decoder's check, so the decoder,
    /// which names the limit, is the one that reports it.
    private var jsonReaderDepth: Int {
        limits.nestingDepth == .max ? .max : limits.nestingDepth + 1
    }

    public func read(_ bytes: [UInt8], syntax: Syntax) -> DecodedDump {
        bytes.withUnsafeBytes { read($0, syntax: syntax) }
    }

    /// Reads the file at `path` without holding it in memory whole: libyaml pulls YAML in
    /// small chunks, and JSON is mapped and released behind the reader.
    public func read(contentsOf path: String, syntax: Syntax) -> DecodedDump {
        MappedFile.read(path) { file throws(MappedFileError) in try readWhole(mapped: file, path: path, syntax: syntax) }
    }

    package func readWhole(mapped file: MappedFile, path: String, syntax: Syntax) throws(MappedFileError) -> DecodedDump {
        if let error = sizeError(file.bytes.count) { return DecodedDump(error: error) }
        if syntax == .json {
            let fragments = ListFragments.start(file, parts: workers, limits: limits, readerDepth: jsonReaderDepth)
            defer { fragments?.finish() }
            return decode(MappedSource(file: file, reader: jsonReader(file.bytes)), bytes: file.bytes.count, fragments: fragments)
        }
        if readsSubset, let decoded = decodeSubset(MappedSource(file: file, reader: SubsetYAMLReader(bytes: file.bytes)),
                                                   bytes: file.bytes.count) {
            return decoded
        }
        // libyaml reads through stdio in chunks, not from the mapping; a truncation there
        // ends the text early, which the size check after reading catches.
        guard let source = YAMLTreeEventSource(path: path, maximumFlowDepth: limits.flowNestingDepth) else { throw MappedFileError(reason: "cannot open it") }
        return decode(source, bytes: file.bytes.count)
    }

    private func jsonReader(_ bytes: UnsafeRawBufferPointer) -> JSONEventReader {
        var reader = JSONEventReader(bytes: bytes)
        reader.maxDepth = jsonReaderDepth
        return reader
    }

    /// Whether YAML is first read by `SubsetYAMLReader`, which has no flow collections
    /// nested in others: a limit of no flow collection at all is libyaml's to enforce.
    private var readsSubset: Bool { limits.flowNestingDepth >= 1 }

    /// The dump as the subset reader reads it, or nil when it cannot be read that way:
    /// the text leaves the subset, or decoding it fails. libyaml then reads it all again,
    /// so every error, and every file outside the subset, is read as libyaml reads it.
    private func decodeSubset<Source: TreeEventSource>(_ source: Source, bytes: Int) -> DecodedDump? {
        let decoded = decode(source, bytes: bytes)
        return decoded.error == nil ? decoded : nil
    }

    public func read(_ text: String, syntax: Syntax) -> DecodedDump {
        read(Array(text.utf8), syntax: syntax)
    }

    private func decode<Source: TreeEventSource>(_ source: Source, bytes: Int, fragments: ListFragments? = nil) -> DecodedDump {
        // Dumps spend 290 bytes or more on a layer; room for twice as many as that allows
        // is address space, not memory, and the array then never moves.
        var decoder = DumpDecoder(source: source, limits: limits, expectedLayers: bytes / 150)
        decoder.fragments = fragments
        do {
            let trees = try decoder.decodeStream()
            if trees.isEmpty {
                return DecodedDump(warnings: decoder.warnings, error: DecodeError(
                    message: "the file holds no dump; expected a mapping with a `root` layer",
                    location: SourceLocation(line: 1, column: 1)))
            }
            return DecodedDump(snapshots: trees, warnings: decoder.warnings)
        } catch {
            return DecodedDump(warnings: decoder.warnings, error: error)
        }
    }
}
