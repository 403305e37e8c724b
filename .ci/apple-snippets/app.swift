// Context of "From the app" in docs/exporting.md: code of the app, on the main actor,
// with its window and a file URL to write to.
// apple-typecheck-ios: also checked for an iOS target (.ci/apple-typecheck.sh), as it needs only UIKit.
import UIKit
// IMPORTS

@MainActor func appSnippet(window: UIWindow, url: URL) throws {
// SNIPPET
}
