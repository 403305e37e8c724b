import LayerLintKit
import Testing

/// Fix code is pasted into Swift and Objective-C: every number in it must be one a
/// compiler reads back as the same value, and no fix is written from a number that
/// overflows a CGFloat.
@Suite("Numbers in fix code")
struct FixCodeNumberTests {
    private func shadowFix(width: String) throws -> String {
        let report = lintYAML("""
            layerlint: 1
            root:
              frame: [0, 0, 100, 100]
              sublayers:
                - name: card
                  frame: [0, 0, \(width), 316]
                  backgroundColor: "#FFFFFF"
                  cornerRadius: 16
                  shadowOpacity: 0.2
                  shadowRadius: 8
            """)
        #expect(report.error == nil)
        let finding = try #require(report.allFindings.first { $0.rule == "shadow-without-path" })
        return finding.fix.swift + "\n" + finding.fix.objc + "\n" + finding.fix.summary
    }

    @Test("a large width keeps its exponent (1.23e17 is not 1.23)")
    func exponentKept() throws {
        let fix = try shadowFix(width: "1.23e17")
        #expect(fix.contains("width: 1.23e+17,"), "\(fix)")
        #expect(fix.contains("CGRectMake(0, 0, 1.23e+17, 316)"), "\(fix)")
        #expect(!fix.contains("width: 1.23,"))
    }

    @Test("ordinary numbers: at most two decimals, no exponent", arguments: [
        ("343", "width: 343,"), ("343.5", "width: 343.5,"), ("343.256", "width: 343.26,"),
        ("0.001", "width: 0,"), ("999999999999999", "width: 999999999999999,"),
    ])
    func ordinaryNumbers(width: String, expected: String) throws {
        let fix = try shadowFix(width: width)
        #expect(fix.contains(expected), "\(fix)")
        #expect(!fix.contains("e+") && !fix.contains("e-"))
    }

    @Test("a frame whose edge overflows is an error at the value, not a fix with `inf`")
    func overflowingFrame() throws {
        let report = lintYAML("""
            layerlint: 1
            root:
              frame: [0, 0, 100, 100]
              sublayers:
                - frame: [1.7e308, 0, 1.7e308, 316]
                  backgroundColor: "#FFFFFF"
                  shadowOpacity: 0.2
                  shadowRadius: 8
            """)
        let error = try #require(report.error)
        #expect(error.line == 5 && error.column == 14)
        #expect(error.message.contains("`frame` reaches beyond ±1.8e308"))
    }
}
