import LayerDecode
import LayerGeometry
import LayerModel

/// Turns one parsed line into a layer: which fields set which properties, and which
/// properties stay unknown because a view description never states them.
struct DescriptionLayerMapping {
    let text: DescriptionText
    let line: DescriptionLine
    private let values: DescriptionValues

    init(text: DescriptionText, line: DescriptionLine) {
        self.text = text; self.line = line
        values = DescriptionValues(text: text, line: line)
    }

    /// Never stated by a view's description, so unknown on every layer: corner radius and
    /// curve, masked corners, shadow and shadow path, mask, contents (a label's or an image
    /// view's bitmap is never described, nor its size), border, group opacity,
    /// rasterization, and sublayers other than the listed views and `(layer)` lines.
    static let unknownOnViews = UnknownProperties.notInViewDescriptions
    /// A `(layer)` line gives only a class: not even a frame or a colour.
    static let unknownOnLayerLines = UnknownProperties.notInViewDescriptions.union([.backgroundColor, .transform])

    func layer(from d: ViewDescription, builder: inout LayerTreeBuilder) throws(DecodeError) -> Layer {
        var layer = Layer()
        var extras: [ExtraProperty] = []
        // The indentation is ASCII, so the `<` is at its byte column.
        layer.location = SourceLocation(line: line.number, column: d.start - line.start + 1)
        if d.isLayerOnly {
            // A sublayer no view owns: the name is its layer class. Its geometry is not
            // written, so it keeps a zero frame: it is placed nowhere and draws nothing that
            // a rule could measure.
            layer.classID = builder.intern(ReadableClassName.of(text.string(d.className), keepingRawAs: "mangledLayerClass", in: &extras))
            layer.unknown = Self.unknownOnLayerLines
        } else {
            // The view's class: `UILabel`, `Adyen.FormView`, `_TtCC5Adyen…` read as
            // `Adyen.SubmitButton.BackgroundView`.
            layer.viewClassID = builder.intern(ReadableClassName.of(text.string(d.className), keepingRawAs: "mangledViewClass", in: &extras))
            layer.unknown = Self.unknownOnViews
        }
        var frame: Rect?
        var transform: Transform3D?
        var contentOffset: Point?
        for field in d.fields {
            let key = field.key, value = field.value
            if text.equals(key, "frame") {
                frame = try values.frame(value)
            } else if text.equals(key, "transform") {
                transform = try values.transform(value)
            } else if text.equals(key, "alpha") {
                layer.opacity = try values.alpha(value)
            } else if text.equals(key, "hidden") {
                layer.isHidden = try values.flag(value, key: "hidden")
            } else if text.equals(key, "clipsToBounds") {
                layer.masksToBounds = try values.flag(value, key: "clipsToBounds")
            } else if text.equals(key, "layer") {
                layer.classID = builder.intern(ReadableClassName.of(text.string(try values.layerClass(value)), keepingRawAs: "mangledLayerClass", in: &extras))
            } else if text.equals(key, "backgroundColor") {
                setBackground(value, of: &layer, extras: &extras)
            } else if text.equals(key, "contentOffset") {
                contentOffset = try values.point(value, key: "contentOffset")
            } else if text.equals(key, "opaque") {
                // UIView.isOpaque, printed only when NO. No rule reads it; kept for reports.
                extras.append(ExtraProperty(key: "opaque", json: try values.flag(value, key: "opaque") ? "true" : "false"))
            } else if text.equals(key, "contentSize") {
                // Printed for every UIScrollView: what tells a scroll view whose class name
                // does not (`unneeded-clip` never advises removing its clip).
                let size = try values.point(value, key: "contentSize")
                extras.append(ExtraProperty(key: "contentSize", json: "[\(size.x), \(size.y)]"))
            } else if text.equals(key, "baseClass") {
                // The UIKit class a custom view derives from (`baseClass = UITableViewCell`).
                extras.append(ExtraProperty(key: "baseClass", json: JSONText.quoted(text.string(value))))
            } else if text.equals(key, "text") {
                extras.append(ExtraProperty(key: "text", json: JSONText.quoted(values.quotedText(value))))
            }
            // Every other field (autoresize, userInteractionEnabled, gestureRecognizers,
            // animations, tintColor, …) says nothing about offscreen passes.
        }
        if let annotation = d.annotation { annotate(annotation, extras: &extras) }
        Self.place(&layer, frame: frame, transform: transform)
        if let offset = contentOffset {
            // A scroll view's bounds origin is its content offset: its subviews' frames are
            // in that space, so this is what puts them where they are on screen.
            layer.bounds = Rect(origin: offset, size: layer.bounds.size)
        }
        if !extras.isEmpty { layer.extras = extras }
        return layer
    }

    /// UIKit's text after `>`, kept whole as `uikitAnnotation`; a visual effect it names
    /// becomes `uikitEffect` (`blur`, `vibrancy` or `none`) and `uikitEffectStyle`, which
    /// the facts cost instead of the effect view's private backdrop (docs/importers.md).
    private func annotate(_ annotation: DescriptionAnnotation, extras: inout [ExtraProperty]) {
        extras.append(ExtraProperty(key: "uikitAnnotation", json: JSONText.quoted(text.string(annotation.range))))
        guard let effect = AnnotatedVisualEffect(annotation, in: text) else { return }
        extras.append(ExtraProperty(key: "uikitEffect", json: JSONText.quoted(effect.kind)))
        if let style = effect.style { extras.append(ExtraProperty(key: "uikitEffectStyle", json: JSONText.quoted(style))) }
    }

    /// `backgroundColor` is printed only when set, so its absence means none (known).
    private func setBackground(_ value: Range<Int>, of layer: inout Layer, extras: inout [ExtraProperty]) {
        if text.equals(value, "(null)") {
            layer.backgroundColor = nil
            return
        }
        switch DescriptionColor(value, in: text, values: values) {
        case .concrete(let color):
            layer.backgroundColor = color
        case .unresolved:
            layer.backgroundColor = DescriptionColor.unresolvedPlaceholder
            layer.unknown.insert(.backgroundColor)
            extras.append(ExtraProperty(key: "uikitBackgroundColor", json: JSONText.quoted(text.string(value))))
        }
    }

    /// Sets bounds and position from UIKit's `frame`, which for a transformed view is the
    /// bounding box of the transformed bounds, not the untransformed frame the v1 format
    /// means. With the default anchor point, the box's centre is the position moved by the
    /// transform's translation, and its size is |a|·w + |c|·h by |b|·w + |d|·h: solved for
    /// the bounds' w and h. When that cannot be solved (a 45° rotation), w and h are taken
    /// equal, the one answer that fits.
    static func place(_ layer: inout Layer, frame: Rect?, transform: Transform3D?) {
        guard let t = transform, !t.isIdentity else {
            if let frame { LayerTreeBuilder.setFrame(frame, of: &layer) }
            return
        }
        layer.transform = t
        guard let frame else { return }
        let a = abs(t.m11), b = abs(t.m12), c = abs(t.m21), d = abs(t.m22)
        let width = frame.width, height = frame.height
        var w: Double, h: Double
        let det = a * d - b * c
        if abs(det) > 1e-9 {
            w = (width * d - height * c) / det
            h = (height * a - width * b) / det
        } else {
            let s = a + c > 0 ? width / (a + c) : 0
            w = s; h = s
        }
        w = max(0, w); h = max(0, h)
        layer.bounds = Rect(x: 0, y: 0, width: w, height: h)
        layer.position = Point(x: frame.midX - t.m41, y: frame.midY - t.m42)
    }
}
