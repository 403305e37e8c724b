import UIKit

/// `FeedCell` with LayerLint's two fixes applied: the card's shadow has a `shadowPath`
/// (kept equal to its bounds in `layoutSubviews`), and the avatar is rounded by its own
/// corner radius instead of a mask. No offscreen pass.
public final class FixedFeedCell: UIView {
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
        avatar.layer.cornerRadius = 20
        avatar.clipsToBounds = true
        card.addSubview(avatar)
    }

    public required init?(coder: NSCoder) { nil }

    public override func layoutSubviews() {
        super.layoutSubviews()
        // The shape the card draws, so the shadow needs no offscreen pass to find it.
        card.layer.shadowPath = CGPath(roundedRect: card.bounds, cornerWidth: 12, cornerHeight: 12, transform: nil)
    }
}
