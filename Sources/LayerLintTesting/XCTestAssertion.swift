#if canImport(XCTest)
import LayerLintKit
import XCTest

/// Fails the test when `layer`'s tree costs more than `budget` offscreen passes per frame,
/// with the findings and their fixes as the message. `ignoring` takes rule ids and layer
/// path patterns (`OffscreenPassIgnore`). Call it where the layer is laid out, on the
/// main thread for a view's layer.
public func assertNoOffscreenPasses<Layer: ExportableLayer>(
    of layer: Layer, budget: Int = 0, ignoring: [OffscreenPassIgnore] = [], linter: Linter = Linter(),
    file: StaticString = #filePath, line: UInt = #line
) {
    let check = OffscreenPassCheck(budget: budget, ignoring: ignoring, linter: linter)
    if let message = check.failure(of: layer) { XCTFail(message, file: file, line: line) }
}

#if canImport(UIKit)
import UIKit

/// `assertNoOffscreenPasses(of: view.layer, …)`.
@MainActor
public func assertNoOffscreenPasses(
    of view: UIView, budget: Int = 0, ignoring: [OffscreenPassIgnore] = [], linter: Linter = Linter(),
    file: StaticString = #filePath, line: UInt = #line
) {
    assertNoOffscreenPasses(of: view.layer, budget: budget, ignoring: ignoring, linter: linter, file: file, line: line)
}
#endif
#endif
