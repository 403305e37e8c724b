/// The nodes of a mixed cell, one builder per `MixedTree.Kind`. Each sets what its rule
/// needs to fire (or, for the kinds that should stay silent, what keeps it silent), with
/// exact numbers wherever a device's exporter writes unrounded ones.
extension MixedTree {
    mutating func build(_ kind: Kind, frame f: ExactRect, depth: Int, fitsClip: Bool, roomBelow: Bool) -> Layer {
        let below = depth + 1
        switch kind {
        case .shadowCard:
            var card = layer("card", view: "UIView", frame: f)
            // Mostly opaque; a translucent one makes the fix add its caveat about what the
            // shadow follows.
            card.set("backgroundColor", .quoted(rng.chance(perMille: 850) ? rng.pick(Palette.surfaces) : "#FFFFFFCC"))
            let radius = corner(f)
            card.set("cornerRadius", .exact(radius))
            if rng.chance(perMille: 300) { card.set("cornerCurve", .word("continuous")) }
            shadow(on: &card, sharp: rng.chance(perMille: 120))
            if roomBelow && rng.chance(perMille: 550) {
                card.sublayers = children(in: f.bounds.insetBy(max(radius, 4)), depth: below, fitsClip: false)
            }
            return card

        case .clippedShadowCard:
            // The card the clipped-shadow rule is about: rounded, clipped and shadowed. Its
            // clip is needed (it hides the shadow), so its content may reach anywhere.
            var tile = layer("tile", view: "UIView", frame: f)
            tile.set("backgroundColor", .quoted(rng.pick(Palette.surfaces)))
            let radius = corner(f)
            tile.set("cornerRadius", .exact(radius))
            if rng.chance(perMille: 300) { tile.set("cornerCurve", .word("continuous")) }
            tile.set("masksToBounds", .bool(true))
            shadow(on: &tile, sharp: false)
            if roomBelow && rng.chance(perMille: 600) {
                tile.sublayers = children(in: f.bounds.insetBy(max(radius / 2, 2)), depth: below, fitsClip: false)
            }
            return tile

        case .rectClip:
            var box = layer("container", view: "UIView", frame: f)
            if rng.chance(perMille: 600) { box.set("backgroundColor", .quoted(rng.pick(Palette.placeholders))) }
            box.set("masksToBounds", .bool(true))
            disabledShadow(on: &box)
            if roomBelow && rng.chance(perMille: 700) {
                box.sublayers = children(in: f.bounds.insetBy(rng.length(1...6)), depth: below, fitsClip: true)
            }
            return box

        case .roundedLeafClip:
            var pill = layer("badge", view: "UIView", frame: f)
            pill.set("backgroundColor", .quoted(rng.pick(Palette.tints)))
            pill.set("cornerRadius", .exact(rng.chance(perMille: 500) ? min(f.width, f.height) / 2 : corner(f)))
            pill.set("masksToBounds", .bool(true))
            disabledShadow(on: &pill)
            return pill

        case .roundedClip:
            var panel = layer("roundedContainer", view: "UIView", frame: f)
            panel.set("backgroundColor", .quoted(rng.pick(Palette.surfaces)))
            let radius = corner(f)
            panel.set("cornerRadius", .exact(radius))
            panel.set("masksToBounds", .bool(true))
            // In by the radius, every child stays inside the rounded shape.
            panel.sublayers = children(in: f.bounds.insetBy(radius + 1), depth: below, fitsClip: true)
            return panel

        case .neededClip:
            // Aspect-filled contents of another aspect overflow the bounds: the clip is needed.
            var photo = layer("photo", view: "UIImageView", frame: f)
            let wide = f.width >= f.height
            photo.set("contents", .bitmap(width: wide ? 900 : 1200, height: wide ? 1200 : 900, scale: 3))
            photo.set("contentsGravity", .word("resizeAspectFill"))
            photo.set("backgroundColor", .quoted(rng.pick(Palette.placeholders)))
            photo.set("cornerRadius", .exact(corner(f)))
            photo.set("masksToBounds", .bool(true))
            return photo

        case .pathShadow:
            var card = layer("shadowedCard", view: "UIView", frame: f)
            card.set("backgroundColor", .quoted(rng.pick(Palette.surfaces)))
            let radius = corner(f)
            card.set("cornerRadius", .exact(radius))
            shadow(on: &card, sharp: false)
            // Most paths match the bounds; some were set for another size (stale-shadow-path).
            var width = f.width, height = f.height
            if rng.chance(perMille: 200) {
                // Narrower (set for a smaller screen) when there is room for it, else taller.
                let change = rng.length(12...60)
                if rng.chance(perMille: 500), width - change > 2 * radius + 4 { width -= change } else { height += change }
            }
            card.set("shadowPath", .quoted(ExactPath.roundedRect(width: width, height: height, radius: radius)))
            if roomBelow && rng.chance(perMille: 500) {
                card.sublayers = children(in: f.bounds.insetBy(max(radius, 4)), depth: below, fitsClip: false)
            }
            return card

        case .gradient:
            return gradient(frame: f, animated: false)

        case .label:
            var label = layer(rng.chance(perMille: 500) ? "title" : nil, view: "UILabel", class: "_UILabelLayer", frame: f)
            label.set("contents", .bool(true))
            return label

        case .icon:
            var icon = layer("icon", view: "UIImageView", frame: f)
            let side = Int(min(f.width, f.height) * 3)
            icon.set("contents", .bitmap(width: max(side, 3), height: max(side, 3), scale: 3))
            if rng.chance(perMille: 500) {
                // An app-icon tile: the contents reach the rounded corners, so the clip is needed.
                icon.set("contentsGravity", .word("resize"))
                icon.set("cornerRadius", .exact(corner(f)))
                icon.set("masksToBounds", .bool(true))
            } else {
                icon.set("contentsGravity", .word(rng.chance(perMille: 500) ? "resizeAspect" : "resize"))
            }
            return icon

        case .stack:
            var stack = layer(nil, view: "UIStackView", class: "CATransformLayer", frame: f)
            stack.sublayers = children(in: f.bounds, depth: below, fitsClip: fitsClip)
            return stack

        case .maskedAvatar:
            return maskedAvatar(frame: f, depth: depth)

        case .fadedGroup:
            return fadedGroup(frame: f)

        case .rasterized:
            return rasterized(frame: f)

        case .spinner:
            return spinner(frame: f)

        case .scrubber:
            if rng.chance(perMille: 500) { return gradient(frame: f, animated: true) }
            var bar = layer("progress", view: "UIView", frame: f)
            bar.set("backgroundColor", .quoted(rng.pick(Palette.tints)))
            bar.set("cornerRadius", .exact(min(f.width, f.height) / 2))
            // Follows the finger at up to 120 Hz: not a loop, so only promotion-disabled
            // counts it (the app asks for more than 60 without the Info.plist key).
            bar.set("animations", .mappingList([[
                LayerProperty(key: "keyPath", value: .word("position.x")),
                LayerProperty(key: "duration", value: .exact(rng.real(0.15...0.4))),
                LayerProperty(key: "preferredFrameRateRange", value: MixedHeader.range(80, 120, 120)),
            ]]))
            return bar

        case .blur:
            var effect = layer(nil, view: "UIVisualEffectView", frame: f)
            effect.add(layer(nil, view: "_UIVisualEffectBackdropView", class: "UICABackdropLayer", frame: f.bounds))
            var tint = layer(nil, view: "_UIVisualEffectSubview", frame: f.bounds)
            tint.set("backgroundColor", .quoted(rng.pick(Palette.overlays)))
            effect.add(tint)
            budget -= 2
            return effect
        }
    }

    // MARK: Parts

    /// A layer with the usual first keys, its frame exact.
    func layer(_ name: String?, view: String?, class layerClass: String? = nil, frame: ExactRect) -> Layer {
        var layer = Layer(name: name, view: view, class: layerClass)
        layer.set("frame", frame.value)
        return layer
    }

    /// A corner radius that fits the frame: exact, up to 24 points or half the shorter side.
    private mutating func corner(_ f: ExactRect) -> Double {
        let limit = max(min(24, min(f.width, f.height) / 2), 2.5)
        return rng.length(2...limit)
    }

    /// A visible shadow; `sharp`: radius 0, the one-pass kind.
    private mutating func shadow(on layer: inout Layer, sharp: Bool) {
        layer.set("shadowOpacity", .exact(rng.real(0.05...0.45)))
        layer.set("shadowRadius", .exact(sharp ? 0 : rng.length(1...18)))
        layer.set("shadowOffset", .exactList([rng.chance(perMille: 700) ? 0 : rng.real(-3...3), rng.length(0.5...8)]))
        if rng.chance(perMille: 100) { layer.set("shadowColor", .quoted("#000000")) }
    }

    /// A shadow set up and then turned off (opacity 0), as views restyled at runtime
    /// often are: its keys are read, but it draws nothing and no rule looks further.
    private mutating func disabledShadow(on layer: inout Layer) {
        guard rng.chance(perMille: 300) else { return }
        layer.set("shadowOpacity", .exact(0))
        layer.set("shadowRadius", .exact(rng.length(2...12)))
        layer.set("shadowOffset", .exactList([0, rng.length(1...4)]))
    }

    /// A CAGradientLayer (its `colors` are an extra key the decoder keeps as JSON);
    /// `animated`: a shimmer that autoreverses 20 times, a loop (uncapped-animation).
    private mutating func gradient(frame f: ExactRect, animated: Bool) -> Layer {
        var gradient = layer(animated ? "shimmer" : "gradient", view: nil, class: "CAGradientLayer", frame: f)
        var colours = [rng.pick(Palette.tints), rng.pick(Palette.tints)]
        if rng.chance(perMille: 300) { colours.append(rng.pick(Palette.overlays)) }
        gradient.set("colors", .quotedList(colours))
        if rng.chance(perMille: 400) {
            gradient.set("startPoint", .exactList([0, 0.5]))
            gradient.set("endPoint", .exactList([1, 0.5]))
        }
        if rng.chance(perMille: 500) { gradient.set("cornerRadius", .exact(corner(f))) }
        if animated {
            gradient.set("animations", .mappingList([[
                LayerProperty(key: "keyPath", value: .word("opacity")),
                LayerProperty(key: "duration", value: .exact(rng.real(0.4...0.9))),
                LayerProperty(key: "repeatCount", value: .number(20)),
                LayerProperty(key: "autoreverses", value: .bool(true)),
            ]]))
        }
        return gradient
    }

    /// A round avatar masked by a circle path (simple-shape-mask), or a tag rounded by a
    /// plain CALayer mask over its label (plain-layer-mask). The mask is a layer one level down.
    private mutating func maskedAvatar(frame f: ExactRect, depth: Int) -> Layer {
        if rng.chance(perMille: 600) {
            let side = min(f.width, f.height)
            var avatar = layer("avatar", view: "UIImageView", frame: ExactRect(x: f.x, y: f.y, width: side, height: side))
            let pixels = max(Int(side * 3), 3)
            avatar.set("contents", .bitmap(width: pixels, height: pixels, scale: 3))
            avatar.set("contentsGravity", .word("resizeAspectFill"))
            var mask = Layer(class: "CAShapeLayer")
            mask.set("frame", ExactRect(x: 0, y: 0, width: side, height: side).value)
            mask.set("path", .quoted(ExactPath.circle(diameter: side)))
            mask.set("fillColor", .quoted("#000000"))
            avatar.mask = mask
            budget -= 1
            return avatar
        }
        var tag = layer("tag", view: "TagView", frame: f)
        tag.set("backgroundColor", .quoted(rng.pick(Palette.tints)))
        var mask = Layer()
        mask.set("frame", f.bounds.value)
        mask.set("backgroundColor", .quoted("#000000"))
        mask.set("cornerRadius", .exact(corner(f)))
        tag.mask = mask
        var label = layer(nil, view: "UILabel", class: "_UILabelLayer", frame: f.bounds.insetBy(min(f.width, f.height) / 4))
        label.set("contents", .bool(true))
        tag.add(label)
        budget -= 2
        return tag
    }

    /// A translucent layer over two or three drawn pieces, side by side (group opacity
    /// off will do), over its own background (the alpha moves into the colours), or over
    /// its own image (they overlap: info).
    private mutating func fadedGroup(frame f: ExactRect) -> Layer {
        var group = layer("dimmedRow", view: "UIView", frame: f)
        group.set("opacity", .exact(rng.real(0.35...0.9)))
        let variant = rng.below(10)
        if variant >= 4 && variant < 8 { group.set("backgroundColor", .quoted(rng.pick(Palette.surfaces))) }
        if variant >= 8 {
            group.set("contents", .bitmap(width: max(Int(f.width * 3), 3), height: max(Int(f.height * 3), 3), scale: 3))
        }
        let pieces = min(variant < 4 ? rng.int(2...3) : rng.int(1...3), budget)
        let room = f.bounds.insetBy(2)
        let slot = (room.width - 4 * Double(pieces - 1)) / Double(max(pieces, 1))
        for index in 0..<pieces {
            let frame = ExactRect(x: room.x + Double(index) * (slot + 4), y: room.y, width: slot, height: room.height)
            var piece = layer(nil, view: "UIView", frame: frame)
            piece.set("backgroundColor", .quoted(rng.pick(Palette.tints)))
            group.add(piece)
        }
        budget -= pieces
        return group
    }

    /// shouldRasterize left at scale 1 on a 3x screen (rasterize-scale), or at the right
    /// scale over a spinner that never stops (rasterize-uncacheable; the spinner is
    /// uncapped-animation's).
    private mutating func rasterized(frame f: ExactRect) -> Layer {
        var chart = layer("chart", view: "UIView", frame: f)
        chart.set("backgroundColor", .quoted(rng.pick(Palette.surfaces)))
        chart.set("shouldRasterize", .bool(true))
        let side = min(f.width, f.height) * 0.6
        let inner = ExactRect(x: (f.width - side) / 2, y: (f.height - side) / 2, width: side, height: side)
        if rng.chance(perMille: 600) {
            var label = layer(nil, view: "UILabel", class: "_UILabelLayer", frame: inner)
            label.set("contents", .bool(true))
            chart.add(label)
        } else {
            chart.set("rasterizationScale", .number(3))
            chart.add(spinner(frame: inner))
        }
        budget -= 1
        return chart
    }

    /// A stroked ring that rotates forever, on a 120 Hz screen, without a frame-rate range.
    private mutating func spinner(frame f: ExactRect) -> Layer {
        let side = min(f.width, f.height)
        var spinner = layer("spinner", view: nil, class: "CAShapeLayer", frame: ExactRect(x: f.x, y: f.y, width: side, height: side))
        let lineWidth = rng.length(1.5...3.5)
        spinner.set("path", .quoted(ExactPath.ring(diameter: side, inset: lineWidth / 2 + 0.5)))
        spinner.set("fillColor", .null)
        spinner.set("strokeColor", .quoted(rng.pick(Palette.tints)))
        spinner.set("lineWidth", .exact(lineWidth))
        spinner.set("animations", .mappingList([[
            LayerProperty(key: "keyPath", value: .word("transform.rotation.z")),
            LayerProperty(key: "duration", value: .exact(rng.real(0.6...1.6))),
            LayerProperty(key: "repeatCount", value: .word("infinity")),
        ]]))
        return spinner
    }
}
