#if SnapshotTesting
// Built with `swift test --traits SnapshotTesting` only (see docs/exporting.md).
import Foundation
import LayerLintSnapshotTesting
import LayerTreeExport
import SnapshotTesting
import Testing

private func card(shadowPath: Bool) -> FakeLayer {
    let cell = FakeLayer.viewLayer("FeedCell", name: "cell")
    cell.frame = ExportedRect(x: 0, y: 0, width: 375, height: 136)
    let card = FakeLayer.viewLayer("UIView", name: "card")
    card.frame = ExportedRect(x: 16, y: 8, width: 343, height: 120)
    card.cornerRadius = 12
    card.shadowOpacity = 0.2
    if shadowPath { card.shadowPath = FakePath.rect(card.bounds) }
    cell.addSublayer(card)
    return cell
}

@Suite("Snapshotting.layerDump")
struct LayerDumpSnapshottingTests {
    @Test("records a .yml dump, matches it again, and shows a changed layer as a line diff")
    func recordMatchDiff() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layerdump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        func verify(_ layer: FakeLayer, record: SnapshotTestingConfiguration.Record) -> String? {
            verifySnapshot(of: layer, as: .layerDump(screen: "Feed"), named: "cell", record: record,
                           snapshotDirectory: folder.path, testName: "card")
        }
        let recorded = verify(card(shadowPath: false), record: .missing)
        #expect(recorded?.contains("No reference was found on disk") == true)
        let reference = try String(contentsOf: folder.appendingPathComponent("card.cell.yml"), encoding: .utf8)
        #expect(reference == LayerTreeExport.yaml(of: card(shadowPath: false), screen: "Feed"))
        #expect(verify(card(shadowPath: false), record: .never) == nil)
        // swift-snapshot-testing starts context lines with a figure space (U+2007); the docs
        // show a plain one.
        let changed = try #require(verify(card(shadowPath: true), record: .never)).replacingOccurrences(of: "\u{2007}", with: " ")
        #expect(changed.hasPrefix("Snapshot \"cell\" does not match reference."), "\(changed)")
        // The hunk docs/exporting.md shows: the added key, with four lines of context.
        #expect(changed.hasSuffix("""
        @@ −10,5 +10,6 @@
               view: UIView
               frame: [16, 8, 343, 120]
               cornerRadius: 12
               shadowOpacity: 0.2
        +      shadowPath: "M 0 0 L 343 0 L 343 120 L 0 120 Z"
        """), "\(changed)")
        let docs = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/exporting.md"), encoding: .utf8)
        let hunk = changed[try #require(changed.range(of: "@@ ")).lowerBound...]
        #expect(docs.contains(hunk + "\n```"), "docs/exporting.md does not show the diff:\n\(hunk)")
    }
}
#endif
