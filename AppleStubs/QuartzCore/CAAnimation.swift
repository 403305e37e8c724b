// Stub of Core Animation's animations and frame-rate ranges for .ci/apple-typecheck.sh
// (AppleStubs/README.md).
import ObjectiveC

// https://developer.apple.com/documentation/quartzcore/camediatiming
public protocol CAMediaTiming {
    // https://developer.apple.com/documentation/quartzcore/camediatiming/duration
    var duration: CFTimeInterval { get set }
    // https://developer.apple.com/documentation/quartzcore/camediatiming/repeatcount
    var repeatCount: Float { get set }
    // https://developer.apple.com/documentation/quartzcore/camediatiming/autoreverses
    var autoreverses: Bool { get set }
}

// https://developer.apple.com/documentation/quartzcore/caanimation
open class CAAnimation: NSObject, CAMediaTiming {
    // https://developer.apple.com/documentation/quartzcore/caanimation/init()
    public override init() { super.init() }
    // CAMediaTiming's, which CAAnimation adopts:
    // https://developer.apple.com/documentation/quartzcore/camediatiming/duration
    open var duration: CFTimeInterval = 0
    // https://developer.apple.com/documentation/quartzcore/camediatiming/repeatcount
    open var repeatCount: Float = 0
    // https://developer.apple.com/documentation/quartzcore/camediatiming/autoreverses
    open var autoreverses = false
    // https://developer.apple.com/documentation/quartzcore/caanimation/preferredframeraterange
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, *)
    open var preferredFrameRateRange: CAFrameRateRange {
        get { .default }
        set {}
    }
}

// https://developer.apple.com/documentation/quartzcore/capropertyanimation
open class CAPropertyAnimation: CAAnimation {
    // https://developer.apple.com/documentation/quartzcore/capropertyanimation/init(keypath:)
    public convenience init(keyPath path: String?) { self.init() }
    // https://developer.apple.com/documentation/quartzcore/capropertyanimation/keypath
    open var keyPath: String?
}

// https://developer.apple.com/documentation/quartzcore/cabasicanimation
open class CABasicAnimation: CAPropertyAnimation {}

// https://developer.apple.com/documentation/quartzcore/caframeraterange
@available(iOS 15.0, macOS 12.0, tvOS 15.0, *)
public struct CAFrameRateRange: Sendable {
    // https://developer.apple.com/documentation/quartzcore/caframeraterange/minimum
    public var minimum: Float
    // https://developer.apple.com/documentation/quartzcore/caframeraterange/maximum
    public var maximum: Float
    // https://developer.apple.com/documentation/quartzcore/caframeraterange/preferred-7l3ki
    public var preferred: Float? { get { nil } set {} }
    // https://developer.apple.com/documentation/quartzcore/caframeraterange/init()
    public init() { minimum = 0; maximum = 0 }
    // https://developer.apple.com/documentation/quartzcore/caframeraterange/init(minimum:maximum:preferred:)
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) { self.minimum = minimum; self.maximum = maximum }
    // https://developer.apple.com/documentation/quartzcore/caframeraterange/default
    public static let `default` = CAFrameRateRange()
}

// https://developer.apple.com/documentation/quartzcore/cadisplaylink
open class CADisplayLink: NSObject {
    // https://developer.apple.com/documentation/quartzcore/cadisplaylink/ispaused
    open var isPaused = false
    // https://developer.apple.com/documentation/quartzcore/cadisplaylink/preferredframeraterange
    @available(iOS 15.0, macOS 14.0, tvOS 15.0, *)
    open var preferredFrameRateRange: CAFrameRateRange {
        get { .default }
        set {}
    }
}
