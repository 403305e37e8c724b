/// The building blocks UIKit screens are made of, as their layers appear in a dump.
extension Layer {
    /// A `UILabel`: `_UILabelLayer` with its rendered text as contents.
    static func label(_ name: String? = nil, view: String = "UILabel", frame: Rect) -> Layer {
        var layer = Layer(name: name, view: view, class: "_UILabelLayer", frame: frame)
        layer.set("contents", .bool(true))
        return layer
    }

    /// A `UIImageView` with a bitmap of `pixels` at 3x.
    static func image(_ name: String? = nil, frame: Rect, pixels: (Int, Int), gravity: String,
                      scale: Int? = 3) -> Layer {
        var layer = Layer(name: name, view: "UIImageView", frame: frame)
        layer.set("contents", .bitmap(width: pixels.0, height: pixels.1, scale: scale))
        layer.set("contentsGravity", .word(gravity))
        return layer
    }

    /// A `UIStackView`, whose layer is a `CATransformLayer` that draws nothing itself.
    static func stack(_ name: String? = nil, frame: Rect, _ arranged: [Layer]) -> Layer {
        var layer = Layer(name: name, view: "UIStackView", class: "CATransformLayer", frame: frame)
        layer.sublayers = arranged
        return layer
    }

    /// A `CAShapeLayer` with a path; `fill` nil writes `fillColor: null` (stroke only).
    static func shape(_ name: String? = nil, frame: Rect, path: String, fill: String?,
                      stroke: String? = nil, lineWidth: Fixed3? = nil) -> Layer {
        var layer = Layer(name: name, class: "CAShapeLayer", frame: frame)
        layer.set("path", .quoted(path))
        layer.set("fillColor", fill.map { .quoted($0) } ?? .null)
        if let stroke { layer.set("strokeColor", .quoted(stroke)) }
        if let lineWidth { layer.set("lineWidth", .number(lineWidth)) }
        return layer
    }

    /// A circular `CAShapeLayer` mask over a `diameter` square, the common way to make
    /// round avatars (and a finding: `cornerRadius` would do it without a pass).
    static func circleMask(diameter: Fixed3, arcs: Bool) -> Layer {
        let path = arcs ? PathData.circleArcs(diameter: diameter) : PathData.circleCubics(diameter: diameter)
        return .shape(frame: Rect(0, 0, diameter, diameter), path: path, fill: "#000000")
    }

    /// A `UIButton` holding an icon image.
    static func iconButton(_ name: String, frame: Rect, icon: Rect, pixels: (Int, Int)) -> Layer {
        var button = Layer(name: name, view: "UIButton", frame: frame)
        button.add(.image(frame: icon, pixels: pixels, gravity: "center", scale: nil))
        return button
    }

    /// A blurred bar background: `UIVisualEffectView` with its backdrop and tint layers.
    static func blur(frame: Rect, tint: String) -> Layer {
        let bounds = Rect(0, 0, frame.width, frame.height)
        var effect = Layer(view: "UIVisualEffectView", frame: frame)
        effect.add(Layer(view: "_UIVisualEffectBackdropView", class: "UICABackdropLayer", frame: bounds))
        var tintLayer = Layer(view: "_UIVisualEffectSubview", frame: bounds)
        tintLayer.set("backgroundColor", .quoted(tint))
        effect.add(tintLayer)
        return effect
    }
}

/// Colours apps use: system fills, tints and translucent overlays.
enum Palette {
    static let tints = ["#007AFF", "#34C759", "#FF9500", "#FF3B30", "#AF52DE", "#5856D6", "#FF2D55", "#5AC8FA"]
    static let surfaces = ["#FFFFFF", "#F2F2F7", "#FFFFFF", "#1C1C1E"]
    static let placeholders = ["#E5E5EA", "#F2F2F7", "#D1D1D6"]
    static let separator = "#3C3C434A"
    static let overlays = ["#00000066", "#FFFFFFCC", "#0000004D", "#FFFFFFB3"]
}
