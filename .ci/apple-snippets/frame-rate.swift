// Context of the frame-rate example in docs/exporting.md: an app view fed by a display link.
import LayerTreeExport
import UIKit
// IMPORTS

final class DanmakuView: UIView {
    var queue: [String] = []
}

@MainActor func frameRateSnippet(window: UIWindow, danmakuLink: CADisplayLink, danmakuView: DanmakuView) {
// SNIPPET
}
