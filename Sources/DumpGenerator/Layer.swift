/// A property value, in the few shapes a dump needs. Writers decide the syntax.
enum DumpValue: Sendable {
    case number(Fixed3)
    case bool(Bool)
    /// An identifier such as a class name or a gravity: plain in YAML, quoted in JSON.
    case word(String)
    /// Colours and path data: quoted in both syntaxes (in YAML an unquoted `#` starts a comment).
    case quoted(String)
    case rect(Fixed3, Fixed3, Fixed3, Fixed3)
    case pair(Fixed3, Fixed3)
    /// `contents: { width, height, scale }`; `scale` nil leaves it to the document's scale.
    case bitmap(width: Int, height: Int, scale: Int?)
    case null
    /// A number at full double precision, as a device's exporter writes unrounded
    /// geometry (`37.88843348548123`): the shortest text that reads back as the same
    /// Double, whole numbers without `.0` (`writeExact`).
    case exact(Double)
    /// A one-line flow list of exact numbers: a frame, a shadow offset.
    case exactList([Double])
    /// A one-line flow list of quoted strings: a gradient's `colors`.
    case quotedList([String])
    /// A mapping on the lines below its key (block YAML, an indented JSON object):
    /// `info`, a frame-rate range. Written inline by the flow writer.
    case mapping([LayerProperty])
    /// A list of mappings on the lines below its key: `animations`, `displayLinks`.
    case mappingList([[LayerProperty]])

    /// Whether a block writer puts the value on the lines below its key (an empty
    /// mapping or list stays inline: `{}`, `[]`).
    var isBlock: Bool {
        switch self {
        case .mapping(let entries): !entries.isEmpty
        case .mappingList(let items): !items.isEmpty
        default: false
        }
    }
}

struct LayerProperty: Sendable {
    var key: String
    var value: DumpValue
}

/// One layer of a generated cell or of the screen's chrome, built in memory before it is
/// written so that its layer count is known (the generator must hit an exact total).
struct Layer: Sendable {
    var properties: [LayerProperty] = []
    /// Zero or one element: an array keeps `Layer` a plain recursive value type.
    private var maskStorage: [Layer] = []
    var sublayers: [Layer] = []
    /// Marks the scrolling list whose cells the screen generator streams in after
    /// `sublayers` is written (the cells are not kept in memory).
    var isCellList = false

    /// The usual first keys, in the order the fixtures write them.
    init(name: String? = nil, view: String? = nil, class layerClass: String? = nil, frame: Rect? = nil) {
        if let name { properties.append(LayerProperty(key: "name", value: .word(name))) }
        if let view { properties.append(LayerProperty(key: "view", value: .word(view))) }
        if let layerClass { properties.append(LayerProperty(key: "class", value: .word(layerClass))) }
        if let frame { properties.append(LayerProperty(key: "frame", value: frame.value)) }
    }

    var mask: Layer? {
        get { maskStorage.first }
        set { maskStorage = newValue.map { [$0] } ?? [] }
    }

    mutating func set(_ key: String, _ value: DumpValue) {
        properties.append(LayerProperty(key: key, value: value))
    }

    /// Every layer of the subtree, masks included.
    var layerCount: Int {
        var count = 1
        for mask in maskStorage { count += mask.layerCount }
        for sublayer in sublayers { count += sublayer.layerCount }
        return count
    }

    mutating func add(_ sublayer: Layer) {
        sublayers.append(sublayer)
    }
}

/// A frame in points.
struct Rect: Sendable {
    var x: Fixed3
    var y: Fixed3
    var width: Fixed3
    var height: Fixed3

    init(_ x: Fixed3, _ y: Fixed3, _ width: Fixed3, _ height: Fixed3) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    var value: DumpValue { .rect(x, y, width, height) }
}
