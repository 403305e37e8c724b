import LayerLintTesting
import LayerTreeExport
import XCTest

/// `assertNoOffscreenPasses` fails through `XCTFail`; this case keeps the failures it
/// expects instead of failing, to check their text and place.
final class XCTestAssertionTests: XCTestCase {
    private var captured: [(message: String, file: String, line: Int)] = []
    private var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturing {
            captured.append((description, filePath, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testFailsWithTheFindingsAndFixes() throws {
        let expected = try XCTUnwrap(OffscreenPassCheck(budget: 2).failure(of: Screens.card()))
        capturing = true
        let line = #line + 1
        assertNoOffscreenPasses(of: Screens.card(), budget: 2)
        capturing = false
        XCTAssertEqual(captured.count, 1)
        // XCTFail's description is "failed - " and the message.
        XCTAssertEqual(captured.first?.message, "failed - " + expected)
        XCTAssertEqual(captured.first?.line, line)
        XCTAssertEqual(captured.first.map { URL(fileURLWithPath: $0.file).lastPathComponent }, "XCTestAssertionTests.swift")
        XCTAssertTrue(expected.hasPrefix("7 offscreen passes per frame, over the budget of 2.\ncell/card: 5 offscreen passes (shadow 5)\n"))
    }

    func testPassesWithinTheBudgetOrIgnoring() {
        capturing = true
        assertNoOffscreenPasses(of: Screens.fixedCard())
        assertNoOffscreenPasses(of: Screens.card(), ignoring: ["shadow-without-path", "cell/card/avatar"])
        capturing = false
        XCTAssertTrue(captured.isEmpty, "\(captured)")
    }
}
