// Context of the frame-rate example in docs/exporting.md: an app view fed by a display link.
// apple-typecheck-ios: also checked for an iOS target (.ci/apple-typecheck.sh), as it needs only UIKit.
import LayerTreeExport
import UIKit
// IMPORTS

final class DanmakuView: UIView {
    var queue: [String] = []
}

@MainActor func frameRateSnippet(window: UIWindow, danmakuLink: CADisplayLink, danmakuView: DanmakuView) {
// SNIPPET
}
