import LayerDecode
/// What one `.viewhierarchy` bundle may make the importer read and build, so that a
/// hostile or broken bundle ends in a precise error instead of gigabytes: Foundation's
/// JSON parser spends 60 to 160 bytes on every value it builds, so the 250 MiB reply that
/// once reached 7.7 GB is refused by the value count before it is parsed.
/// docs/reliability.md lists them; a real export is a few megabytes.
struct XcodeImportLimits: Sendable, Hashable {
    /// The highest `Response_N` read: the debugger numbers its requests from 0 or 1, and a
    /// capture makes tens of them.
    var replyNumber = 99_999
    /// Bytes of one reply, inflated (and of its file, compressed or not).
    var replyBytes = 64 << 20
    /// Bytes of every reply together, inflated.
    var bundleBytes = 256 << 20
    /// JSON values (objects, lists, keys, strings, numbers…) of every reply together,
    /// counted before any is built.
    var jsonValues = 4_000_000
    /// Bytes of the `metadata` property list; a larger one is ignored with a warning.
    var metadataBytes = 1 << 20
    /// Bytes of one `encodedPresentationLayer` archive, decoded from base64.
    var archiveBytes = 16 << 20
    /// Objects of one archive's `$objects`.
    var archiveObjects = 500_000
    /// Property-list values of one archive (keys, values, collections) once every
    /// reference of a binary list is followed, counted before any is built.
    var archiveValues = 4_000_000
    /// Layers of one archive, and how deep its sublayers may nest.
    var archiveLayers = 100_000
    var archiveDepth = 1_000
    /// Elements of one archived path (`shadowPath`, a shape layer's `path`).
    var pathElements = 100_000

    static let `default` = XcodeImportLimits()
}
