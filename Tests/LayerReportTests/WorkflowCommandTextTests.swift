@testable import LayerReport
import XCTest

final class WorkflowCommandTextTests: XCTestCase {
    func testDataEscapesWhatTheRunnerUnescapes() {
        XCTAssertEqual(WorkflowCommandText.data("x\n::error file=x::pwned"), "x%0A::error file=x::pwned")
        XCTAssertEqual(WorkflowCommandText.data("100%\r\n"), "100%25%0D%0A")
        XCTAssertEqual(WorkflowCommandText.data("a:b,c"), "a:b,c", "only properties escape their separators")
    }

    func testPropertiesAlsoEscapeTheirSeparators() {
        XCTAssertEqual(WorkflowCommandText.property("a.yml,line=1::add-mask::x"), "a.yml%2Cline=1%3A%3Aadd-mask%3A%3Ax")
        XCTAssertEqual(WorkflowCommandText.property("50%\n"), "50%25%0A")
    }

    func testTerminalSequencesAreShownNotRun() {
        XCTAssertEqual(WorkflowCommandText.data("\u{1B}[31mred\u{202E}\u{85}"), "\\u{1B}[31mred\\u{202E}\\u{85}")
        XCTAssertEqual(WorkflowCommandText.property("\u{0}\u{7F}"), "\\u{0}\\u{7F}")
    }

    func testEscapedTextIsOneLine() {
        for s in [hostileText, "\n\n\r", "\u{2028}::warning::x"] {
            XCTAssertFalse(WorkflowCommandText.data(s).contains { $0.isNewline }, s)
            XCTAssertFalse(WorkflowCommandText.property(s).contains { $0.isNewline || $0 == ":" || $0 == "," }, s)
        }
    }
}
