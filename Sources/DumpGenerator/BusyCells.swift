extension CellFactory {
    /// A cell of a busy feed, the shape that gives a finding for every two or three
    /// layers: a card with a shadow but no `shadowPath`, an avatar rounded by a circular
    /// shape mask, and a rounded badge that clips a label which never leaves it. Eight
    /// layers, three findings (shadow-without-path, simple-shape-mask, unneeded-clip).
    mutating func busyCard(y: Fixed3) -> (Layer, Fixed3) {
        let height: Fixed3 = rng.pick([72, 80, 88])
        var card = Layer(name: "card", view: "UIView", frame: Rect(16, 4, 358, height - 8))
        card.set("backgroundColor", .quoted(rng.pick(Palette.surfaces)))
        card.set("cornerRadius", .number(12))
        card.set("shadowOpacity", .number(Fixed3(thousandths: rng.pick([100, 150, 200]))))
        card.set("shadowRadius", .number(rng.pick([4, 8])))
        card.set("shadowOffset", .pair(0, 2))

        var avatar = Layer.image("avatar", frame: Rect(12, 12, 40, 40), pixels: (120, 120), gravity: "resizeAspectFill")
        avatar.mask = .circleMask(diameter: 40, arcs: rng.chance(perMille: 500))
        card.add(avatar)
        card.add(.label("title", frame: Rect(64, 14, 200, 20)))

        var badge = Layer(name: "badge", view: "UIView", frame: Rect(300, 14, 44, 22))
        badge.set("backgroundColor", .quoted(rng.pick(Palette.tints)))
        badge.set("cornerRadius", .number(11))
        badge.set("masksToBounds", .bool(true))
        badge.add(.label(frame: Rect(8, 3, 28, 16)))
        card.add(badge)
        return (cell(view: "BusyFeedCell", y: y, height: height, content: [card]), height)
    }
}
