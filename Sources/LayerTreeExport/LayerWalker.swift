extension LayerTreeExport {
    /// The snapshot of `layer` and everything below it (its sublayers and masks), read as
    /// they are now. For a `CALayer`, call it on the main thread, where UIKit and AppKit
    /// change layers. `scale` defaults to the layer's `contentsScale` (a view's layer has
    /// the screen's).
    ///
    /// `displayLinks` and `info` are the app's, which a layer tree does not reach: pass
    /// them to let the frame-rate rules judge them (docs/exporting.md, "Frame rate"); nil
    /// leaves them unknown.
    public static func snapshot<Layer: ExportableLayer>(of layer: Layer, screen: String? = nil, scale: Double? = nil,
                                                        refreshRate: Double = 60,
                                                        displayLinks: [ExportedDisplayLink]? = nil,
                                                        info: ExportedFrameRateInfo? = nil) -> LayerSnapshot {
        let own = layer.exportContentsScale
        let scale = scale ?? (own.isFinite && own > 0 ? own : 3)
        var root = LayerWalker.tree(of: layer)
        // A layer type that reads animations knows when none runs: the root says so once.
        if layer.exportAnimations != nil, !LayerWalker.anyAnimates(root) { root.animations = [] }
        return LayerSnapshot(screen: screen, scale: scale, refreshRate: refreshRate, displayLinks: displayLinks,
                             info: info, root: root)
    }

    /// `layer`'s tree as a v1 YAML dump.
    public static func yaml<Layer: ExportableLayer>(of layer: Layer, screen: String? = nil,
                                                    displayLinks: [ExportedDisplayLink]? = nil,
                                                    info: ExportedFrameRateInfo? = nil) -> String {
        yaml(snapshot(of: layer, screen: screen, displayLinks: displayLinks, info: info))
    }

    /// `layer`'s tree as a v1 JSON dump.
    public static func json<Layer: ExportableLayer>(of layer: Layer, screen: String? = nil,
                                                    displayLinks: [ExportedDisplayLink]? = nil,
                                                    info: ExportedFrameRateInfo? = nil) -> String {
        json(snapshot(of: layer, screen: screen, displayLinks: displayLinks, info: info))
    }
}

/// Turns any `ExportableLayer` tree into `ExportedLayer` values: written once, for
/// `CALayer` and `FakeLayer` alike.
enum LayerWalker {
    /// Walks the tree with an explicit stack (no recursion, whatever the depth), finishing
    /// each layer after its mask and sublayers.
    static func tree<Layer: ExportableLayer>(of root: Layer) -> ExportedLayer {
        typealias Frame = WalkFrame<Layer.Child>
        func frame<L: ExportableLayer>(_ layer: L) -> Frame where L.Child == Layer.Child {
            let mask = layer.exportMask.map { [$0] } ?? []
            return Frame(exported: LayerProperties.read(layer), children: mask + layer.exportSublayers, hasMask: !mask.isEmpty)
        }
        var stack = [frame(root)]
        while true {
            let top = stack.count - 1
            if stack[top].next < stack[top].children.count {
                let child = stack[top].children[stack[top].next]
                stack[top].next += 1
                stack.append(frame(child))
                continue
            }
            let done = stack.removeLast()
            guard let parent = stack.indices.last else { return done.exported }
            if stack[parent].hasMask && stack[parent].next == 1 {
                stack[parent].exported.mask = done.exported
            } else {
                stack[parent].exported.sublayers.append(done.exported)
            }
        }
    }
}

extension LayerWalker {
    /// Whether any layer of the exported tree (masks included) has an animation. Iterative.
    static func anyAnimates(_ root: ExportedLayer) -> Bool {
        var stack = [root]
        while let layer = stack.popLast() {
            if !(layer.animations ?? []).isEmpty { return true }
            stack += layer.sublayers
            if let mask = layer.mask { stack.append(mask) }
        }
        return false
    }
}

/// One layer on the walker's stack.
struct WalkFrame<Child> {
    var exported: ExportedLayer
    /// The mask first, when there is one, then the sublayers.
    let children: [Child]
    let hasMask: Bool
    var next = 0
}
