import LayerModel

/// The syntaxes a v1 dump can be written in, and the formats imported into the v1 model.
public enum DumpSyntax: String, Sendable, CaseIterable {
    case yaml, json
    /// UIKit's `-[UIView recursiveDescription]` text (docs/importers.md).
    case recursiveDescription = "recursive-description"
    /// Xcode's exported view hierarchy: a `.viewhierarchy` folder (docs/importers.md).
    /// Read only from a path, with `read(contentsOf:syntax:)`.
    case xcodeViewHierarchy = "xcode"
}

/// What reading one file gave: its snapshots and warnings, or the error that stopped it.
public struct DecodedDump: Sendable {
    public var snapshots: [LayerTree]
    public var warnings: [Diagnostic]
    public var error: DecodeError?
    public init(snapshots: [LayerTree] = [], warnings: [Diagnostic] = [], error: DecodeError? = nil) {
        self.snapshots = snapshots; self.warnings = warnings; self.error = error
    }
}

/// Reads layer dumps (format v1) from bytes.
public struct DumpReader: Sendable {
    public var limits: DecodeLimits

    public init(limits: DecodeLimits = DecodeLimits()) { self.limits = limits }

    public func read(_ bytes: UnsafeRawBufferPointer, syntax: DumpSyntax) -> DecodedDump {
        if let error = sizeError(bytes.count) { return DecodedDump(error: error) }
        switch syntax {
        case .yaml:
            if readsSubset, let decoded = decodeSubset(SubsetYAMLReader(bytes: bytes), bytes: bytes.count) { return decoded }
            return decode(YAMLTreeEventSource(bytes: bytes, maximumFlowDepth: limits.flowNestingDepth), bytes: bytes.count)
        case .json:
            return decode(jsonReader(bytes), bytes: bytes.count)
        case .recursiveDescription: return RecursiveDescriptionImporter().read(bytes)
        case .xcodeViewHierarchy:
            return DecodedDump(error: DecodeError(
                message: "an Xcode view hierarchy is a folder; read it from its path", location: .unknown))
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

    public func read(_ bytes: [UInt8], syntax: DumpSyntax) -> DecodedDump {
        bytes.withUnsafeBytes { read($0, syntax: syntax) }
    }

    /// Reads the file at `path` without holding it in memory whole: libyaml pulls YAML in
    /// small chunks, and JSON is mapped and released behind the reader. A
    /// recursiveDescription is mapped and read whole, up to
    /// `RecursiveDescriptionImporter.largestFile`.
    public func read(contentsOf path: String, syntax: DumpSyntax) -> DecodedDump {
        if syntax == .xcodeViewHierarchy { return XcodeViewHierarchyImporter().read(bundleAt: path) }
        do throws(MappedFileError) {
            // Mapping also checks that the path is a readable regular file, for both syntaxes.
            return try read(mapped: try MappedFile(path: path), path: path, syntax: syntax)
        } catch {
            return DecodedDump(error: DecodeError(message: "cannot read the file: \(error.reason)",
                                                  location: SourceLocation(line: 0, column: 0)))
        }
    }

    /// Reads a mapped file; whatever the outcome, a file that changed while it was read
    /// (MappedFile.changeSinceMapped) is that error instead, since what was read is not
    /// the file.
    func read(mapped file: MappedFile, path: String, syntax: DumpSyntax) throws(MappedFileError) -> DecodedDump {
        let decoded = try readWhole(mapped: file, path: path, syntax: syntax)
        if let change = file.changeSinceMapped() {
            return DecodedDump(error: DecodeError(message: change, location: SourceLocation(line: 0, column: 0)))
        }
        return decoded
    }

    private func readWhole(mapped file: MappedFile, path: String, syntax: DumpSyntax) throws(MappedFileError) -> DecodedDump {
        if let error = sizeError(file.bytes.count) { return DecodedDump(error: error) }
        if syntax == .json { return decode(MappedSource(file: file, reader: jsonReader(file.bytes)), bytes: file.bytes.count) }
        if syntax == .recursiveDescription {
            // Read whole: lines are short and the files small, so a file far past that
            // size is not a description.
            let limit = RecursiveDescriptionImporter.largestFile
            guard file.bytes.count <= limit else {
                throw MappedFileError(reason: "it is \(file.bytes.count) bytes, more than the \(limit >> 20) MiB a recursiveDescription may have")
            }
            return withExtendedLifetime(file) { RecursiveDescriptionImporter().read(file.bytes) }
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

    public func read(_ text: String, syntax: DumpSyntax) -> DecodedDump {
        read(Array(text.utf8), syntax: syntax)
    }

    private func decode<Source: TreeEventSource>(_ source: Source, bytes: Int) -> DecodedDump {
        // Dumps spend 290 bytes or more on a layer; room for twice as many as that allows
        // is address space, not memory, and the array then never moves.
        var decoder = DumpDecoder(source: source, limits: limits, expectedLayers: bytes / 150)
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
