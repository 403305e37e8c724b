/// What a generated dump holds, counted while it is written, so callers can check other
/// tools against it (for example jq's count of shadows without a path).
public struct DumpSummary: Sendable, Equatable {
    /// Every layer, masks included.
    public var layers = 0
    public var masks = 0
    /// Layers with `shadowOpacity` > 0.
    public var shadows = 0
    /// Layers with `shadowOpacity` > 0 and no `shadowPath`.
    public var shadowsWithoutPath = 0
    public var hiddenLayers = 0
    /// Depth of the deepest layer; the root is at depth 1.
    public var maxDepth = 0
    /// Size of the output text.
    public var bytes = 0

    public init() {}
}

/// Drives a `DumpWriter`, keeps the summary and hands the text to the sink in chunks of
/// about `flushThreshold` bytes, so output of any size streams through constant memory.
struct DumpEmitter<Writer: DumpWriter> {
    private var writer: Writer
    private var buffer: [UInt8] = []
    private let flushThreshold: Int
    private let sink: (UnsafeRawBufferPointer) -> Void
    private(set) var summary = DumpSummary()
    private var depth = 0
    private var nextIsMask = false

    init(writer: Writer, flushThreshold: Int, sink: @escaping (UnsafeRawBufferPointer) -> Void) {
        self.writer = writer
        self.flushThreshold = max(flushThreshold, 1)
        self.sink = sink
        buffer.reserveCapacity(self.flushThreshold + 64 * 1024)
    }

    mutating func beginDocument(_ header: DocumentHeader) {
        writer.beginDocument(header, into: &buffer)
    }

    mutating func endDocument() {
        writer.endDocument(into: &buffer)
        flush()
    }

    private mutating func flush() {
        guard !buffer.isEmpty else { return }
        summary.bytes += buffer.count
        buffer.withUnsafeBytes { sink($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    // MARK: Events, for trees too deep or too large to build in memory

    mutating func openLayer() {
        summary.layers += 1
        if nextIsMask { summary.masks += 1 }
        nextIsMask = false
        depth += 1
        summary.maxDepth = max(summary.maxDepth, depth)
        writer.openLayer(into: &buffer)
    }

    mutating func property(_ key: String, _ value: DumpValue) {
        writer.property(key, value, into: &buffer)
    }

    mutating func openMask() {
        nextIsMask = true
        writer.openMask(into: &buffer)
    }

    mutating func openSublayers() { writer.openSublayers(into: &buffer) }
    mutating func closeSublayers() { writer.closeSublayers(into: &buffer) }

    mutating func closeLayer() {
        writer.closeLayer(into: &buffer)
        depth -= 1
        if buffer.count >= flushThreshold { flush() }
    }

    /// Counts the shadow and visibility keys of one layer's properties.
    mutating func tally(_ properties: [LayerProperty]) {
        var casts = false, hasPath = false
        for property in properties {
            switch (property.key, property.value) {
            case ("shadowOpacity", .number(let opacity)): casts = opacity.thousandths > 0
            case ("shadowOpacity", .exact(let opacity)): casts = opacity > 0
            case ("shadowPath", .quoted): hasPath = true
            case ("hidden", .bool(true)): summary.hiddenLayers += 1
            default: break
            }
        }
        if casts { summary.shadows += 1 }
        if casts && !hasPath { summary.shadowsWithoutPath += 1 }
    }

    // MARK: Whole subtrees

    /// Writes a small built subtree (a cell or chrome; recursion depth is its height).
    /// At the layer marked `isCellList`, `fillList` streams the list's cells before the
    /// layer's own sublayers.
    mutating func emit(_ layer: Layer, fillList: (inout DumpEmitter) -> Void = { _ in }) {
        openLayer()
        tally(layer.properties)
        for property in layer.properties {
            writer.property(property.key, property.value, into: &buffer)
        }
        if let mask = layer.mask {
            openMask()
            emit(mask, fillList: fillList)
        }
        if layer.isCellList || !layer.sublayers.isEmpty {
            openSublayers()
            if layer.isCellList { fillList(&self) }
            for sublayer in layer.sublayers {
                emit(sublayer, fillList: fillList)
            }
            closeSublayers()
        }
        closeLayer()
    }
}
