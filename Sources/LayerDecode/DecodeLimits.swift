/// Ceilings on what one dump file may make LayerLint do, so that a hostile or broken file
/// ends in a precise error instead of exhausting memory or time. The defaults are far above
/// any real dump (docs/performance.md lints a 1,000,000-layer file and a 100,000-level
/// chain); `.layerlint.yml` can raise or lower each under `limits:`.
///
/// YAML aliases need no limit of their own: the decoder rejects the first alias it meets,
/// so nothing is ever expanded (docs/reliability.md).
public struct DecodeLimits: Sendable, Hashable {
    /// The deepest nesting of mappings and lists, counting the document's own mapping as 1
    /// (the root layer is at 2, its `sublayers` list at 3, a sublayer at 4).
    public var nestingDepth: Int
    /// Layers in one file, masks included, over all its snapshots; at most `maximumLayers`.
    public var layers: Int
    /// The size of one file in bytes (also of standard input).
    public var fileBytes: Int
    /// The length of one `path` or `shadowPath` value, in bytes of SVG path data.
    public var pathBytes: Int
    /// The deepest nesting of YAML flow collections (`[…]`, `{…}`), the outermost being 1.
    /// libyaml's work per token grows with this depth, so it is far below `nestingDepth`;
    /// block YAML and JSON are not counted (their readers' work does not grow with depth).
    public var flowNestingDepth: Int
    /// The length of one name, class, view class or screen, in bytes. Every finding's
    /// layer path repeats the names of its ancestors, so a name a megabyte long would be
    /// copied into the report once per layer below it.
    public var nameBytes: Int

    public static let defaultNestingDepth = 1_000_000
    public static let defaultLayers = 10_000_000
    public static let defaultFileBytes = 4 << 30
    public static let defaultPathBytes = 1 << 20
    public static let defaultFlowNestingDepth = 1_000
    /// Swift's mangled class names run to a few hundred bytes; real layer names to dozens.
    public static let defaultNameBytes = 4_096
    /// The model numbers layers with 32-bit indices; a larger `layers` counts as this.
    public static let maximumLayers = Int(Int32.max) - 1

    /// `layers` as it counts: at most `maximumLayers`.
    public var layerCeiling: Int { min(layers, Self.maximumLayers) }

    public init(nestingDepth: Int = defaultNestingDepth, layers: Int = defaultLayers,
                fileBytes: Int = defaultFileBytes, pathBytes: Int = defaultPathBytes,
                flowNestingDepth: Int = defaultFlowNestingDepth, nameBytes: Int = defaultNameBytes) {
        self.nestingDepth = nestingDepth; self.layers = layers; self.fileBytes = fileBytes; self.pathBytes = pathBytes
        self.flowNestingDepth = flowNestingDepth
        self.nameBytes = nameBytes
    }

    /// The configuration key of each limit, for error messages and `.layerlint.yml`.
    public enum Key: String, Sendable, CaseIterable {
        case nestingDepth, layers, fileBytes, pathBytes, flowNestingDepth, nameBytes
    }

    public subscript(key: Key) -> Int {
        get {
            switch key {
            case .nestingDepth: return nestingDepth
            case .layers: return layers
            case .fileBytes: return fileBytes
            case .pathBytes: return pathBytes
            case .flowNestingDepth: return flowNestingDepth
            case .nameBytes: return nameBytes
            }
        }
        set {
            switch key {
            case .nestingDepth: nestingDepth = newValue
            case .layers: layers = newValue
            case .fileBytes: fileBytes = newValue
            case .pathBytes: pathBytes = newValue
            case .flowNestingDepth: flowNestingDepth = newValue
            case .nameBytes: nameBytes = newValue
            }
        }
    }

    /// The end of every limit error: which limit, its value, and how to raise it.
    public static func advice(_ key: Key, _ value: Int) -> String {
        "the limit limits.\(key.rawValue) is \(value); if the dump is genuine, raise it in .layerlint.yml under `limits:`"
    }
}
