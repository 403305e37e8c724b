import LayerDecode
import LayerModel

/// The formats LayerLint reads: its own v1 dump in either syntax, and the formats of other
/// tools that are imported into the same model.
public enum DumpSyntax: String, Sendable, CaseIterable {
    case yaml, json
    /// UIKit's `-[UIView recursiveDescription]` text (docs/importers.md).
    case recursiveDescription = "recursive-description"
    /// Xcode's exported view hierarchy: a `.viewhierarchy` folder (docs/importers.md).
    /// Read only from a path, with `read(contentsOf:syntax:)`.
    case xcodeViewHierarchy = "xcode"
}

/// Reads a dump in any format: LayerLint's own through `V1DumpReader`, the others through
/// their importers.
public struct DumpReader: Sendable {
    public var limits: DecodeLimits
    /// Threads that may read one large JSON dump at once.
    public var workers: Int

    public init(limits: DecodeLimits = DecodeLimits(), workers: Int = 1) { self.limits = limits; self.workers = workers }

    private var v1: V1DumpReader { V1DumpReader(limits: limits, workers: workers) }

    public func read(_ bytes: UnsafeRawBufferPointer, syntax: DumpSyntax) -> DecodedDump {
        switch syntax {
        case .yaml: return v1.read(bytes, syntax: .yaml)
        case .json: return v1.read(bytes, syntax: .json)
        case .recursiveDescription:
            if let error = v1.sizeError(bytes.count) { return DecodedDump(error: error) }
            return RecursiveDescriptionImporter().read(bytes)
        case .xcodeViewHierarchy:
            return DecodedDump(error: DecodeError(
                message: "an Xcode view hierarchy is a folder; read it from its path", location: .unknown))
        }
    }

    public func read(_ bytes: [UInt8], syntax: DumpSyntax) -> DecodedDump {
        bytes.withUnsafeBytes { read($0, syntax: syntax) }
    }

    public func read(_ text: String, syntax: DumpSyntax) -> DecodedDump {
        read(Array(text.utf8), syntax: syntax)
    }

    /// Reads the file at `path`: a v1 dump without holding it in memory whole (see
    /// `V1DumpReader`); a recursiveDescription mapped and read whole, up to
    /// `RecursiveDescriptionImporter.largestFile`; an Xcode export as the folder it is.
    public func read(contentsOf path: String, syntax: DumpSyntax) -> DecodedDump {
        if syntax == .xcodeViewHierarchy { return XcodeViewHierarchyImporter().read(bundleAt: path) }
        return MappedFile.read(path) { file throws(MappedFileError) in try read(mapped: file, path: path, syntax: syntax) }
    }

    /// Reads a mapped file; a file that changed while it was read is that error instead.
    func read(mapped file: MappedFile, path: String, syntax: DumpSyntax) throws(MappedFileError) -> DecodedDump {
        try MappedFile.checked(file) { file throws(MappedFileError) in
            switch syntax {
            case .yaml: return try v1.readWhole(mapped: file, path: path, syntax: .yaml)
            case .json: return try v1.readWhole(mapped: file, path: path, syntax: .json)
            case .xcodeViewHierarchy: return read(file.bytes, syntax: syntax)
            case .recursiveDescription:
                if let error = v1.sizeError(file.bytes.count) { return DecodedDump(error: error) }
                // Read whole: lines are short and the files small, so a file far past that
                // size is not a description.
                let limit = RecursiveDescriptionImporter.largestFile
                guard file.bytes.count <= limit else {
                    throw MappedFileError(reason: "it is \(file.bytes.count) bytes, more than the \(limit >> 20) MiB a recursiveDescription may have")
                }
                return RecursiveDescriptionImporter().read(file.bytes)
            }
        }
    }
}
