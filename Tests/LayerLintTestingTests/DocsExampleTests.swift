import Foundation
import LayerLintTesting
import LayerTreeExport
import Testing

/// docs/exporting.md shows a failure message and a FakeLayer example; these keep them true.
@Suite("docs/exporting.md examples")
struct DocsExampleTests {
    static let docs: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/exporting.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The first fenced block after `marker`.
    static func block(after marker: String) -> String? {
        guard let m = docs.range(of: marker), let open = docs.range(of: "```\n", range: m.upperBound..<docs.endIndex),
              let close = docs.range(of: "\n```", range: open.upperBound..<docs.endIndex) else { return nil }
        return String(docs[open.upperBound..<close.lowerBound])
    }

    @Test("the failure message shown is the one the card gives")
    func message() {
        let shown = Self.block(after: "with each finding and its fix:")
        #expect(shown != nil)
        #expect(shown == OffscreenPassCheck().failure(of: Screens.card()))
        #expect(Self.docs.contains("`" + (OffscreenPassCheck(ignoring: ["simple-shape-mask"]).failure(of: Screens.card())?
            .split(separator: "\n")[1] ?? "—") + "`"))
    }

    @Test("the FakeLayer example fails with simple-shape-mask on cell/avatar, 2 passes")
    func fakeLayerExample() throws {
        let cell = FakeLayer.viewLayer("FeedCell", name: "cell")
        cell.frame = ExportedRect(x: 0, y: 0, width: 375, height: 136)
        let avatar = FakeLayer.viewLayer("UIImageView", name: "avatar")
        avatar.frame = ExportedRect(x: 16, y: 12, width: 40, height: 40)
        avatar.contents = .image(pixelWidth: 120, pixelHeight: 120)
        avatar.mask = FakeLayer.shapeLayer(path: FakePath.ellipse(in: avatar.bounds))
        avatar.mask?.frame = avatar.bounds
        cell.addSublayer(avatar)
        let message = try #require(OffscreenPassCheck().failure(of: cell))
        #expect(message.hasPrefix("2 offscreen passes per frame, over the budget of 0.\ncell/avatar: 2 offscreen passes (mask 2)\n  simple-shape-mask (warning)"))
        #expect(Self.docs.contains("expectNoOffscreenPasses(of: cell)   // fails: simple-shape-mask on cell/avatar, 2 passes"))
    }
}
