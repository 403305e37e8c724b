import LayerGeometry
import LayerModel

/// `TreeFacts.offscreenPixels(of:)` for many layers asked in preorder (ascending index),
/// in time linear in the tree: the walk up to the root that each single question needs
/// made a chain of 100,000 levels quadratic. It keeps the path from the root to the last
/// layer asked, with each ancestor's place in the root's space and the clips above it,
/// and extends it by the layers in between; every layer joins the path at most once.
///
/// The rectangles are those of `clippedBoundsInRoot`; offsets are summed from the root
/// down instead of from the layer up, which can differ in the last bit of a fraction.
public struct ScreenAreas {
    private let facts: TreeFacts
    private let screen: Rect?
    private var path: [Entry] = []
    /// The layers `pixels(of:)` adds to the path, deepest first; kept for its capacity.
    private var joining: [Int] = []

    private struct Entry {
        var layer: Int
        /// Where the layer's own space lies in the root's space; nil when a transform or
        /// an unknown place on the way up leaves it without an answer, or a mask (which is
        /// not a rectangle to cut with) lies on the way up.
        var offset: (dx: Double, dy: Double)?
        /// The `masksToBounds` clips of the layer and its ancestors, in the root's space;
        /// nil when nothing clips.
        var clip: Rect?
    }

    public init(_ facts: TreeFacts) {
        self.facts = facts
        screen = facts.screenBounds
    }

    /// The pixels one offscreen pass over layer `i` covers. Asked out of order, it starts
    /// the path again (still correct, only slower).
    public mutating func pixels(of i: Int) -> Int {
        let layers = facts.tree.layers
        if let last = path.last, last.layer > i { path.removeAll(keepingCapacity: true) }
        // Off the path: what is no ancestor of `i`.
        while let top = path.last, !(top.layer == i || (top.layer < i && i < Int(layers[top.layer].subtreeEnd))) {
            path.removeLast()
        }
        // Onto it: the layers from the path's end down to `i`, gathered in an array kept
        // from call to call (asked once per finding and per costly layer, an array made
        // per call cost a fifth of the answer).
        if path.last?.layer != i {
            // Taken out while in use: read from `self`, the loop would copy `self` per layer.
            var joining = self.joining
            self.joining = []
            joining.removeAll(keepingCapacity: true)
            var k = i
            while k >= 0 && k != path.last?.layer {
                joining.append(k)
                k = Int(layers[k].parent)
            }
            if k < 0 { path.removeAll(keepingCapacity: true) }
            for layer in joining.reversed() { path.append(entry(for: layer, below: path.last)) }
            self.joining = joining
        }
        guard let entry = path.last, let offset = entry.offset else {
            return TreeFacts.pixels(of: layers[i].bounds, scale: facts.tree.scale)
        }
        var area = layers[i].bounds.offsetBy(dx: offset.dx, dy: offset.dy)
        if let clip = entry.clip { area = area.intersection(clip) }
        if let screen { area = area.intersection(screen) }
        return TreeFacts.pixels(of: area, scale: facts.tree.scale)
    }

    private func entry(for k: Int, below parent: Entry?) -> Entry {
        let layers = facts.tree.layers
        var offset: (dx: Double, dy: Double)? = (0, 0)
        if k > 0 {
            offset = nil
            if let p = parent?.offset, !(facts.hasUnknowns && !layers[k].unknown.isDisjoint(with: [.geometry, .transform])),
               layers[k].role == .sublayer, let (dx, dy) = facts.tree.translationToParent(k) {
                offset = (p.dx + dx, p.dy + dy)
            }
        }
        if layers[k].mask >= 0 { offset = nil }
        var clip = parent?.clip
        if let offset, layers[k].masksToBounds {
            let own = layers[k].bounds.offsetBy(dx: offset.dx, dy: offset.dy)
            clip = clip.map { $0.intersection(own) } ?? own
        }
        return Entry(layer: k, offset: offset, clip: clip)
    }
}
