import LayerTreeExport

private func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> ExportedRect { ExportedRect(x: x, y: y, width: w, height: h) }

/// Screens as an app's tests would build them, with `FakeLayer` standing in for the views' layers.
enum Screens {
    /// A cell whose card draws a blurred shadow without a shadowPath (5 passes), over an
    /// avatar masked by a circle (2 passes).
    static func card() -> FakeLayer {
        let cell = FakeLayer.viewLayer("FeedCell", name: "cell")
        cell.frame = rect(0, 0, 375, 136)
        let card = FakeLayer.viewLayer("UIView", name: "card")
        card.frame = rect(16, 8, 343, 120)
        card.backgroundColor = .rgba(red: 1, green: 1, blue: 1, alpha: 1)
        card.cornerRadius = 12
        card.shadowOpacity = 0.2
        card.shadowRadius = 8
        cell.addSublayer(card)
        let avatar = FakeLayer.viewLayer("UIImageView", name: "avatar")
        avatar.frame = rect(10, 10, 40, 40)
        avatar.contents = .image(pixelWidth: 120, pixelHeight: 120)
        let mask = FakeLayer.shapeLayer(path: FakePath.ellipse(in: rect(0, 0, 40, 40)))
        mask.frame = rect(0, 0, 40, 40)
        avatar.mask = mask
        card.addSublayer(avatar)
        return cell
    }

    /// The same cell with both fixed: a shadowPath, and a corner radius instead of the mask.
    static func fixedCard() -> FakeLayer {
        let cell = card()
        let card = cell.sublayers[0]
        card.shadowPath = FakePath.roundedRect(card.bounds, cornerRadius: 12)
        let avatar = card.sublayers[0]
        avatar.mask = nil
        avatar.cornerRadius = 20
        avatar.masksToBounds = true
        return cell
    }
}
