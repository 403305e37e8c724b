/// One layer's own properties (not its mask or sublayers) as dump values. A value that
/// cannot be written truthfully (a NaN, a pattern colour, a gravity or corner curve the
/// format does not name) leaves the default in its place and puts the property's name in
/// the layer's `unknown` list, so that no rule relies on a fact nobody read.
enum LayerProperties {
    static func read<Layer: ExportableLayer>(_ layer: Layer) -> ExportedLayer {
        var unknown = Unknowns()
        let classes = layer.exportClassNames
        var out = ExportedLayer(className: coreAnimationClass(classes), name: layer.exportName,
                                viewClass: layer.exportViewClassName)
        if let own = classes.first, !isApples(own) {
            out.extras.append(ExportedExtra(key: "customClass", json: ScalarText.quoted(own)))
        }
        // A replicator draws its sublayers `instanceCount` times; the copies are no layers
        // a walk can see, so the dump does not list everything that is drawn.
        if classes.contains("CAReplicatorLayer") { unknown.add("sublayers") }

        let bounds = layer.exportBounds, position = layer.exportPosition, anchor = layer.exportAnchorPoint
        if finite([bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height, position.x, position.y, anchor.x, anchor.y]) {
            out.bounds = bounds; out.position = position; out.anchorPoint = anchor
        } else {
            unknown.add("geometry")
        }
        let z = layer.exportZPosition
        out.zPosition = z.isFinite ? z : 0  // not used by format v1, so no unknown name
        let transform = self.transform(layer.exportTransform), sublayerTransform = self.transform(layer.exportSublayerTransform)
        if let t = transform { out.transform = t }
        if let t = sublayerTransform { out.sublayerTransform = t }
        if transform == nil || sublayerTransform == nil { unknown.add("transform") }

        if let opacity = decimal(layer.exportOpacity) { out.opacity = opacity } else { unknown.add("opacity") }
        out.isHidden = layer.exportIsHidden
        out.allowsGroupOpacity = layer.exportAllowsGroupOpacity
        if let c = layer.exportBackgroundColor {
            let (color, known) = self.color(c)
            out.backgroundColor = color
            if !known { unknown.add("backgroundColor") }
        }
        let borderWidth = layer.exportBorderWidth
        let (borderColor, borderColorKnown) = layer.exportBorderColor.map(color) ?? (nil, true)
        out.borderColor = borderColor
        if borderWidth.isFinite { out.borderWidth = borderWidth }
        if !borderWidth.isFinite || !borderColorKnown { unknown.add("border") }

        let radius = layer.exportCornerRadius
        if radius.isFinite { out.cornerRadius = radius } else { unknown.add("cornerRadius") }
        if let curve = ExportedCornerCurve(rawValue: layer.exportCornerCurve) { out.cornerCurve = curve } else { unknown.add("cornerCurve") }
        out.maskedCorners = ExportedCorners(rawValue: UInt8(truncatingIfNeeded: layer.exportMaskedCorners & 15))
        out.masksToBounds = layer.exportMasksToBounds

        switch layer.exportContents {
        case nil: break
        case .other?: out.contents = ExportedContents()
        case .image(let width, let height)?:
            let scale = layer.exportContentsScale
            out.contents = ExportedContents(pixelWidth: Double(width), pixelHeight: Double(height),
                                            scale: scale.isFinite && scale > 0 ? scale : nil)
        }
        if let gravity = ExportedGravity(rawValue: layer.exportContentsGravity) {
            out.contentsGravity = gravity
        } else if layer.exportContents != nil {
            // Where a bitmap lands (and whether it is clipped) depends on the gravity.
            unknown.add("contents")
        }

        var shadowKnown = true
        let shadowOpacity = decimal(layer.exportShadowOpacity), shadowRadius = layer.exportShadowRadius
        let offset = layer.exportShadowOffset
        if let o = shadowOpacity { out.shadow.opacity = o } else { shadowKnown = false }
        if shadowRadius.isFinite { out.shadow.radius = shadowRadius } else { shadowKnown = false }
        if finite([offset.width, offset.height]) { out.shadow.offset = offset } else { shadowKnown = false }
        let (shadowColor, shadowColorKnown) = layer.exportShadowColor.map(color) ?? (nil, true)
        out.shadow.color = shadowColor
        if !shadowKnown || !shadowColorKnown { unknown.add("shadow") }
        if let elements = layer.exportShadowPath {
            if let data = PathData.svg(elements) { out.shadow.path = data } else { unknown.add("shadowPath") }
        }

        if let shape = layer.exportShape {
            // No `unknown` name covers a shape's own keys: a path with a non-finite point
            // is left out, and a colour without sRGB components keeps its alpha.
            out.shape = ExportedShape(path: shape.path.flatMap(PathData.svg), fillColor: shape.fillColor.map { color($0).0 },
                                      strokeColor: shape.strokeColor.map { color($0).0 },
                                      lineWidth: shape.lineWidth.isFinite ? shape.lineWidth : 1)
        }
        out.shouldRasterize = layer.exportShouldRasterize
        let rasterizationScale = layer.exportRasterizationScale
        if rasterizationScale.isFinite && rasterizationScale > 0 {
            out.rasterizationScale = rasterizationScale
        } else if out.shouldRasterize {
            unknown.add("shouldRasterize")
        }
        out.unknown = unknown.names
        // Only a layer that animates writes the key; the walker says "none" once, on the root.
        if let animations = layer.exportAnimations, !animations.isEmpty {
            out.animations = animations.map(finite)
        }
        return out
    }

    /// An animation whose numbers a dump can spell: a non-finite or negative duration is
    /// Core Animation's default (0), a NaN or negative repeat count none.
    private static func finite(_ a: ExportedAnimation) -> ExportedAnimation {
        var a = a
        if !a.duration.isFinite || a.duration < 0 { a.duration = 0 }
        if a.repeatCount.isNaN || a.repeatCount < 0 { a.repeatCount = 0 }
        if let r = a.preferredFrameRateRange, ![r.minimum, r.maximum, r.preferred].allSatisfy({ $0.isFinite && $0 >= 0 })
            || r.minimum > r.maximum || (r.preferred != 0 && (r.preferred < r.minimum || r.preferred > r.maximum)) {
            a.preferredFrameRateRange = nil
        }
        return a
    }

    /// The class name, or for a subclass of the app's own the nearest Apple class above
    /// it, as the format asks (rules look for `CAShapeLayer`, `_UILabelLayer`, …).
    static func coreAnimationClass(_ classes: [String]) -> String {
        classes.first(where: isApples) ?? "CALayer"
    }

    static func isApples(_ name: String) -> Bool {
        ["CA", "UI", "_UI", "NS", "_NS"].contains { name.hasPrefix($0) }
    }

    /// A Float property (opacity) as the decimal it was set to: `Double(Float(0.08))` is
    /// 0.0799999982118607, which would be noise in every dump. Nil when not finite.
    static func decimal(_ f: Float) -> Double? {
        guard f.isFinite else { return nil }
        return Double(f.description) ?? Double(f)
    }

    /// A transform of 16 finite numbers; nil otherwise.
    static func transform(_ values: [Double]) -> ExportedTransform? {
        guard finite(values) else { return nil }
        return ExportedTransform(values: values)
    }

    /// The colour, and whether it is known: a colour without sRGB components (or with a
    /// NaN) keeps only its alpha, which still says whether it draws.
    static func color(_ c: ExportableColor) -> (RGBAColor, Bool) {
        switch c {
        case .rgba(let r, let g, let b, let a) where finite([r, g, b, a]):
            return (RGBAColor(red: r, green: g, blue: b, alpha: a), true)
        case .rgba(_, _, _, let a), .unconvertible(let a):
            return (RGBAColor(red: 0, green: 0, blue: 0, alpha: a.isFinite ? a : 1), false)
        }
    }

    static func finite(_ values: [Double]) -> Bool { values.allSatisfy(\.isFinite) }

    /// The layer's `unknown` names, each once, in the order found.
    struct Unknowns {
        private(set) var names: [String] = []
        mutating func add(_ name: String) { if !names.contains(name) { names.append(name) } }
    }
}

/// SVG path data for path elements.
enum PathData {
    /// Absolute commands (`M L Q C Z`) in the layer's own space; nil when a coordinate is
    /// not finite, which no path data can spell.
    static func svg(_ elements: [ExportedPathElement]) -> String? {
        var parts: [String] = []
        parts.reserveCapacity(elements.count)
        var allFinite = true
        func pair(_ p: ExportedPoint) -> String {
            if !p.x.isFinite || !p.y.isFinite { allFinite = false }
            return NumberText.text(p.x) + " " + NumberText.text(p.y)
        }
        for e in elements {
            switch e {
            case .move(let p): parts.append("M " + pair(p))
            case .line(let p): parts.append("L " + pair(p))
            case .quadCurve(let p, let c): parts.append("Q " + pair(c) + " " + pair(p))
            case .curve(let p, let c1, let c2): parts.append("C " + pair(c1) + " " + pair(c2) + " " + pair(p))
            case .close: parts.append("Z")
            }
        }
        return allFinite ? parts.joined(separator: " ") : nil
    }
}
