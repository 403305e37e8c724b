// Context of the XCTest example in docs/exporting.md: the app's own FeedCell, which the
// snippet's test target would get from `@testable import` of the app.
import UIKit
// IMPORTS

final class FeedCell: UIView {
    struct Item { static let sample = Item() }
    func configure(with item: Item) {}
}

// SNIPPET
