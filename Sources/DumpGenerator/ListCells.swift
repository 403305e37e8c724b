extension CellFactory {
    /// A Settings-style row (fixtures/settings-row.yml): an icon tile and a content view
    /// that often clip although nothing inside reaches out, labels, a chevron and a
    /// translucent hairline separator.
    mutating func settingsRow(y: Fixed3) -> (Layer, Fixed3) {
        let height: Fixed3 = rng.chance(perMille: 700) ? 52 : 44
        var contentView = Layer(view: "UITableViewCellContentView", frame: Rect(0, 0, 352, height))
        if rng.chance(perMille: 400) { contentView.set("masksToBounds", .bool(true)) }
        var tile = Layer(name: "iconBackground", view: "UIView", frame: Rect(16, (height - 30) / 2, 30, 30))
        tile.set("backgroundColor", .quoted(rng.pick(Palette.tints)))
        tile.set("cornerRadius", .number(7))
        tile.set("cornerCurve", .word("continuous"))
        if rng.chance(perMille: 600) { tile.set("masksToBounds", .bool(true)) }
        tile.add(.image("icon", frame: Rect(5, 5, 20, 20), pixels: (60, 60), gravity: "resizeAspect"))
        contentView.add(tile)
        let textY = (height - 22) / 2
        contentView.add(.label("title", frame: Rect(62, textY, 180, 22)))
        if rng.chance(perMille: 500) {
            contentView.add(.label("detail", frame: Rect(246, textY, 100, 22)))
        }
        var row = Layer(name: "cell", view: "UITableViewCell", frame: Rect(0, y, Self.width, height))
        row.add(contentView)
        row.add(.image("chevron", frame: Rect(367, (height - 13) / 2, 8, 13), pixels: (24, 39), gravity: "center"))
        var separator = Layer(view: "_UITableViewCellSeparatorView",
                              frame: Rect(62, height - Fixed3(thousandths: 333), 328, Fixed3(thousandths: 333)))
        separator.set("backgroundColor", .quoted(Palette.separator))
        row.add(separator)
        return (row, height)
    }

    /// A chat message (fixtures/chat-thread.yml): a bubble rounded by a plain CALayer mask
    /// (or by its own cornerRadius), an avatar clip for incoming messages.
    mutating func chatMessage(y: Fixed3) -> (Layer, Fixed3) {
        let incoming = rng.chance(perMille: 550)
        let lines = rng.int(1...4)
        let bubbleWidth = Fixed3(rng.int(120...260))
        let bubbleHeight = Fixed3(22 * lines + 22)
        let height = bubbleHeight + 8
        var content: [Layer] = []
        if incoming {
            var avatar = Layer.image("avatar", frame: Rect(12, height - 32, 28, 28), pixels: (84, 84),
                                     gravity: "resizeAspectFill")
            avatar.set("cornerRadius", .number(14))
            avatar.set("masksToBounds", .bool(true))
            content.append(avatar)
        }
        let bubbleX = incoming ? Fixed3(48) : Self.width - 12 - bubbleWidth
        var bubble = Layer(name: "bubble", view: "ChatBubbleView", frame: Rect(bubbleX, 4, bubbleWidth, bubbleHeight))
        bubble.set("backgroundColor", .quoted(incoming ? "#E9E9EB" : "#0A84FF"))
        if rng.chance(perMille: 750) {
            var mask = Layer(frame: Rect(0, 0, bubbleWidth, bubbleHeight))
            mask.set("backgroundColor", .quoted("#000000"))
            mask.set("cornerRadius", .number(18))
            bubble.mask = mask
        } else {
            bubble.set("cornerRadius", .number(18))
        }
        bubble.add(.label(frame: Rect(12, 8, bubbleWidth - 24, bubbleHeight - 16)))
        content.append(bubble)
        if rng.chance(perMille: 400) {
            var time = Layer.label("timestamp", frame: Rect(bubbleX + bubbleWidth - 40, height - 12, 36, 10))
            time.set("opacity", .number(Fixed3(thousandths: rng.pick([400, 600, 800]))))
            content.append(time)
        }
        if !incoming && rng.chance(perMille: 150) {
            var receipt = Layer.image("readReceipt", frame: Rect(Self.width - 24, height - 14, 12, 10),
                                      pixels: (36, 30), gravity: "center")
            receipt.set("hidden", .bool(true))
            content.append(receipt)
        }
        let view = incoming ? "IncomingMessageCell" : "OutgoingMessageCell"
        return (cell(view: view, y: y, height: height, content: content), height)
    }

    /// A section header; now and then a sticky one with a system blur backdrop.
    mutating func sectionHeader(y: Fixed3) -> (Layer, Fixed3) {
        var header = Layer(name: "header", view: "UICollectionReusableView", frame: Rect(0, y, Self.width, 44))
        if rng.chance(perMille: 50) {
            header.add(.blur(frame: Rect(0, 0, Self.width, 44), tint: "#F7F7F7CC"))
        }
        header.add(.label("title", frame: Rect(16, 12, 250, 24)))
        if rng.chance(perMille: 400) {
            var seeAll = Layer(name: "seeAllButton", view: "UIButton", frame: Rect(300, 12, 74, 24))
            seeAll.add(.label(view: "UIButtonLabel", frame: Rect(0, 2, 74, 20)))
            header.add(seeAll)
        }
        return (header, 44)
    }

    /// An activity card: a dark rounded card with a track ring and a progress arc drawn by
    /// stroked shape layers; some cards have a hard shadow (radius 0).
    mutating func activityCard(y: Fixed3) -> (Layer, Fixed3) {
        var card = Layer(name: "activityCard", view: "UIView", frame: Rect(16, 8, 358, 112))
        card.set("backgroundColor", .quoted("#1C1C1E"))
        card.set("cornerRadius", .number(20))
        card.set("cornerCurve", .word("continuous"))
        if rng.chance(perMille: 500) {
            card.set("shadowOpacity", .number(Fixed3(thousandths: 250)))
            card.set("shadowRadius", .number(0))
            card.set("shadowOffset", .pair(4, 4))
        }
        let tint = rng.pick(Palette.tints)
        card.add(.shape("track", frame: Rect(16, 16, 80, 80), path: PathData.circleArcs(diameter: 80),
                        fill: nil, stroke: "#FFFFFF33", lineWidth: 8))
        card.add(.shape("progress", frame: Rect(16, 16, 80, 80),
                        path: PathData.ring(diameter: 80, inset: 0, perMille: rng.int(50...950)),
                        fill: nil, stroke: tint, lineWidth: 8))
        card.add(.label("value", frame: Rect(112, 28, 200, 32)))
        card.add(.label("caption", frame: Rect(112, 64, 200, 18)))
        return (cell(view: "ActivityCell", y: y, height: 128, content: [card]), 128)
    }

    /// A cell of exactly `layers` layers (≥ 1), used to land on the requested total:
    /// a text cell with as many labels as it takes, or a lone separator.
    func filler(y: Fixed3, layers: Int) -> (Layer, Fixed3) {
        precondition(layers >= 1)
        if layers == 1 {
            var separator = Layer(view: "UICollectionReusableView", frame: Rect(16, y, 358, 1))
            separator.set("backgroundColor", .quoted(Palette.separator))
            return (separator, 1)
        }
        let labels = layers - 2
        let height = Fixed3(max(44, 8 + 22 * labels))
        var content: [Layer] = []
        for index in 0..<labels {
            content.append(.label(frame: Rect(16, Fixed3(4 + 22 * index), 358, 20)))
        }
        return (cell(view: "TextCell", y: y, height: height, content: content), height)
    }
}
