#if canImport(QuartzCore)
// Apple platforms only, and not compiled on Linux where LayerLint is tested: so it only
// reads, one CALayer property to one requirement. Every decision (class names, unknown
// values, path data, defaults) is made by `LayerWalker`, which the tests run on `FakeLayer`.
import CoreGraphics
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

extension CALayer: ExportableLayer {
    public typealias Child = CALayer

    public var exportClassNames: [String] {
        var names: [String] = []
        var cls: AnyClass? = type(of: self)
        while let c = cls {
            names.append(String(describing: c))
            cls = class_getSuperclass(c)
        }
        return names
    }
    public var exportName: String? { name }
    public var exportViewClassName: String? { (delegate as? PlatformView).map { String(describing: type(of: $0)) } }
    public var exportBounds: ExportedRect { Self.rect(bounds) }
    public var exportPosition: ExportedPoint { Self.point(position) }
    public var exportAnchorPoint: ExportedPoint { Self.point(anchorPoint) }
    public var exportZPosition: Double { Double(zPosition) }
    public var exportTransform: [Double] { Self.numbers(transform) }
    public var exportSublayerTransform: [Double] { Self.numbers(sublayerTransform) }
    public var exportOpacity: Float { opacity }
    public var exportIsHidden: Bool { isHidden }
    public var exportAllowsGroupOpacity: Bool { allowsGroupOpacity }
    public var exportBackgroundColor: ExportableColor? { backgroundColor.map(Self.color) }
    public var exportBorderWidth: Double { Double(borderWidth) }
    public var exportBorderColor: ExportableColor? { borderColor.map(Self.color) }
    public var exportCornerRadius: Double { Double(cornerRadius) }
    public var exportCornerCurve: String {
        if #available(iOS 13, macOS 10.15, tvOS 13, *) { return cornerCurve.rawValue }
        return "circular"
    }
    public var exportMaskedCorners: UInt { maskedCorners.rawValue }
    public var exportMasksToBounds: Bool { masksToBounds }
    public var exportContents: ExportableContents? {
        guard let contents else { return nil }
        let object = contents as CFTypeRef
        guard CFGetTypeID(object) == CGImage.typeID else { return .other }
        let image = object as! CGImage  // cannot fail: the type id was just checked
        return .image(pixelWidth: image.width, pixelHeight: image.height)
    }
    public var exportContentsScale: Double { Double(contentsScale) }
    public var exportContentsGravity: String { contentsGravity.rawValue }
    public var exportShadowOpacity: Float { shadowOpacity }
    public var exportShadowRadius: Double { Double(shadowRadius) }
    public var exportShadowOffset: ExportedSize {
        ExportedSize(width: Double(shadowOffset.width), height: Double(shadowOffset.height))
    }
    public var exportShadowColor: ExportableColor? { shadowColor.map(Self.color) }
    public var exportShadowPath: [ExportedPathElement]? { shadowPath.map(Self.elements) }
    public var exportShape: ExportableShape? {
        guard let shape = self as? CAShapeLayer else { return nil }
        return ExportableShape(path: shape.path.map(Self.elements), fillColor: shape.fillColor.map(Self.color),
                               strokeColor: shape.strokeColor.map(Self.color), lineWidth: Double(shape.lineWidth))
    }
    public var exportShouldRasterize: Bool { shouldRasterize }
    public var exportRasterizationScale: Double { Double(rasterizationScale) }
    public var exportMask: CALayer? { mask }
    public var exportSublayers: [CALayer] { sublayers ?? [] }
    public var exportAnimations: [ExportedAnimation]? {
        (animationKeys() ?? []).compactMap { key in
            guard let a = animation(forKey: key) else { return nil }
            var out = ExportedAnimation(keyPath: (a as? CAPropertyAnimation)?.keyPath ?? key, duration: a.duration,
                                        repeatCount: Double(a.repeatCount), autoreverses: a.autoreverses)
            if #available(iOS 15, macOS 12, tvOS 15, *) {
                let r = a.preferredFrameRateRange
                // CAFrameRateRangeDefault (all 0) is no range.
                if r.minimum != 0 || r.maximum != 0 || r.preferred != nil && r.preferred != 0 {
                    out.preferredFrameRateRange = ExportedFrameRateRange(minimum: Double(r.minimum), maximum: Double(r.maximum),
                                                                         preferred: Double(r.preferred ?? 0))
                }
            }
            return out
        }
    }

    private static func point(_ p: CGPoint) -> ExportedPoint { ExportedPoint(x: Double(p.x), y: Double(p.y)) }

    private static func rect(_ r: CGRect) -> ExportedRect {
        ExportedRect(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height))
    }

    private static func numbers(_ t: CATransform3D) -> [Double] {
        [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
         t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map { Double($0) }
    }

    /// sRGB components, or only the alpha of a colour that cannot be converted (a pattern).
    private static func color(_ c: CGColor) -> ExportableColor {
        guard let space = CGColorSpace(name: CGColorSpace.sRGB),
              let srgb = c.converted(to: space, intent: .defaultIntent, options: nil),
              let v = srgb.components, v.count >= 4 else {
            return .unconvertible(alpha: Double(c.alpha))
        }
        return .rgba(red: Double(v[0]), green: Double(v[1]), blue: Double(v[2]), alpha: Double(v[3]))
    }

    private static func elements(_ path: CGPath) -> [ExportedPathElement] {
        var out: [ExportedPathElement] = []
        path.applyWithBlock { element in
            let e = element.pointee
            switch e.type {
            case .moveToPoint: out.append(.move(to: point(e.points[0])))
            case .addLineToPoint: out.append(.line(to: point(e.points[0])))
            case .addQuadCurveToPoint: out.append(.quadCurve(to: point(e.points[1]), control: point(e.points[0])))
            case .addCurveToPoint:
                out.append(.curve(to: point(e.points[2]), control1: point(e.points[0]), control2: point(e.points[1])))
            case .closeSubpath: out.append(.close)
            @unknown default: break
            }
        }
        return out
    }
}
#endif
