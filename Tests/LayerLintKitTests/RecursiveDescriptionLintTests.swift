import Foundation
import LayerLintKit
import XCTest

/// Imported recursiveDescriptions go through the whole lint. The rules are being taught to
/// honour unknown properties separately, so these tests pin what does not depend on that:
/// the file imports, every finding points at a line of it, and nothing crashes.
final class RecursiveDescriptionLintTests: XCTestCase {
    /// `<repository>/Tests/LayerLintKitTests/…` → `<repository>/Tests/LayerDecodeTests/…`.
    private static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    private func lint(_ text: String, path: String) -> FileReport {
        Array(text.utf8).withUnsafeBytes { Linter().lint(bytes: $0, path: path, syntax: .recursiveDescription) }
    }

    func testClippingViewOverSubviewsLints() throws {
        let fixture = Self.tests.appendingPathComponent("LayerDecodeTests/RecursiveDescriptionFixtures/clipped-card.txt")
        let text = try String(contentsOf: fixture, encoding: .utf8)
        let report = lint(text, path: "clipped-card.txt")
        XCTAssertNil(report.error)
        let snapshot = try XCTUnwrap(report.snapshots.first)
        XCTAssertEqual(report.snapshots.count, 1)
        XCTAssertEqual(snapshot.layerCount, 8)
        XCTAssertNil(snapshot.screen)
        let lines = text.split(separator: "\n").count
        for finding in snapshot.findings {
            XCTAssertTrue((1...lines).contains(Int(finding.location.line)), "\(finding.rule) at line \(finding.location.line)")
            // Paths are built from view classes, the root's first.
            XCTAssertTrue(finding.layerPath.hasPrefix("UIView"), finding.layerPath)
        }
    }

    func testErrorsReachTheReport() {
        let report = lint("<UIView; frame = (0 0; 1 1)", path: "broken.txt")
        XCTAssertEqual(report.error?.message, "expected `>` closing the view description that starts at column 1")
        XCTAssertEqual(report.error?.line, 1)
        XCTAssertEqual(report.error?.column, 28)
        XCTAssertTrue(report.snapshots.isEmpty)
    }

    /// Every real dump beside the repository lints from its file without an error.
    func testRealDumpsLint() throws {
        let folder = Self.tests.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/real-dumps")
        guard let subs = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            throw XCTSkip("no real dumps at \(folder.path)")
        }
        var linted = 0
        for sub in subs.sorted() {
            let dir = folder.appendingPathComponent(sub)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            where name.hasSuffix(".txt") && name != "SOURCE.txt" {
                let report = Linter().lint(contentsOf: dir.appendingPathComponent(name).path, syntax: .recursiveDescription)
                XCTAssertNil(report.error?.message, "\(sub)/\(name)")
                XCTAssertEqual(report.snapshots.count, 1, "\(sub)/\(name)")
                linted += 1
            }
        }
        XCTAssertGreaterThan(linted, 0)
    }
}
