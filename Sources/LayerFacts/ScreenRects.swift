import LayerGeometry
import LayerModel

/// Where a layer lies in the root layer's space (the screen, for a dump of a window),
/// when nothing on the way up rotates or scales it. Used where a rule must know that
/// two layers overlap or cover each other: a bounding box of a rotated layer would claim
/// coverage it does not have, so those layers get no answer.
extension TreeFacts {
    /// `rect` (in layer `i`'s space) in the root's space, or nil when a transform on the
    /// way up is more than a translation, or a place on the way up is unknown.
    public func rectInRoot(_ i: Int, _ rect: Rect) -> Rect? {
        var r = rect
        var k = i
        // Fields are read in place: a copy of a layer would retain its shared box, and
        // rules ask this for every layer they report (`offscreenPixels`).
        while k > 0 {
            if hasUnknowns, !tree.layers[k].unknown.isDisjoint(with: [.geometry, .transform]) { return nil }
            guard tree.layers[k].role == .sublayer, let (dx, dy) = tree.translationToParent(k) else { return nil }
            r = r.offsetBy(dx: dx, dy: dy)
            k = Int(tree.layers[k].parent)
        }
        return r
    }

    /// The part of layer `i`'s bounds left on screen by the `masksToBounds` clips of its
    /// ancestors (and its own), in the root's space; nil when `rectInRoot` has no answer
    /// or an ancestor has a mask (whose shape is not a rectangle to intersect with).
    public func clippedBoundsInRoot(_ i: Int) -> Rect? {
        guard var r = rectInRoot(i, tree.layers[i].bounds) else { return nil }
        var k = i
        while k >= 0 {
            if tree.layers[k].mask >= 0 { return nil }
            if tree.layers[k].masksToBounds {
                guard let clip = rectInRoot(k, tree.layers[k].bounds) else { return nil }
                r = r.intersection(clip)
            }
            k = Int(tree.layers[k].parent)
        }
        return r
    }
}

extension TreeFacts {
    /// The screen in the root's space, when the dump is of a window (its root layer is a
    /// window's: the view class names one): nil for a dump of a cell or a view alone,
    /// whose screen the dump does not show.
    public var screenBounds: Rect? {
        guard let root = tree.layers.first, !(hasUnknowns && root.unknown.contains(.geometry)),
              let view = tree.viewClass(of: 0) ?? Optional(tree.className(of: 0)),
              view.hasSuffix("Window") || view == "UIWindowLayer" else { return nil }
        return root.bounds.isEmpty ? nil : root.bounds
    }

    /// The points of the largest screen of a current Apple device (the 13-inch iPad Pro,
    /// 1032 × 1376): the screen a threshold assumes when the dump does not show its own,
    /// so that a rule comparing with the screen errs towards silence.
    public static let largestScreenPoints = Size(width: 1032, height: 1376)
}

extension TreeFacts {
    /// The pixels one offscreen pass over layer `i` covers: its bounds on screen, cut by
    /// the clips above it and by the screen when the dump shows one, times the screen's
    /// scale squared (docs/cost-model.md, "Cost in pixels"). A layer that a transform
    /// rotates or scales on the way up counts its own bounds, uncut. Whole pixels, at
    /// most `Self.maximumPixels`, so that sums over a dump stay far from overflow.
    public func offscreenPixels(of i: Int) -> Int {
        var area: Rect
        if let onScreen = clippedBoundsInRoot(i) {
            area = onScreen
            if let screen = screenBounds { area = area.intersection(screen) }
        } else {
            area = tree.layers[i].bounds
        }
        return Self.pixels(of: area, scale: tree.scale)
    }

    /// Whole pixels of `area` at `scale`, at most `maximumPixels`.
    static func pixels(of area: Rect, scale: Double) -> Int {
        guard !area.isEmpty else { return 0 }
        let pixels = area.width * area.height * scale * scale
        guard pixels.isFinite, pixels > 0 else { return pixels.isNaN || pixels <= 0 ? 0 : Self.maximumPixels }
        return pixels >= Double(Self.maximumPixels) ? Self.maximumPixels : Int(pixels.rounded())
    }

    /// 2^40 pixels: a million screens; an importer's absurd frame is cut to this.
    public static let maximumPixels = 1 << 40
}
