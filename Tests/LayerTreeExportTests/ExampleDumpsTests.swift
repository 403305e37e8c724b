import Foundation
import LayerTreeExport
import Testing

/// Examples/FeedCell's committed dumps are what its two cells must export on an iOS
/// Simulator. Until that run, they are what the exporter writes for `FakeLayer` trees that
/// mirror the cells as UIKit lays them out (the frames, names and properties the cells set
/// in code, a 3x screen): these tests keep the files equal to that, so a change to the
/// writer's format cannot leave them stale. The Simulator run compares them with UIKit's.
@Suite("Examples/FeedCell dumps")
struct ExampleDumpsTests {
    static let dumps = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/FeedCell/Tests/FeedUITests/Dumps")

    /// `FeedCell` (a mask on the avatar, no shadowPath) or `FixedFeedCell`.
    static func mirror(fixed: Bool) -> FakeLayer {
        let cell = FakeLayer.viewLayer(fixed ? "FixedFeedCell" : "FeedCell", name: "cell")
        cell.frame = ExportedRect(x: 0, y: 0, width: 375, height: 136)
        let card = FakeLayer.viewLayer("UIView", name: "card")
        card.frame = ExportedRect(x: 16, y: 8, width: 343, height: 120)
        card.backgroundColor = .rgba(red: 1, green: 1, blue: 1, alpha: 1)
        card.cornerRadius = 12
        card.shadowOpacity = 0.2
        card.shadowRadius = 8
        card.shadowOffset = ExportedSize(width: 0, height: 2)
        if fixed { card.shadowPath = FakePath.roundedRect(card.bounds, cornerRadius: 12) }
        cell.addSublayer(card)
        let avatar = FakeLayer.viewLayer("UIImageView", name: "avatar")
        avatar.frame = ExportedRect(x: 12, y: 12, width: 40, height: 40)
        avatar.contents = .image(pixelWidth: 120, pixelHeight: 120)
        avatar.contentsGravity = "resizeAspectFill"
        if fixed {
            avatar.cornerRadius = 20
            avatar.masksToBounds = true
        } else {
            let circle = FakeLayer.shapeLayer(path: FakePath.ellipse(in: avatar.bounds))
            circle.frame = avatar.bounds
            avatar.mask = circle
        }
        card.addSublayer(avatar)
        // A view's layer has the screen's scale; nothing animates.
        for layer in [cell, card, avatar] { layer.contentsScale = 3 }
        for layer in [cell, card, avatar, avatar.mask].compactMap({ $0 }) { layer.animations = [] }
        return cell
    }

    @Test("the committed dump of each cell is what the exporter writes for it", arguments: [false, true])
    func committedDump(fixed: Bool) throws {
        let screen = fixed ? "FixedFeedCell" : "FeedCell"
        let committed = try String(contentsOf: Self.dumps.appendingPathComponent("\(screen).yml"), encoding: .utf8)
        #expect(committed == LayerTreeExport.yaml(of: Self.mirror(fixed: fixed), screen: screen))
    }
}
