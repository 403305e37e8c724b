import LayerGeometry
import LayerModel
import LayerTreeExport

extension LayerSnapshot {
    /// The snapshot a loaded (or imported) tree holds, with every property LayerModel
    /// keeps, so that writing it gives a dump that lints the same. Unknown properties that
    /// every layer shares become the snapshot's `unknown` list; the rest stay per layer.
    /// `zPosition` is not kept by LayerModel (format v1 does not use it) and is lost.
    public init(tree: LayerTree) {
        let shared = tree.layers.isEmpty ? [] : tree.layers.reduce(UnknownProperties(rawValue: .max)) { $0.intersection($1.unknown) }
        // Bottom-up over the preorder array: a layer's sublayers and mask come after it,
        // so they are built before it. No recursion, whatever the depth.
        var built = [ExportedLayer?](repeating: nil, count: tree.layers.count)
        for i in tree.layers.indices.reversed() {
            var layer = Self.exported(i, of: tree, leavingOut: shared)
            for s in tree.sublayers(of: i) {
                layer.sublayers.append(built[s]!)
                built[s] = nil
            }
            let mask = Int(tree.layers[i].mask)
            if mask >= 0 { layer.mask = built[mask]; built[mask] = nil }
            built[i] = layer
        }
        var root = built.first.flatMap { $0 } ?? ExportedLayer()
        // A snapshot that knows nothing animates says so on its root, so it reads back knowing it.
        if !tree.frameRateUnknown.contains(.animations), !tree.layers.contains(where: { !$0.animations.isEmpty }) {
            root.animations = []
        }
        // The frame-rate keys a tree does not know are simply not written: a dump without
        // them reads back not knowing them.
        self.init(screen: tree.screen, scale: tree.scale, refreshRate: tree.refreshRate, unknown: shared.names,
                  displayLinks: tree.frameRateUnknown.contains(.displayLinks) ? nil : tree.displayLinks.map(Self.exported),
                  info: tree.frameRateUnknown.contains(.info) ? nil : tree.frameRateInfo.map(Self.exported),
                  root: root)
    }

    private static func exported(_ r: FrameRateRange) -> ExportedFrameRateRange {
        ExportedFrameRateRange(minimum: r.minimum, maximum: r.maximum, preferred: r.preferred)
    }

    private static func exported(_ a: LayerAnimation) -> ExportedAnimation {
        ExportedAnimation(keyPath: a.keyPath, duration: a.duration, repeatCount: a.repeatCount, autoreverses: a.autoreverses,
                          preferredFrameRateRange: a.preferredFrameRateRange.map(exported))
    }

    private static func exported(_ l: DisplayLink) -> ExportedDisplayLink {
        ExportedDisplayLink(target: l.target, preferredFrameRateRange: l.preferredFrameRateRange.map(exported),
                            preferredFramesPerSecond: l.preferredFramesPerSecond, frameInterval: l.frameInterval,
                            isPaused: l.isPaused, hasWork: l.hasWork)
    }

    private static func exported(_ i: FrameRateInfo) -> ExportedFrameRateInfo {
        ExportedFrameRateInfo(disableMinimumFrameDurationOnPhone: i.disableMinimumFrameDurationOnPhone,
                              maximumFramesPerSecond: i.maximumFramesPerSecond)
    }

    /// Layer `i`'s own properties (not its mask or sublayers).
    private static func exported(_ i: Int, of tree: LayerTree, leavingOut shared: UnknownProperties) -> ExportedLayer {
        let l = tree.layers[i]
        var out = ExportedLayer(className: tree.className(of: i), name: tree.name(of: i), viewClass: tree.viewClass(of: i))
        let b = l.bounds
        out.bounds = ExportedRect(x: b.origin.x, y: b.origin.y, width: b.size.width, height: b.size.height)
        out.position = ExportedPoint(x: l.position.x, y: l.position.y)
        out.anchorPoint = ExportedPoint(x: l.anchorPoint.x, y: l.anchorPoint.y)
        if l.hasTransform, let t = l.transform { out.transform = ExportedTransform(values: t.values)! }
        if l.hasSublayerTransform, let t = l.sublayerTransform { out.sublayerTransform = ExportedTransform(values: t.values)! }
        out.opacity = l.opacity
        out.isHidden = l.isHidden
        out.allowsGroupOpacity = l.allowsGroupOpacity
        out.backgroundColor = l.backgroundColor.map(color)
        out.borderWidth = l.borderWidth
        out.borderColor = l.borderColor.map(color)
        out.cornerRadius = l.cornerRadius
        out.cornerCurve = ExportedCornerCurve(rawValue: l.cornerCurve.rawValue) ?? .circular
        out.maskedCorners = ExportedCorners(rawValue: l.maskedCorners.rawValue)
        out.masksToBounds = l.masksToBounds
        out.contents = l.contents.map {
            ExportedContents(pixelWidth: $0.pixelWidth.map(decimal), pixelHeight: $0.pixelHeight.map(decimal),
                             scale: $0.scale.map(decimal))
        }
        out.contentsGravity = ExportedGravity(rawValue: l.contentsGravity.rawValue) ?? .resize
        let s = l.shadow
        out.shadow = ExportedShadow(opacity: s.opacity, radius: s.radius,
                                    offset: ExportedSize(width: s.offset.width, height: s.offset.height),
                                    color: s.color.map(color), path: s.path?.svg)
        if let shape = l.shape {
            out.shape = ExportedShape(path: shape.path?.svg, fillColor: shape.fillColor.map(color),
                                      strokeColor: shape.strokeColor.map(color), lineWidth: shape.lineWidth)
        }
        out.shouldRasterize = l.shouldRasterize
        out.rasterizationScale = l.rasterizationScale
        out.offscreenCount = l.observedOffscreenCount
        out.unknown = l.unknown.subtracting(shared).names
        if !l.animations.isEmpty { out.animations = l.animations.map(exported) }
        out.extras = l.extras.map { ExportedExtra(key: $0.key, json: $0.json) }
        return out
    }

    private static func color(_ c: RGBA) -> RGBAColor {
        RGBAColor(redByte: c.redByte, greenByte: c.greenByte, blueByte: c.blueByte, alphaByte: c.alphaByte)
    }

    /// LayerModel keeps bitmap sizes at single precision: the shortest decimal of that
    /// Float is the number the dump said (`Double(Float(0.1))` would be 0.100000001…).
    private static func decimal(_ v: Double) -> Double { Double(Float(v).description) ?? v }
}
