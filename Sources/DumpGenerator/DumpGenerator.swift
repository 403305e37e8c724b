/// The tree a dump describes.
public enum DumpShape: String, Sendable, CaseIterable {
    /// A realistic app screen dominated by one long scrolling list.
    case screen
    /// Each layer has exactly one sublayer: the depth equals the layer count.
    case chain
    /// The screen of a busy feed: the same chrome, every cell a card with three findings
    /// (at least one finding per three layers), the shape real feeds of shadowed cells give.
    case busy
    /// A screen on which every rule fires (`MixedCells.swift`): cells nesting randomly up
    /// to six levels, full-precision geometry, most layers with a shadow, a corner radius
    /// or a clip, gradients, masks, animations and display links; info and warning
    /// findings, many with multi-line fixes, about 0.4 per layer. The shape that cannot
    /// flatter a benchmark (issue 29).
    case mixed
}

public enum DumpSyntax: String, Sendable, CaseIterable {
    case yaml
    case json
}

public struct GeneratorOptions: Sendable, Equatable {
    /// Exactly this many layers are written, masks included (at least 1).
    public var layers: Int
    public var seed: UInt64
    public var shape: DumpShape

    public init(layers: Int, seed: UInt64, shape: DumpShape = .screen) {
        self.layers = layers
        self.seed = seed
        self.shape = shape
    }
}

/// Generates synthetic layer-tree dumps (docs/dump-format.md, version 1). The same
/// options give the same bytes on every run; YAML and JSON of the same options describe
/// the same tree. Screens are written like the fixtures (block YAML, indented JSON);
/// chains in flow YAML or compact JSON, whose indentation does not grow with depth.
public struct DumpGenerator: Sendable {
    public let options: GeneratorOptions

    public init(_ options: GeneratorOptions) {
        precondition(options.layers >= 1, "a dump has at least its root layer")
        self.options = options
    }

    /// Streams the dump to `sink` in chunks of about `chunkSize` bytes (the buffer passed
    /// is valid only during the call) and returns what was written.
    @discardableResult
    public func write(_ syntax: DumpSyntax, chunkSize: Int = 1 << 20,
                      to sink: (UnsafeRawBufferPointer) -> Void) -> DumpSummary {
        withoutActuallyEscaping(sink) { sink in
            switch (options.shape, syntax) {
            case (.screen, .yaml), (.busy, .yaml), (.mixed, .yaml): run(YAMLBlockWriter(), chunkSize, sink)
            case (.screen, .json), (.busy, .json), (.mixed, .json): run(JSONPrettyWriter(), chunkSize, sink)
            case (.chain, .yaml): run(FlowWriter(json: false), chunkSize, sink)
            case (.chain, .json): run(FlowWriter(json: true), chunkSize, sink)
            }
        }
    }

    /// The whole dump in memory, for tests and small sizes.
    public func bytes(_ syntax: DumpSyntax) -> (bytes: [UInt8], summary: DumpSummary) {
        var all: [UInt8] = []
        let summary = write(syntax) { all.append(contentsOf: $0) }
        return (all, summary)
    }

    private func run<W: DumpWriter>(_ writer: W, _ chunkSize: Int,
                                    _ sink: @escaping (UnsafeRawBufferPointer) -> Void) -> DumpSummary {
        var emitter = DumpEmitter(writer: writer, flushThreshold: chunkSize, sink: sink)
        let rng = SplitMix64(seed: options.seed)
        switch options.shape {
        case .screen, .busy, .mixed:
            var screen = ScreenGenerator(layers: options.layers, shape: options.shape, rng: rng)
            emitter.beginDocument(screen.header())
            screen.write(into: &emitter)
        case .chain:
            var chain = ChainGenerator(layers: options.layers, rng: rng)
            emitter.beginDocument(chain.header())
            chain.write(into: &emitter)
        }
        emitter.endDocument()
        precondition(emitter.summary.layers == options.layers, "generated \(emitter.summary.layers) layers, not \(options.layers)")
        return emitter.summary
    }
}
