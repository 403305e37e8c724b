// Context of the LLDB recipe in docs/exporting.md: LLDB evaluates the expressions in the
// paused app, where UIKit is loaded, on the main thread.
import UIKit
// IMPORTS

@MainActor func lldbSnippet() {
// SNIPPET
}
