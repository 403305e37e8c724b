// Context of the LLDB recipe in docs/exporting.md: LLDB evaluates the expressions in the
// paused app, where UIKit is loaded, on the main thread.
// apple-typecheck-ios: also checked for an iOS target (.ci/apple-typecheck.sh), as it needs only UIKit.
import UIKit
// IMPORTS

@MainActor func lldbSnippet() {
// SNIPPET
}
