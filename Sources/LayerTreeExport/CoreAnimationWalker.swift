#if canImport(QuartzCore)
// Apple platforms only; this file is not compiled on Linux, where LayerLint is tested,
// so it is kept small and mechanical: one CALayer property to one dump key.
import Foundation
import ObjectiveC
import QuartzCore
#if canImport(UIKit)
import UIKit
private typealias PlatformView = UIView
#elseif canImport(AppKit)
import AppKit
private typealias PlatformView = NSView
#endif

extension LayerTreeExport {
    /// The snapshot of `layer` and everything below it (its sublayers and masks), read as
    /// they are now. Call it on the main thread, where UIKit and AppKit change layers.
    /// `scale` defaults to the layer's `contentsScale` (a view's layer has the screen's).
    public static func snapshot(of layer: CALayer, screen: String? = nil, scale: Double? = nil,
                                refreshRate: Double = 60) -> LayerSnapshot {
        LayerSnapshot(screen: screen, scale: scale ?? Double(layer.contentsScale), refreshRate: refreshRate,
                      root: CoreAnimationWalker.tree(of: layer))
    }

    /// `layer`'s tree as a v1 YAML dump.
    public static func yaml(of layer: CALayer, screen: String? = nil) -> String {
        yaml(snapshot(of: layer, screen: screen))
    }

    /// `layer`'s tree as a v1 JSON dump.
    public static func json(of layer: CALayer, screen: String? = nil) -> String {
        json(snapshot(of: layer, screen: screen))
    }
}

enum CoreAnimationWalker {
    /// Walks the tree with an explicit stack (no recursion), finishing each layer after
    /// its mask and sublayers.
    static func tree(of root: CALayer) -> ExportedLayer {
        struct Frame {
            var exported: ExportedLayer
            /// The mask first, when there is one, then the sublayers.
            let children: [CALayer]
            let hasMask: Bool
            var next = 0
        }
        func frame(_ layer: CALayer) -> Frame {
            let mask = layer.mask.map { [$0] } ?? []
            return Frame(exported: properties(of: layer), children: mask + (layer.sublayers ?? []), hasMask: !mask.isEmpty)
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

    /// Every property of `layer` the v1 format describes, except its mask and sublayers.
    static func properties(of layer: CALayer) -> ExportedLayer {
        var out = ExportedLayer(className: coreAnimationClass(of: layer), name: layer.name)
        if let custom = customClass(of: layer) { out.extras.append(ExportedExtra(key: "customClass", json: ScalarText.quoted(custom))) }
        if let view = layer.delegate as? PlatformView { out.viewClass = String(describing: type(of: view)) }
        out.bounds = rect(layer.bounds)
        out.position = point(layer.position)
        out.anchorPoint = point(layer.anchorPoint)
        out.transform = transform(layer.transform)
        out.sublayerTransform = transform(layer.sublayerTransform)
        out.zPosition = Double(layer.zPosition)
        out.opacity = decimal(layer.opacity)
        out.isHidden = layer.isHidden
        out.allowsGroupOpacity = layer.allowsGroupOpacity
        out.backgroundColor = layer.backgroundColor.map(color)
        out.borderWidth = Double(layer.borderWidth)
        out.borderColor = layer.borderColor.map(color)
        out.cornerRadius = Double(layer.cornerRadius)
        if #available(iOS 13, macOS 10.15, tvOS 13, *), layer.cornerCurve == .continuous { out.cornerCurve = .continuous }
        out.maskedCorners = ExportedCorners(rawValue: UInt8(truncatingIfNeeded: layer.maskedCorners.rawValue))
        out.masksToBounds = layer.masksToBounds
        out.contents = contents(of: layer)
        out.contentsGravity = ExportedGravity(rawValue: layer.contentsGravity.rawValue) ?? .resize
        out.shadow = ExportedShadow(opacity: decimal(layer.shadowOpacity), radius: Double(layer.shadowRadius),
                                    offset: ExportedSize(width: Double(layer.shadowOffset.width), height: Double(layer.shadowOffset.height)),
                                    color: layer.shadowColor.map(color), path: layer.shadowPath.map(svgPathData))
        if let shape = layer as? CAShapeLayer {
            out.shape = ExportedShape(path: shape.path.map(svgPathData), fillColor: shape.fillColor.map(color),
                                      strokeColor: shape.strokeColor.map(color), lineWidth: Double(shape.lineWidth))
        }
        out.shouldRasterize = layer.shouldRasterize
        out.rasterizationScale = Double(layer.rasterizationScale)
        return out
    }

    /// The class name, or for a subclass of the app's own the nearest Apple class above
    /// it, as the format asks (rules look for `CAShapeLayer`, `_UILabelLayer`, …).
    static func coreAnimationClass(of layer: CALayer) -> String {
        var cls: AnyClass? = type(of: layer)
        while let c = cls {
            let name = String(describing: c)
            if isApples(name) { return name }
            cls = class_getSuperclass(c)
        }
        return "CALayer"
    }

    /// The app's own class name, kept as the extra key `customClass` when it is not Apple's.
    static func customClass(of layer: CALayer) -> String? {
        let name = String(describing: type(of: layer))
        return isApples(name) ? nil : name
    }

    private static func isApples(_ name: String) -> Bool {
        ["CA", "UI", "_UI", "NS", "_NS"].contains { name.hasPrefix($0) }
    }

    /// The bitmap: a `CGImage`'s pixel size and the layer's `contentsScale`; anything else
    /// (a label's backing store, an IOSurface) as a bitmap of unknown size.
    static func contents(of layer: CALayer) -> ExportedContents? {
        guard let contents = layer.contents else { return nil }
        let object = contents as CFTypeRef
        guard CFGetTypeID(object) == CGImage.typeID else { return ExportedContents() }
        let image = object as! CGImage  // cannot fail: the type id was just checked
        return ExportedContents(pixelWidth: Double(image.width), pixelHeight: Double(image.height),
                                scale: Double(layer.contentsScale))
    }

    /// A Float property (opacity) as the decimal it was set to: `Double(Float(0.08))` is
    /// 0.0799999982118607, which would be noise in every dump.
    static func decimal(_ f: Float) -> Double { Double(f.description) ?? Double(f) }

    static func point(_ p: CGPoint) -> ExportedPoint { ExportedPoint(x: Double(p.x), y: Double(p.y)) }

    static func rect(_ r: CGRect) -> ExportedRect {
        ExportedRect(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height))
    }

    static func transform(_ t: CATransform3D) -> ExportedTransform {
        ExportedTransform(values: [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                                   t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map { Double($0) })!
    }

    /// sRGB bytes; a colour that cannot be converted (a pattern) keeps its alpha, so
    /// whether it draws stays right.
    static func color(_ c: CGColor) -> RGBAColor {
        guard let space = CGColorSpace(name: CGColorSpace.sRGB),
              let srgb = c.converted(to: space, intent: .defaultIntent, options: nil),
              let v = srgb.components, v.count >= 4 else {
            return RGBAColor(red: 0, green: 0, blue: 0, alpha: Double(c.alpha))
        }
        return RGBAColor(red: Double(v[0]), green: Double(v[1]), blue: Double(v[2]), alpha: Double(v[3]))
    }

    /// SVG path data (absolute commands) for a CGPath, in the layer's own space.
    static func svgPathData(_ path: CGPath) -> String {
        var parts: [String] = []
        func pair(_ p: CGPoint) -> String { NumberText.text(Double(p.x)) + " " + NumberText.text(Double(p.y)) }
        path.applyWithBlock { element in
            let e = element.pointee
            switch e.type {
            case .moveToPoint: parts.append("M " + pair(e.points[0]))
            case .addLineToPoint: parts.append("L " + pair(e.points[0]))
            case .addQuadCurveToPoint: parts.append("Q " + pair(e.points[0]) + " " + pair(e.points[1]))
            case .addCurveToPoint: parts.append("C " + pair(e.points[0]) + " " + pair(e.points[1]) + " " + pair(e.points[2]))
            case .closeSubpath: parts.append("Z")
            @unknown default: break
            }
        }
        return parts.joined(separator: " ")
    }
}
#endif
