import LayerFacts
import LayerGeometry
import LayerModel

/// The clip that replaces a mask drawing a simple shape, composed with the question of
/// whether that clip is needed at all (A1: mask 2 passes → rounded clip over sublayers
/// 1 pass → no clip, 0 passes).
struct MaskReplacement {
    /// The shape the mask draws, in the host's space.
    enum Shape {
        case rect(Rect)
        case rounded(Rect, radius: Double, curve: CornerCurve, corners: CornerMask)
        /// An ellipse that is not a circle: a circle clip on a container scaled along y.
        case ellipse(Rect)
    }

    let shape: Shape

    /// Builds the match for host `i`, whose mask draws `shape`; nil when the replacement's
    /// numbers overflow a CGFloat (a mask offset near ±1.8e308): no fix could be written.
    func match(host i: Int, in context: RuleContext, describing maskDescription: MaskDescription) -> RuleMatch? {
        let facts = context.facts
        let tree = context.tree
        let host = tree.layers[i]
        let tolerance = facts.tolerance

        let (rect, radius, curve, corners): (Rect, Double, CornerCurve, CornerMask)
        var scaleY: Double?
        switch shape {
        case .rect(let r): (rect, radius, curve, corners) = (r, 0, .circular, .all)
        case .rounded(let r, let rad, let c, let m): (rect, radius, curve, corners) = (r, rad, c, m)
        case .ellipse(let e):
            // A square container of the ellipse's width, rounded into a circle, scaled to height.
            let side = e.width
            (rect, radius, curve, corners) = (Rect(x: e.minX, y: e.midY - side / 2, width: side, height: side), side / 2, .circular, .all)
            scaleY = e.height / e.width
        }
        guard CodeText.isWritable(rect), CodeText.isWritable(radius, scaleY ?? 1) else { return nil }
        let onHost = scaleY == nil && host.bounds.contains(rect, tolerance: tolerance) && rect.contains(host.bounds, tolerance: tolerance)
        let clip: ClipShape = radius > 0
            ? .rounded(RoundedRect(rect: rect, radius: radius, corners: corners, curve: curve))
            : .rect(rect)

        // Is the replacement clip itself needed? For a container, the host's own
        // background and border become content inside it too.
        var needed = scaleY != nil || facts.clipIsNeeded(i, shape: clip)
        if !onHost, facts.drawsSelf[i], !clip.containsRect(host.bounds, tolerance: tolerance) { needed = true }
        let clipsSublayers = onHost ? facts.hasDrawingSublayers(i) : true
        let after = needed && radius > 0 && clipsSublayers ? facts.cost.roundedClipOverSublayers : 0

        let passes = facts.costs[i][.mask]
        let key = WordsKey(name: tree.label(of: i), mask: maskDescription, rect: rect, radius: radius, curve: curve,
                           corners: corners, scaleY: scaleY, onHost: onHost, needed: needed, passes: passes, after: after)
        return RuleMatch(reason: .mask, passes: passes, passesAfterFix: after,
                         words: context.words(key))
    }

    /// Everything the words of a mask finding depend on.
    private struct WordsKey: RuleWordsKey {
        /// The host's label.
        var name: String
        var mask: MaskDescription
        var rect: Rect
        var radius: Double
        var curve: CornerCurve
        var corners: CornerMask
        var scaleY: Double?
        var onHost: Bool
        var needed: Bool
        var passes: Int
        var after: Int

        func write(_ placeholder: String, to out: inout WordsText) -> Bool {
            switch placeholder {
            case "mask": out.append(mask.text)
            case "replacement": writeReplacement(to: &out)
            case "endState": writeEndState(to: &out)
            case "swift": writeCode(objc: false, to: &out)
            case "objc": writeCode(objc: true, to: &out)
            default: return false
            }
            return true
        }

        private func writeReplacement(to out: inout WordsText) {
            if !needed, radius == 0 { out.append("nothing (remove the mask)"); return }
            if let s = scaleY {
                out.append("a container with frame "); out.append(rect: rect)
                out.append(" rounded into a circle (cornerRadius "); out.append(number: radius)
                out.append(") and masksToBounds, scaled by 1 × "); out.append(number: s); out.append(" to the ellipse")
            } else if onHost {
                writeShapeWords(to: &out)
                out.append(needed ? " and masksToBounds on " : " on "); out.append(name); out.append(" itself")
            } else {
                out.append("a container with frame "); out.append(rect: rect); out.append(", ")
                writeShapeWords(to: &out)
                if needed { out.append(" and masksToBounds") }
            }
        }

        private func writeShapeWords(to out: inout WordsText) {
            guard radius > 0 else { out.append("a rectangular clip"); return }
            out.append("cornerRadius "); out.append(number: radius)
            if curve == .continuous { out.append(" with cornerCurve .continuous") }
            if corners != .all { out.append(" on corners "); out.append(corners.names.joined(separator: ", ")) }
        }

        private func writeEndState(to out: inout WordsText) {
            if !needed {
                out.append(radius > 0
                    ? "Nothing reaches outside that shape, so no clip is needed either: cornerRadius alone rounds the background, leaving 0 passes."
                    : "Nothing reaches outside that rectangle, so neither the mask nor a clip is needed: 0 passes.")
            } else if after > 0 {
                out.append("A rounded clip over sublayers still costs "); out.append(after)
                out.append(" pass (down from "); out.append(passes); out.append(").")
            } else {
                out.append(radius > 0 ? "The clip covers only contents, which costs no offscreen pass." : "A rectangular clip costs no offscreen pass.")
            }
        }

        /// The lines that replace the mask, in Swift or Objective-C.
        private func writeCode(objc: Bool, to out: inout WordsText) {
            let receiver = onHost ? "layer" : "container"
            let end = objc ? ";\n" : "\n"
            if !onHost {
                out.append(objc ? "CALayer *container = [CALayer layer]; // or a UIView holding " : "let container = CALayer() // or a UIView holding ")
                out.append(CodeText.comment(name)); out.append("'s content\ncontainer.frame = ")
                if objc { out.append(objcRect: rect) } else { out.append(swiftRect: rect) }
                out.append(end)
            }
            if radius > 0 {
                out.append(receiver); out.append(".cornerRadius = "); out.append(number: radius); out.append(end)
                if curve == .continuous {
                    out.append(receiver); out.append(objc ? ".cornerCurve = kCACornerCurveContinuous;\n" : ".cornerCurve = .continuous\n")
                }
                if corners != .all {
                    out.append(receiver); out.append(".maskedCorners = ")
                    out.append(objc ? CodeText.objcCorners(corners) : CodeText.swiftCorners(corners)); out.append(end)
                }
            }
            if needed { out.append(receiver); out.append(objc ? ".masksToBounds = YES;\n" : ".masksToBounds = true\n") }
            if let s = scaleY {
                if objc {
                    out.append("container.affineTransform = CGAffineTransformMakeScale(1, "); out.append(number: s)
                    out.append("); // counter-scale its content\n")
                } else {
                    out.append("container.setAffineTransform(CGAffineTransform(scaleX: 1, y: "); out.append(number: s)
                    out.append(")) // counter-scale its content by 1/"); out.append(number: s); out.append("\n")
                }
            }
            out.append(objc ? "layer.mask = nil;" : "layer.mask = nil")
        }
    }
}

/// What a mask draws, in the words of a finding's `{mask}`: the numbers, so that a
/// repeated mask is looked up without building its text.
enum MaskDescription: Hashable, Sendable {
    /// A plain CALayer mask with an opaque background; a radius of 0 or less draws a rectangle.
    case plainLayer(rect: Rect, radius: Double)
    case shapeRectangle
    case shapeRoundedRectangle(radius: Double, curve: CornerCurve)
    case shapeCircle(diameter: Double)
    case shapeEllipse(width: Double, height: Double)

    var text: String {
        switch self {
        case .plainLayer(let rect, let radius):
            let words = radius > 0 ? "a rounded rectangle \(CodeText.rect(rect)) with cornerRadius \(CodeText.number(radius))" : "the rectangle \(CodeText.rect(rect))"
            return "a plain CALayer with an opaque background, drawing \(words)"
        case .shapeRectangle:
            return "a CAShapeLayer whose path is a rectangle"
        case .shapeRoundedRectangle(let radius, let curve):
            return "a CAShapeLayer whose path is a \(curve == .continuous ? "continuous (squircle) " : "")rounded rectangle with radius \(CodeText.number(radius))"
        case .shapeCircle(let diameter):
            return "a CAShapeLayer whose path is a circle of diameter \(CodeText.number(diameter))"
        case .shapeEllipse(let width, let height):
            return "a CAShapeLayer whose path is an ellipse \(CodeText.number(width)) × \(CodeText.number(height))"
        }
    }
}

extension ClipShape {
    func containsRect(_ r: Rect, tolerance: Double) -> Bool {
        switch self {
        case .rect(let c): return c.contains(r, tolerance: tolerance)
        case .rounded(let rr): return rr.contains(r, tolerance: tolerance)
        }
    }
}

/// Checks shared by both mask rules: the mask is a leaf that paints opaque alpha only
/// where its own shape is, and sits in the host without rotation or scale.
enum MaskChecks {
    /// The mask of host `i` when it is a simple leaf of class `className`.
    static func simpleMask(of i: Int, className: String, in tree: LayerTree) -> Int? {
        let host = tree.layers[i]
        guard host.mask >= 0, !host.unknown.contains(.mask) else { return nil }
        let m = Int(host.mask)
        guard tree.className(of: m) == className, isSimpleLeaf(m, in: tree) else { return nil }
        return m
    }

    static func isSimpleLeaf(_ m: Int, in tree: LayerTree) -> Bool {
        let mask = tree.layers[m]
        guard mask.subtreeEnd == Int32(m + 1), mask.mask < 0, mask.contents == nil else { return false }
        guard !mask.isHidden, mask.opacity >= 1, mask.unknown.isEmpty else { return false }
        if mask.shadow.opacity > 0, let c = mask.shadow.color, !c.isClear { return false }
        if let t = mask.transform {
            // Only translations keep the shape axis-aligned and unscaled.
            guard t.isAffine, t.m11 == 1, t.m12 == 0, t.m21 == 0, t.m22 == 1 else { return false }
        }
        return true
    }

    /// The offset that maps the mask's own space into the host's space.
    static func offset(_ m: Int, in tree: LayerTree) -> (dx: Double, dy: Double) {
        let t = tree.layers[m].toSuperlayer
        return (t.m41, t.m42)
    }
}
