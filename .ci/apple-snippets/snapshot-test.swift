// Context of the swift-snapshot-testing example in docs/exporting.md: the lines run in a
// test method, on the main actor, with a laid-out cell.
import UIKit
// IMPORTS

@MainActor func snapshotSnippet(cell: UIView) {
// SNIPPET
}
