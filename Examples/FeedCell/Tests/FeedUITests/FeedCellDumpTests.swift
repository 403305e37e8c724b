import FeedUI
import LayerLintSnapshotTesting
import LayerTreeExport
import SnapshotTesting
import UIKit
import XCTest

/// Exports both cells with LayerTreeExport, compares each with the dump committed in
/// `Dumps/` (which LayerLint's CI lints on Linux: README.md here says what it finds), and
/// records each as a swift-snapshot-testing reference. With `LAYERLINT_EXPORT_DIR` set, the
/// exports are also written there (the workflow uploads and lints them).
@MainActor
final class FeedCellDumpTests: XCTestCase {
    private static let frame = CGRect(x: 0, y: 0, width: 375, height: 136)

    private func laidOut(_ cell: UIView) -> UIView {
        cell.frame = Self.frame
        cell.layoutIfNeeded()
        return cell
    }

    func testFeedCellExportsItsCommittedDump() throws {
        try checkExport(of: laidOut(FeedCell(frame: Self.frame)), screen: "FeedCell")
    }

    func testFixedFeedCellExportsItsCommittedDump() throws {
        try checkExport(of: laidOut(FixedFeedCell(frame: Self.frame)), screen: "FixedFeedCell")
    }

    func testSnapshots() {
        assertSnapshot(of: laidOut(FeedCell(frame: Self.frame)), as: .layerDump(screen: "FeedCell"))
        assertSnapshot(of: laidOut(FixedFeedCell(frame: Self.frame)), as: .layerDump(screen: "FixedFeedCell"))
    }

    private func checkExport(of cell: UIView, screen: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let exported = LayerTreeExport.yaml(of: cell.layer, screen: screen)
        if let folder = ProcessInfo.processInfo.environment["LAYERLINT_EXPORT_DIR"] {
            try exported.write(to: URL(fileURLWithPath: folder).appendingPathComponent("\(screen).yml"), atomically: true, encoding: .utf8)
        }
        let committed = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
            .appendingPathComponent("Dumps").appendingPathComponent("\(screen).yml")
        let expected = try String(contentsOf: committed, encoding: .utf8)
        XCTAssertEqual(exported, expected, "\(screen) exports a different dump than Dumps/\(screen).yml", file: file, line: line)
    }
}
