/// Builds the cells of a scrolling list. Each builder returns one cell (a subtree of
/// 2…30 layers) placed at `y` in the list's content coordinates, and its height.
struct CellFactory {
    var rng: SplitMix64
    static let width: Fixed3 = 390

    /// A photo-feed card, as in fixtures/feed-cell.yml: a rounded card with a shadow
    /// (usually without shadowPath), an avatar rounded by a shape mask or a clip, a clipped
    /// photo and a row of buttons.
    mutating func feedCard(y: Fixed3) -> (Layer, Fixed3) {
        let photoHeight: Fixed3 = rng.pick([180, 200, 240, 300])
        let photoPixels = rng.pick([(1080, 720), (1080, 1350), (1080, 1080), (1200, 800)])
        let cardHeight = photoHeight + 116
        var card = Layer(name: "card", view: "UIView", frame: Rect(16, 8, 358, cardHeight))
        card.set("backgroundColor", .quoted(rng.chance(perMille: 800) ? "#FFFFFF" : "#1C1C1E"))
        card.set("cornerRadius", .number(16))
        card.set("cornerCurve", .word("continuous"))
        card.set("shadowOpacity", .number(Fixed3(thousandths: rng.pick([80, 120, 160, 200]))))
        card.set("shadowRadius", .number(rng.pick([8, 12, 16])))
        card.set("shadowOffset", .pair(0, 4))
        if rng.chance(perMille: 100) { card.set("shadowColor", .quoted("#000000")) }
        if rng.chance(perMille: 300) {
            card.set("shadowPath", .quoted(PathData.roundedRect(width: 358, height: cardHeight, radius: 16)))
        }

        var avatar = Layer.image("avatar", frame: Rect(0, 0, 40, 40), pixels: (120, 120), gravity: "resizeAspectFill")
        avatar.set("backgroundColor", .quoted(rng.pick(Palette.placeholders)))
        if rng.chance(perMille: 700) {
            avatar.mask = .circleMask(diameter: 40, arcs: rng.chance(perMille: 400))
        } else {
            avatar.set("cornerRadius", .number(20))
            avatar.set("masksToBounds", .bool(true))
        }
        let titles = Layer.stack(frame: Rect(52, 1, 234, 38), [
            .label("title", frame: Rect(0, 0, 234, 20)),
            .label("subtitle", frame: Rect(0, 22, 234, 16)),
        ])
        let more = Layer.iconButton("moreButton", frame: Rect(298, 6, 28, 28), icon: Rect(4, 10, 20, 8), pixels: (60, 24))
        card.add(.stack("header", frame: Rect(16, 16, 326, 40), [avatar, titles, more]))

        var photo = Layer.image("photo", frame: Rect(0, 68, 358, photoHeight), pixels: photoPixels, gravity: "resizeAspectFill")
        photo.set("backgroundColor", .quoted("#F2F2F7"))
        photo.set("masksToBounds", .bool(true))
        card.add(photo)

        let actionsY = photoHeight + 76
        var buttons: [Layer] = []
        for (index, name) in ["likeButton", "commentButton", "shareButton"].enumerated() {
            buttons.append(.iconButton(name, frame: Rect(Fixed3(44 * index), 0, 28, 28),
                                       icon: Rect(2, 3, 24, 22), pixels: (72, 66)))
        }
        card.add(.stack(frame: Rect(16, actionsY, 116, 28), buttons))
        card.add(.label("caption", frame: Rect(200, actionsY + 4, 142, 20)))
        if rng.chance(perMille: 200) {
            var badge = Layer(name: "sponsoredBadge", view: "UIView", frame: Rect(270, 80, 76, 22))
            badge.set("backgroundColor", .quoted(rng.pick(Palette.overlays)))
            badge.set("cornerRadius", .number(11))
            badge.add(.label(frame: Rect(8, 3, 60, 16)))
            card.add(badge)
        }
        let cellHeight = cardHeight + 16
        return (cell(view: "FeedCardCell", y: y, height: cellHeight, content: [card]), cellHeight)
    }

    /// A row of two product tiles in a shop grid: each tile is a rounded card with a soft
    /// shadow, a rounded clip over an aspect-filled photo, a heart and a star shape.
    mutating func productRow(y: Fixed3) -> (Layer, Fixed3) {
        let tiles = [productTile(x: 16), productTile(x: 203)]
        return (cell(view: "ProductGridCell", y: y, height: 276, content: tiles), 276)
    }

    private mutating func productTile(x: Fixed3) -> Layer {
        var tile = Layer(name: "product", view: "ProductTileView", frame: Rect(x, 8, 171, 260))
        tile.set("backgroundColor", .quoted("#FFFFFF"))
        tile.set("cornerRadius", .number(12))
        if rng.chance(perMille: 700) {
            // Some are set up like the promo card of fixtures/near-miss.yml: radius and
            // offset, but opacity 0, so they draw no shadow.
            tile.set("shadowOpacity", .number(rng.chance(perMille: 150) ? 0 : Fixed3(thousandths: 100)))
            tile.set("shadowRadius", .number(6))
            tile.set("shadowOffset", .pair(0, 2))
            if rng.chance(perMille: 400) {
                tile.set("shadowPath", .quoted(PathData.roundedRect(width: 171, height: 260, radius: 12)))
            }
        }
        var photoClip = Layer(name: "imageContainer", view: "UIView", frame: Rect(0, 0, 171, 171))
        photoClip.set("cornerRadius", .number(12))
        photoClip.set("masksToBounds", .bool(true))
        photoClip.add(.image("productImage", frame: Rect(0, 0, 171, 171),
                             pixels: rng.pick([(600, 800), (800, 800), (900, 600)]), gravity: "resizeAspectFill"))
        tile.add(photoClip)

        var favorite = Layer(name: "favoriteButton", view: "UIButton", frame: Rect(131, 8, 32, 32))
        favorite.set("backgroundColor", .quoted("#FFFFFFB3"))
        favorite.set("cornerRadius", .number(16))
        let liked = rng.chance(perMille: 300)
        favorite.add(.shape("heart", frame: Rect(6, 6, 20, 20), path: PathData.heart(size: 20),
                            fill: liked ? "#FF3B30" : nil, stroke: liked ? nil : "#1C1C1E",
                            lineWidth: liked ? nil : Fixed3(1, tenths: 5)))
        tile.add(favorite)
        tile.add(.label("title", frame: Rect(8, 179, 155, 36)))
        tile.add(.label("price", frame: Rect(8, 219, 80, 20)))
        let star = rng.chance(perMille: 400)
            ? Layer.shape("star", frame: Rect(0, 0, 14, 14), path: PathData.star(size: 14), fill: "#FFCC00")
            : Layer.image("star", frame: Rect(0, 0, 14, 14), pixels: (42, 42), gravity: "center")
        tile.add(.stack("rating", frame: Rect(8, 241, 100, 14), [star, .label(frame: Rect(18, 0, 60, 14))]))
        if rng.chance(perMille: 100) {
            var soldOut = Layer(name: "soldOutOverlay", view: "UIView", frame: Rect(0, 0, 171, 171))
            soldOut.set("backgroundColor", .quoted("#FFFFFF"))
            soldOut.set("opacity", .number(Fixed3(thousandths: 600)))
            soldOut.add(.label(frame: Rect(40, 76, 91, 20)))
            tile.add(soldOut)
        }
        if rng.chance(perMille: 50) {
            var spinner = Layer(name: "loadingSpinner", view: "UIActivityIndicatorView", frame: Rect(73, 73, 25, 25))
            spinner.set("hidden", .bool(true))
            spinner.add(.image(frame: Rect(0, 0, 25, 25), pixels: (75, 75), gravity: "center"))
            tile.add(spinner)
        }
        return tile
    }

    /// A horizontally scrolling row of stories: rings drawn by shape layers around
    /// avatars rounded with shape masks. The row clips (its items overflow it).
    mutating func storiesRow(y: Fixed3) -> (Layer, Fixed3) {
        var row = Layer(name: "stories", view: "UICollectionView", frame: Rect(0, 0, Self.width, 104))
        row.set("masksToBounds", .bool(true))
        for index in 0..<6 {
            var story = Layer(name: "story", view: "StoryCell", frame: Rect(Fixed3(16 + 76 * index), 0, 68, 104))
            let seen = rng.chance(perMille: 300)
            story.add(.shape("ring", frame: Rect(0, 0, 68, 68), path: PathData.circleArcs(diameter: 68),
                             fill: nil, stroke: seen ? "#C7C7CC" : "#FF2D55", lineWidth: seen ? 1 : 3))
            var avatar = Layer.image("avatar", frame: Rect(6, 6, 56, 56), pixels: (168, 168), gravity: "resizeAspectFill")
            if rng.chance(perMille: 600) {
                avatar.mask = .circleMask(diameter: 56, arcs: false)
            } else {
                avatar.set("cornerRadius", .number(28))
                avatar.set("masksToBounds", .bool(true))
            }
            story.add(avatar)
            story.add(.label("name", frame: Rect(0, 76, 68, 16)))
            row.add(story)
        }
        return (cell(view: "StoriesCell", y: y, height: 104, content: [row]), 104)
    }

    /// The cell and its content view around `content`.
    func cell(view: String, y: Fixed3, height: Fixed3, content: [Layer]) -> Layer {
        var contentView = Layer(name: "contentView", view: "UIView", frame: Rect(0, 0, Self.width, height))
        contentView.sublayers = content
        var cell = Layer(name: "cell", view: view, frame: Rect(0, y, Self.width, height))
        cell.add(contentView)
        return cell
    }
}
