import LayerLintKit
import XCTest

/// A count and its noun agree in every message: "1 pass per frame", "5 passes per frame".
final class CountAgreementTests: XCTestCase {
    func testOnePassIsSingularAndFiveArePlural() throws {
        let report = Linter().lint(contentsOf: repositoryRoot.appendingPathComponent("fixtures/checkout-summary.yml").path, syntax: .yaml)
        let messages = report.snapshots.flatMap(\.findings).filter { $0.rule == "shadow-without-path" }.map { ($0.passes, $0.message) }
        let one = try XCTUnwrap(messages.first { $0.0 == 1 }, "the fixture's sharp shadow costs one pass")
        XCTAssertTrue(one.1.hasSuffix(", 1 pass per frame"), one.1)
        for (passes, message) in messages where passes != 1 { XCTAssertTrue(message.hasSuffix(", \(passes) passes per frame"), message) }
    }
}
