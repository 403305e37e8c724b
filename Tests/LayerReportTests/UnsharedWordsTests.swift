import Foundation
import LayerLintKit
@testable import LayerReport
import LayerRules
import XCTest

/// Words no other finding shares are written straight from the rule's key into a report;
/// shared ones are rendered once and copied. Both must read exactly as the finding's own
/// `message` and `fix`, in every format that carries them whole.
final class UnsharedWordsTests: XCTestCase {
    /// Two equal cards (their findings share words) and two cards of their own sizes
    /// (each finding's words its own), with every kind of hot rule.
    private let dump = """
        layerlint: 1
        root:
          frame: [0, 0, 400, 800]
          sublayers:
            - { name: twin, frame: [10, 10, 300, 80], backgroundColor: "#FFFFFF", cornerRadius: 12, shadowOpacity: 0.2, shadowRadius: 8 }
            - { name: twin, frame: [10, 110, 300, 80], backgroundColor: "#FFFFFF", cornerRadius: 12, shadowOpacity: 0.2, shadowRadius: 8 }
            - { name: odd, frame: [10, 210, 301.257, 77.5], backgroundColor: "#FFFFFF", cornerRadius: 11.3, shadowOpacity: 0.25, shadowRadius: 7.5 }
            - name: clipped
              frame: [10, 310, 287.123, 91.5]
              backgroundColor: "#FFFFFF"
              cornerRadius: 9.75
              masksToBounds: true
              shadowOpacity: 0.3
              shadowRadius: 4
              shadowOffset: [0, 2.5]
            - name: stale
              frame: [10, 420, 320, 90]
              backgroundColor: "#FFFFFF"
              cornerRadius: 12
              shadowOpacity: 0.2
              shadowRadius: 8
              shadowPath: "M 0 12 A 12 12 0 0 1 12 0 L 288 0 A 12 12 0 0 1 300 12 L 300 78 A 12 12 0 0 1 288 90 L 12 90 A 12 12 0 0 1 0 78 Z"
        """

    private func findings() -> (LintReport, [Finding]) {
        let file = Linter().lint(text: dump, path: "cards.yml")
        XCTAssertNil(file.error)
        return (LintReport(files: [file]), file.snapshots.flatMap(\.findings))
    }

    func testSharingIsWhatTheKeysSay() {
        let (_, findings) = findings()
        let byName = Dictionary(grouping: findings) { $0.layerName ?? "" }
        XCTAssertEqual(byName["twin"]?.count, 2)
        XCTAssertTrue(byName["twin"]?.allSatisfy(\.wordsRepeat) ?? false, "equal cards share their words")
        for name in ["odd", "clipped", "stale"] {
            let own = byName[name] ?? []
            XCTAssertFalse(own.isEmpty, name)
            XCTAssertTrue(own.allSatisfy { !$0.wordsRepeat }, "\(name) has words of its own")
        }
        XCTAssertTrue(Set(findings.map(\.rule)).isSuperset(of: ["shadow-without-path", "clipped-shadow", "stale-shadow-path"]))
    }

    func testJSONAndSARIFCarryEachFindingsOwnWords() throws {
        let (report, findings) = findings()
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(JSONReporter().render(report).utf8)) as? [String: Any])
        let snapshot = try XCTUnwrap(((json["files"] as? [[String: Any]])?.first?["snapshots"] as? [[String: Any]])?.first)
        let written = try XCTUnwrap(snapshot["findings"] as? [[String: Any]])
        XCTAssertEqual(written.count, findings.count)
        for (w, f) in zip(written, findings) {
            let fix = try XCTUnwrap(w["fix"] as? [String: Any])
            XCTAssertEqual(w["message"] as? String, f.message)
            XCTAssertEqual(fix["summary"] as? String, f.fix.summary)
            XCTAssertEqual(fix["swift"] as? String, f.fix.swift)
            XCTAssertEqual(fix["objc"] as? String, f.fix.objc)
        }
        var sarif = ByteText()
        var notices: [String] = []
        SARIFReporter().render(report, into: &sarif, notices: &notices)
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.bytes)) as? [String: Any])
        let results = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, findings.count)
        for (r, f) in zip(results, findings) {
            XCTAssertEqual((r["message"] as? [String: Any])?["text"] as? String, f.message + "\n\nFix: " + f.fix.summary)
            let fix = (r["properties"] as? [String: Any])?["fix"] as? [String: Any]
            XCTAssertEqual(fix?["swift"] as? String, f.fix.swift)
            XCTAssertEqual(fix?["objc"] as? String, f.fix.objc)
        }
    }

    func testTextReportCarriesEachFindingsOwnWords() {
        let (report, findings) = findings()
        let text = TextReporter(showFixes: true, showSummary: false).render(report)
        for f in findings {
            XCTAssertTrue(text.contains(f.message + " [\(f.rule)]"), f.message)
            XCTAssertTrue(text.contains("    fix: " + f.fix.summary + "\n"), f.fix.summary)
            let code = f.fix.swift.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n        ")
            XCTAssertTrue(text.contains("\n        " + code + "\n"), f.fix.swift)
        }
    }
}
