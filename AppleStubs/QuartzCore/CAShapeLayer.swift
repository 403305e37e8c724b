// Stub of Core Animation's CAShapeLayer for .ci/apple-typecheck.sh (AppleStubs/README.md).

// https://developer.apple.com/documentation/quartzcore/cashapelayer
open class CAShapeLayer: CALayer {
    // https://developer.apple.com/documentation/quartzcore/cashapelayer/path
    open var path: CGPath?
    // https://developer.apple.com/documentation/quartzcore/cashapelayer/fillcolor
    open var fillColor: CGColor?
    // https://developer.apple.com/documentation/quartzcore/cashapelayer/strokecolor
    open var strokeColor: CGColor?
    // https://developer.apple.com/documentation/quartzcore/cashapelayer/linewidth
    open var lineWidth: CGFloat = 1
}
