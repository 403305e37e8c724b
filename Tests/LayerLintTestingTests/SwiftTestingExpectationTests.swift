import LayerLintTesting
import LayerTreeExport
import Testing

@Suite("expectNoOffscreenPasses (Swift Testing)")
struct SwiftTestingExpectationTests {
    @Test("over the budget, one issue is recorded at the call, with the check's message")
    func records() {
        let expected = OffscreenPassCheck(ignoring: ["simple-shape-mask"]).failure(of: Screens.card())
        #expect(expected?.hasPrefix("5 offscreen passes per frame") == true)
        let line = #line + 2
        withKnownIssue {
            expectNoOffscreenPasses(of: Screens.card(), ignoring: ["simple-shape-mask"])
        } matching: { issue in
            issue.comments.map(\.rawValue) == [expected] && issue.sourceLocation?.line == line
                && issue.sourceLocation?.fileName == "SwiftTestingExpectationTests.swift"
        }
    }

    @Test("within the budget, nothing is recorded")
    func passes() {
        expectNoOffscreenPasses(of: Screens.fixedCard())
        expectNoOffscreenPasses(of: Screens.card(), budget: 7)
    }
}
