// Stub of UIKit's colours, images and image renderer for .ci/apple-typecheck.sh
// (AppleStubs/README.md): what Examples/FeedCell draws its avatar with. Not Sendable here:
// a stub may promise less than Apple's type, never more.

// https://developer.apple.com/documentation/uikit/uicolor
open class UIColor: NSObject {
    // https://developer.apple.com/documentation/uikit/uicolor/init(red:green:blue:alpha:)
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { super.init() }
    // https://developer.apple.com/documentation/uikit/uicolor/cgcolor
    open var cgColor: CGColor { CGColor(red: 0, green: 0, blue: 0, alpha: 1) }
    // https://developer.apple.com/documentation/uikit/uicolor/black
    open class var black: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    // https://developer.apple.com/documentation/uikit/uicolor/white
    open class var white: UIColor { UIColor(red: 1, green: 1, blue: 1, alpha: 1) }
    // https://developer.apple.com/documentation/uikit/uicolor/systemteal
    @available(iOS 13.0, tvOS 13.0, *)
    open class var systemTeal: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    // https://developer.apple.com/documentation/uikit/uicolor/setfill()
    open func setFill() {}
}

// https://developer.apple.com/documentation/uikit/uiimage
open class UIImage: NSObject {}

// https://developer.apple.com/documentation/uikit/uiimageview
@MainActor open class UIImageView: UIView {
    // https://developer.apple.com/documentation/uikit/uiimageview/init(image:)
    public init(image: UIImage?) { super.init(frame: .zero) }
    public required init?(coder: NSCoder) { nil }
    // https://developer.apple.com/documentation/uikit/uiimageview/image
    open var image: UIImage?
}

// https://developer.apple.com/documentation/uikit/uigraphicsrendererformat
@available(iOS 10.0, tvOS 10.0, *)
open class UIGraphicsRendererFormat: NSObject {}

// https://developer.apple.com/documentation/uikit/uigraphicsimagerendererformat
@available(iOS 10.0, tvOS 10.0, *)
open class UIGraphicsImageRendererFormat: UIGraphicsRendererFormat {
    // https://developer.apple.com/documentation/uikit/uigraphicsimagerendererformat/scale
    open var scale: CGFloat = 1
}

// https://developer.apple.com/documentation/uikit/uigraphicsrenderercontext
@available(iOS 10.0, tvOS 10.0, *)
open class UIGraphicsRendererContext: NSObject {
    // https://developer.apple.com/documentation/uikit/uigraphicsrenderercontext/fill(_:)
    open func fill(_ rect: CGRect) {}
}

// https://developer.apple.com/documentation/uikit/uigraphicsimagerenderercontext
@available(iOS 10.0, tvOS 10.0, *)
open class UIGraphicsImageRendererContext: UIGraphicsRendererContext {}

// https://developer.apple.com/documentation/uikit/uigraphicsimagerenderer
@available(iOS 10.0, tvOS 10.0, *)
open class UIGraphicsImageRenderer: NSObject {
    // https://developer.apple.com/documentation/uikit/uigraphicsimagerenderer/init(size:format:)
    public init(size: CGSize, format: UIGraphicsImageRendererFormat) { super.init() }
    // https://developer.apple.com/documentation/uikit/uigraphicsimagerenderer/image(actions:)
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage { UIImage() }
}
