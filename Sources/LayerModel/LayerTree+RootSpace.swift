import LayerGeometry

extension LayerTree {
    /// Every layer's transform from its own space to the root's, in preorder: each is its
    /// `toParent` followed by its parent's (a parent comes before its sublayers and mask,
    /// so one loop composes them all). The drawings of the html and svg reports place
    /// layers with these, the same transforms the facts use layer by layer.
    public func transformsToRoot() -> [Transform3D] {
        var out = [Transform3D](repeating: .identity, count: layers.count)
        for i in layers.indices {
            let p = Int(layers[i].parent)
            guard p >= 0, p < i else { continue }   // the root, or a hand-built link
            if let (dx, dy) = translationToParent(i), out[p].isAffine {
                // Most layers only move: skip the 4×4 product.
                var t = out[p]
                t.m41 += dx * t.m11 + dy * t.m21
                t.m42 += dx * t.m12 + dy * t.m22
                out[i] = t
            } else {
                out[i] = toParent(i).concatenating(out[p])
            }
        }
        return out
    }
}
