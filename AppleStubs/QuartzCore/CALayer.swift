// Stub of Core Animation's CALayer for .ci/apple-typecheck.sh (AppleStubs/README.md): the
// properties the exporter reads and the examples set, with Apple's Swift types (Float for
// the opacities, CGFloat for lengths, optionals where Core Animation may hold nil).
@_exported import CoreGraphics
import ObjectiveC

// https://developer.apple.com/documentation/quartzcore/calayer
open class CALayer: NSObject, CAMediaTiming {
    // https://developer.apple.com/documentation/quartzcore/calayer/init()
    public override init() { super.init() }

    // https://developer.apple.com/documentation/quartzcore/calayer/name
    open var name: String?
    // https://developer.apple.com/documentation/quartzcore/calayer/delegate
    open weak var delegate: (any CALayerDelegate)?

    // https://developer.apple.com/documentation/quartzcore/calayer/frame
    open var frame: CGRect = .zero
    // https://developer.apple.com/documentation/quartzcore/calayer/bounds
    open var bounds: CGRect = .zero
    // https://developer.apple.com/documentation/quartzcore/calayer/position
    open var position: CGPoint = .zero
    // https://developer.apple.com/documentation/quartzcore/calayer/anchorpoint
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    // https://developer.apple.com/documentation/quartzcore/calayer/zposition
    open var zPosition: CGFloat = 0
    // https://developer.apple.com/documentation/quartzcore/calayer/transform
    open var transform = CATransform3DIdentity
    // https://developer.apple.com/documentation/quartzcore/calayer/sublayertransform
    open var sublayerTransform = CATransform3DIdentity

    // https://developer.apple.com/documentation/quartzcore/calayer/opacity
    open var opacity: Float = 1
    // https://developer.apple.com/documentation/quartzcore/calayer/ishidden
    open var isHidden = false
    // https://developer.apple.com/documentation/quartzcore/calayer/allowsgroupopacity
    open var allowsGroupOpacity = true
    // https://developer.apple.com/documentation/quartzcore/calayer/backgroundcolor
    open var backgroundColor: CGColor?
    // https://developer.apple.com/documentation/quartzcore/calayer/borderwidth
    open var borderWidth: CGFloat = 0
    // https://developer.apple.com/documentation/quartzcore/calayer/bordercolor
    open var borderColor: CGColor?

    // https://developer.apple.com/documentation/quartzcore/calayer/cornerradius
    open var cornerRadius: CGFloat = 0
    // https://developer.apple.com/documentation/quartzcore/calayer/cornercurve
    @available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
    open var cornerCurve: CALayerCornerCurve {
        get { .circular }
        set {}
    }
    // https://developer.apple.com/documentation/quartzcore/calayer/maskedcorners
    @available(iOS 11.0, macOS 10.13, tvOS 11.0, *)
    open var maskedCorners: CACornerMask {
        get { [] }
        set {}
    }
    // https://developer.apple.com/documentation/quartzcore/calayer/maskstobounds
    open var masksToBounds = false

    // https://developer.apple.com/documentation/quartzcore/calayer/contents
    open var contents: Any?
    // https://developer.apple.com/documentation/quartzcore/calayer/contentsscale
    open var contentsScale: CGFloat = 1
    // https://developer.apple.com/documentation/quartzcore/calayer/contentsgravity
    open var contentsGravity = CALayerContentsGravity.resize

    // https://developer.apple.com/documentation/quartzcore/calayer/shadowopacity
    open var shadowOpacity: Float = 0
    // https://developer.apple.com/documentation/quartzcore/calayer/shadowradius
    open var shadowRadius: CGFloat = 3
    // https://developer.apple.com/documentation/quartzcore/calayer/shadowoffset
    open var shadowOffset = CGSize(width: 0, height: -3)
    // https://developer.apple.com/documentation/quartzcore/calayer/shadowcolor
    open var shadowColor: CGColor?
    // https://developer.apple.com/documentation/quartzcore/calayer/shadowpath
    open var shadowPath: CGPath?

    // https://developer.apple.com/documentation/quartzcore/calayer/shouldrasterize
    open var shouldRasterize = false
    // https://developer.apple.com/documentation/quartzcore/calayer/rasterizationscale
    open var rasterizationScale: CGFloat = 1

    // https://developer.apple.com/documentation/quartzcore/calayer/mask
    open var mask: CALayer?
    // https://developer.apple.com/documentation/quartzcore/calayer/sublayers
    open var sublayers: [CALayer]?
    // https://developer.apple.com/documentation/quartzcore/calayer/addsublayer(_:)
    open func addSublayer(_ layer: CALayer) {}

    // https://developer.apple.com/documentation/quartzcore/calayer/animationkeys()
    open func animationKeys() -> [String]? { nil }
    // https://developer.apple.com/documentation/quartzcore/calayer/animation(forkey:)
    open func animation(forKey key: String) -> CAAnimation? { nil }
    // https://developer.apple.com/documentation/quartzcore/calayer/add(_:forkey:)
    open func add(_ anim: CAAnimation, forKey key: String?) {}

    // CAMediaTiming's, which CALayer adopts:
    // https://developer.apple.com/documentation/quartzcore/camediatiming/duration
    open var duration: CFTimeInterval = 0
    // https://developer.apple.com/documentation/quartzcore/camediatiming/repeatcount
    open var repeatCount: Float = 0
    // https://developer.apple.com/documentation/quartzcore/camediatiming/autoreverses
    open var autoreverses = false
}

// https://developer.apple.com/documentation/quartzcore/calayerdelegate
public protocol CALayerDelegate: AnyObject {}
