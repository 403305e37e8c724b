@testable import LayerDecode
import LayerModel
import XCTest

/// A fragment's layers are moved into the main decoder's array, not copied: they must
/// arrive whole (their shared boxes included), in order, after what was there.
final class AppendMovingTests: XCTestCase {
    private func layer(_ k: Int) -> Layer {
        var l = Layer()
        l.opacity = Double(k) / 10
        if k.isMultiple(of: 2) {
            // A property kept in the layer's shared box.
            var s = Shadow()
            s.opacity = 1
            s.radius = Double(k)
            l.shadow = s
        }
        return l
    }

    func testLayersArriveWholeAndInOrder() {
        var main = (0..<3).map(layer)
        var fragment = (3..<10).map(layer)
        let expected = (0..<10).map(layer)
        main.appendMoving(&fragment)
        XCTAssertEqual(main.map(\.opacity), expected.map(\.opacity))
        XCTAssertEqual(main.map(\.shadow), expected.map(\.shadow))
        XCTAssertTrue(fragment.isEmpty)
        XCTAssertEqual(main[4].shadow.radius, 4)
        XCTAssertEqual(main[5].shadow.opacity, 0)
    }

    func testNothingToMoveChangesNothing() {
        var main = (0..<2).map(layer)
        var fragment: [Layer] = []
        main.appendMoving(&fragment)
        XCTAssertEqual(main.map(\.shadow), (0..<2).map(layer).map(\.shadow))
    }
}
