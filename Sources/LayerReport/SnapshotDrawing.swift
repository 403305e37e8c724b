import LayerEstimate
import LayerFacts
import LayerGeometry
import LayerModel
import LayerRules

/// What the html and svg reports draw of one snapshot: its layers placed in the root's
/// space by the model's own transforms (`LayerTree.transformsToRoot`), with the passes
/// each costs now and after the suggested fixes (`SnapshotEstimate`).
///
/// Built only when a run writes one of those reports (`Linter.drawings`). A large tree is
/// culled and capped here, not in the browser: hidden and off-screen layers are left out,
/// every layer that costs a pass is kept, and the rest are kept largest first up to
/// `limit`, so a 100,000-layer dump gives a page a browser lays out in a second.
public struct SnapshotDrawing: Sendable {
    /// One drawn layer. Geometry is in the layer's own space; `transform` takes it to the root's.
    public struct Item: Sendable {
        public var layer: Int
        public var path: String
        public var className: String
        public var name: String?
        /// The affine part of the transform to the root's space: a, b, c, d, tx, ty.
        public var transform: [Double]
        public var bounds: Rect
        public var cornerRadius: Double
        public var masksToBounds: Bool
        public var isMask: Bool
        public var opacity: Double
        /// The shadow's outline in the layer's space (offset, spread by the radius), when
        /// the layer casts one that shows.
        public var shadow: Rect?
        public var passes: Int
        public var passesAfterFixes: Int
        public var reasons: [OffscreenCost]
        /// The bounding box in the root's space, for culling and for tests.
        public var box: Rect
    }

    /// The root's bounds: the drawing's viewport.
    public var viewport: Rect
    /// Painter's order (preorder: a layer before its sublayers).
    public var items: [Item]
    /// Layers in the tree, and how many were left out as hidden or off-screen, or by the cap.
    public var layerCount: Int
    public var culled: Int
    public var capped: Int

    /// Layers drawn at most; every layer that costs a pass is drawn even past it.
    public static let defaultLimit = 4_000

    public init(facts: TreeFacts, estimate: SnapshotEstimate, limit: Int = SnapshotDrawing.defaultLimit) {
        let tree = facts.tree
        let paths = LayerPaths(tree)
        let n = tree.layers.count
        layerCount = n
        guard n > 0 else { viewport = .zero; items = []; culled = 0; capped = 0; return }
        let root = tree.layers[0].bounds
        viewport = root.isEmpty ? Rect(x: 0, y: 0, width: 1, height: 1) : root
        let toRoot = tree.transformsToRoot()
        var cost = [Int32](repeating: -1, count: n)
        for (k, l) in estimate.layers.enumerated() { cost[l.layer] = Int32(k) }

        // Candidates: visible, on screen, at least a hundredth of a point square.
        var costed: [Int] = [], rest: [(index: Int, area: Double)] = []
        var culled = 0
        for i in 0..<n {
            let l = tree.layers[i]
            let costs = cost[i] >= 0 && estimate.layers[Int(cost[i])].passes > 0
            if costs { costed.append(i); continue }
            let visible = facts.isVisible[i] || (l.role == .mask && l.parent >= 0 && facts.isVisible[Int(l.parent)])
            let box = toRoot[i].apply(l.bounds)
            guard visible, !box.isNull, box.width * box.height >= 0.01,
                  !box.intersection(viewport).isEmpty || i == 0 else { culled += 1; continue }
            rest.append((i, box.width * box.height))
        }
        var chosen = costed
        let room = max(0, limit - costed.count)
        if rest.count > room {
            // The largest layers give the screen its shape; the root is always kept.
            rest.sort { ($0.index == 0 ? .infinity : $0.area) > ($1.index == 0 ? .infinity : $1.area) }
            capped = rest.count - room
            chosen += rest.prefix(room).map(\.index)
        } else {
            capped = 0
            chosen += rest.map(\.index)
        }
        chosen.sort()
        self.culled = culled
        items = chosen.map { i in
            let l = tree.layers[i]
            let t = toRoot[i]
            let e = cost[i] >= 0 ? estimate.layers[Int(cost[i])] : nil
            var shadow: Rect?
            let s = l.shadow
            if facts.shadowIsVisible(i) {
                let outline = s.path?.boundingBox ?? l.bounds
                shadow = outline.offsetBy(dx: s.offset.width, dy: s.offset.height).insetBy(dx: -s.radius, dy: -s.radius)
            }
            return Item(layer: i, path: paths.path(of: i), className: tree.className(of: i), name: tree.name(of: i),
                        transform: [t.m11, t.m12, t.m21, t.m22, t.m41, t.m42], bounds: l.bounds,
                        cornerRadius: l.cornerRadius, masksToBounds: l.masksToBounds, isMask: l.role == .mask,
                        opacity: l.opacity, shadow: shadow, passes: e?.passes ?? 0,
                        passesAfterFixes: e?.passesAfterFixes ?? 0, reasons: e?.reasons ?? [],
                        box: t.apply(l.bounds))
        }
    }

    /// The index in `items` of each drawn layer, for pointing findings at their drawing.
    public func itemIndex() -> [Int: Int] {
        var out: [Int: Int] = [:]
        for (k, item) in items.enumerated() { out[item.layer] = k }
        return out
    }
}
