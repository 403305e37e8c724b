// Stub of UIKit's views for .ci/apple-typecheck.sh (AppleStubs/README.md). UIKit's classes
// are @MainActor: code that reaches a view's layer from elsewhere must not compile.
// The toolchain's Foundation on Linux; AppleStubs/Foundation in the pass for an Apple target.
@_exported import Foundation
@_exported import QuartzCore

// https://developer.apple.com/documentation/uikit/uiresponder
@MainActor open class UIResponder: NSObject {
    public override init() { super.init() }
}

// https://developer.apple.com/documentation/uikit/uiview
@MainActor open class UIView: UIResponder, CALayerDelegate {
    // https://developer.apple.com/documentation/uikit/uiview/init(frame:)
    public init(frame: CGRect) { super.init() }
    // https://developer.apple.com/documentation/uikit/uiview/init(coder:)
    public required init?(coder: NSCoder) { nil }
    // NSObject's init(), which UIView answers with init(frame: .zero).
    public convenience override init() { self.init(frame: .zero) }
    // https://developer.apple.com/documentation/uikit/uiview/layer
    open var layer: CALayer { CALayer() }
    // https://developer.apple.com/documentation/uikit/uiview/frame
    open var frame: CGRect = .zero
    // https://developer.apple.com/documentation/uikit/uiview/bounds
    open var bounds: CGRect = .zero
    // https://developer.apple.com/documentation/uikit/uiview/backgroundcolor
    open var backgroundColor: UIColor?
    // https://developer.apple.com/documentation/uikit/uiview/clipstobounds
    open var clipsToBounds = false
    // https://developer.apple.com/documentation/uikit/uiview/contentmode-swift.property
    open var contentMode = ContentMode.scaleToFill

    // https://developer.apple.com/documentation/uikit/uiview/contentmode-swift.enum
    public enum ContentMode: Int, Sendable {
        // https://developer.apple.com/documentation/uikit/uiview/contentmode-swift.enum/scaletofill
        case scaleToFill = 0
        // https://developer.apple.com/documentation/uikit/uiview/contentmode-swift.enum/scaleaspectfit
        case scaleAspectFit = 1
        // https://developer.apple.com/documentation/uikit/uiview/contentmode-swift.enum/scaleaspectfill
        case scaleAspectFill = 2
    }
    // https://developer.apple.com/documentation/uikit/uiview/addsubview(_:)
    open func addSubview(_ view: UIView) {}
    // https://developer.apple.com/documentation/uikit/uiview/layoutsubviews()
    open func layoutSubviews() {}
    // https://developer.apple.com/documentation/uikit/uiview/layoutifneeded()
    open func layoutIfNeeded() {}
}

// https://developer.apple.com/documentation/uikit/uiwindow
@MainActor open class UIWindow: UIView {
    // https://developer.apple.com/documentation/uikit/uiwindow/screen
    open var screen: UIScreen { UIScreen() }
}

// https://developer.apple.com/documentation/uikit/uiscreen
@MainActor open class UIScreen: NSObject {
    // https://developer.apple.com/documentation/uikit/uiscreen/maximumframespersecond
    @available(iOS 10.3, tvOS 10.3, *)
    open var maximumFramesPerSecond: Int { 60 }
}

