import LayerGeometry

/// Builds a `LayerTree` the way importers meet layers: open a layer, open its sublayers
/// and its mask in turn, close it. Keeps the preorder links (`parent`, `subtreeEnd`,
/// `mask`, `role`) and the interned strings right, so an importer only sets properties.
public struct LayerTreeBuilder: Sendable {
    private var tree = LayerTree()
    private var interner = StringInterner()
    private var open: [Int] = []

    public init(screen: String? = nil, scale: Double = 3, refreshRate: Double = 60) {
        tree.screen = screen
        tree.scale = scale
        tree.refreshRate = refreshRate
    }

    /// The layer being built (the innermost open one); nil before the root and after it closes.
    public var current: Int? { open.last }
    public var depth: Int { open.count }
    public var layerCount: Int { tree.layers.count }

    /// Opens `layer`: the root when nothing is open, else a sublayer (or, with
    /// `role: .mask`, the mask) of the current layer. Returns its index.
    @discardableResult
    public mutating func open(_ layer: Layer, role: LayerRole = .sublayer) -> Int {
        var layer = layer
        let index = tree.layers.count
        if let parent = open.last {
            precondition(role != .root, "only the first layer is the root")
            layer.parent = Int32(parent)
            layer.role = role
            if role == .mask { tree.layers[parent].mask = Int32(index) }
        } else {
            precondition(tree.layers.isEmpty, "a tree has one root")
            layer.parent = -1
            layer.role = .root
        }
        tree.layers.append(layer)
        open.append(index)
        return index
    }

    /// Closes the current layer: its subtree ends here.
    public mutating func close() {
        guard let index = open.popLast() else { preconditionFailure("no layer is open") }
        tree.layers[index].subtreeEnd = Int32(tree.layers.count)
    }

    /// A layer already opened, to set what the importer learns after opening it.
    public subscript(index: Int) -> Layer {
        get { tree.layers[index] }
        set { tree.layers[index] = newValue }
    }

    public mutating func intern(_ s: String) -> StringID { interner.intern(s) }

    /// Sets `frame` in the superlayer's space, as UIKit reports it: bounds at the origin
    /// with the frame's size, position from the anchor point.
    public static func setFrame(_ frame: Rect, of layer: inout Layer) {
        layer.bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        layer.position = Point(x: frame.minX + layer.anchorPoint.x * frame.width, y: frame.minY + layer.anchorPoint.y * frame.height)
    }

    /// The finished tree; every open layer is closed first.
    public mutating func finish(location: SourceLocation = SourceLocation(line: 1, column: 1)) -> LayerTree {
        while !open.isEmpty { close() }
        tree.strings = interner.strings
        tree.location = location
        return tree
    }
}
