#if canImport(Testing)
import LayerLintKit
import Testing

/// Records an issue when `layer`'s tree costs more than `budget` offscreen passes per
/// frame, with the findings and their fixes as the comment: Swift Testing's counterpart of
/// `assertNoOffscreenPasses`. `ignoring` takes rule ids and layer path patterns.
public func expectNoOffscreenPasses<Layer: ExportableLayer>(
    of layer: Layer, budget: Int = 0, ignoring: [OffscreenPassIgnore] = [], linter: Linter = Linter(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let check = OffscreenPassCheck(budget: budget, ignoring: ignoring, linter: linter)
    if let message = check.failure(of: layer) { Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation) }
}

#if canImport(UIKit)
import UIKit

/// `expectNoOffscreenPasses(of: view.layer, …)`.
@MainActor
public func expectNoOffscreenPasses(
    of view: UIView, budget: Int = 0, ignoring: [OffscreenPassIgnore] = [], linter: Linter = Linter(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    expectNoOffscreenPasses(of: view.layer, budget: budget, ignoring: ignoring, linter: linter, sourceLocation: sourceLocation)
}
#endif
#endif
