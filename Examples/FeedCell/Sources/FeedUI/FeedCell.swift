import UIKit

/// A feed card as it is often first written: a shadow Core Animation must render offscreen
/// to find its shape, and a round avatar cut out by a mask layer. 7 offscreen passes per
/// frame (`layerlint lint` on its dump: shadow-without-path 5, simple-shape-mask 2).
public final class FeedCell: UIView {
    public let card = UIView()
    public let avatar = UIImageView(image: FeedCell.avatarImage())

    public override init(frame: CGRect) {
        super.init(frame: frame)
        layer.name = "cell"
        card.layer.name = "card"
        card.frame = CGRect(x: 16, y: 8, width: 343, height: 120)
        card.backgroundColor = .white
        card.layer.cornerRadius = 12
        card.layer.shadowOpacity = 0.2
        card.layer.shadowRadius = 8
        card.layer.shadowOffset = CGSize(width: 0, height: 2)
        addSubview(card)

        avatar.layer.name = "avatar"
        avatar.frame = CGRect(x: 12, y: 12, width: 40, height: 40)
        avatar.contentMode = .scaleAspectFill
        let circle = CAShapeLayer()
        circle.frame = avatar.bounds
        circle.path = CGPath(ellipseIn: avatar.bounds, transform: nil)
        avatar.layer.mask = circle
        card.addSubview(avatar)
    }

    public required init?(coder: NSCoder) { nil }

    /// A plain 40-point square at 3x (120 × 120 pixels), so the dump does not depend on
    /// an asset or on the Simulator's screen.
    static func avatarImage() -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 3
        return UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40), format: format).image { context in
            UIColor.systemTeal.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        }
    }
}
