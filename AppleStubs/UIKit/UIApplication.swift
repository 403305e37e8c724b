// Stub of UIKit's application and scenes for .ci/apple-typecheck.sh (AppleStubs/README.md):
// what the LLDB recipe of docs/exporting.md reaches the key window through.

// https://developer.apple.com/documentation/uikit/uiapplication
@MainActor open class UIApplication: UIResponder {
    // https://developer.apple.com/documentation/uikit/uiapplication/shared
    open class var shared: UIApplication { UIApplication() }
    // https://developer.apple.com/documentation/uikit/uiapplication/windows
    @available(iOS, introduced: 2.0, deprecated: 15.0, message: "Use UIWindowScene.windows on a relevant window scene instead")
    open var windows: [UIWindow] { [] }
    // https://developer.apple.com/documentation/uikit/uiapplication/connectedscenes
    @available(iOS 13.0, tvOS 13.0, *)
    open var connectedScenes: Set<UIScene> { [] }
}

// https://developer.apple.com/documentation/uikit/uiscene
@available(iOS 13.0, tvOS 13.0, *)
@MainActor open class UIScene: UIResponder {}

// https://developer.apple.com/documentation/uikit/uiwindowscene
@available(iOS 13.0, tvOS 13.0, *)
@MainActor open class UIWindowScene: UIScene {
    // https://developer.apple.com/documentation/uikit/uiwindowscene/windows
    open var windows: [UIWindow] { [] }
}
