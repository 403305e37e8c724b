// Stub of AppKit's views for .ci/apple-typecheck.sh (AppleStubs/README.md): the pass
// without UIKit, so `#elseif canImport(AppKit)` branches are type-checked. AppKit's
// classes are @MainActor, as UIKit's.
// The toolchain's Foundation on Linux; AppleStubs/Foundation in the pass for an Apple target.
@_exported import Foundation
@_exported import QuartzCore

// https://developer.apple.com/documentation/appkit/nsresponder
@MainActor open class NSResponder: NSObject {
    public override init() { super.init() }
}

// https://developer.apple.com/documentation/appkit/nsview
@MainActor open class NSView: NSResponder, CALayerDelegate {
    // https://developer.apple.com/documentation/appkit/nsview/init(frame:)
    public init(frame frameRect: CGRect) { super.init() }
    // https://developer.apple.com/documentation/appkit/nsview/layer
    open var layer: CALayer?
    // https://developer.apple.com/documentation/appkit/nsview/wantslayer
    open var wantsLayer = false
}
