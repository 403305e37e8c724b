/// A whole app screen: window and controller containers, a navigation bar, a tab bar, a
/// floating button, and one long scrolling list whose cells make up almost all layers.
/// The list is streamed cell by cell, and its last cell is cut to land on the exact count.
struct ScreenGenerator {
    let layers: Int
    /// Which cells fill the list: the weighted mix (`screen`), every cell a busy card
    /// (`busy`), or random trees on which every rule fires (`mixed`).
    var shape = DumpShape.screen
    var rng: SplitMix64

    private static let screens = ["HomeFeed", "Inbox", "Shop", "Activity", "Discover", "Settings"]

    mutating func header() -> DocumentHeader {
        var header = DocumentHeader(screen: rng.pick(Self.screens), scale: 3, refreshRate: 120)
        if shape == .mixed { header.extra = MixedHeader.frameRateKeys }
        return header
    }

    /// The next cell of the list at `y`, and its height.
    private func nextCell(_ factory: inout CellFactory, y: Fixed3) -> (Layer, Fixed3) {
        switch shape {
        case .busy: factory.busyCard(y: y)
        case .mixed: factory.mixedCell(y: y)
        case .screen, .chain: factory.nextCell(y: y)
        }
    }

    mutating func write<W: DumpWriter>(into emitter: inout DumpEmitter<W>) {
        let scrollOffset = Fixed3(rng.int(0...40) * 50)
        let full = chrome(screen: "ScreenView", scrollOffset: scrollOffset)
        let tree = layers >= full.layerCount + 1 ? full : minimalChrome(scrollOffset: scrollOffset)
        var budget = layers - tree.layerCount
        if budget < 0 {
            // Only for 1 layer: the window alone.
            emitter.emit(Layer(view: "UIWindow", frame: Rect(0, 0, CellFactory.width, 844)))
            return
        }
        var factory = CellFactory(rng: rng)
        emitter.emit(tree) { emitter in
            var y: Fixed3 = 0
            while budget > 0 {
                var (cell, height) = nextCell(&factory, y: y)
                var count = cell.layerCount
                var attempts = 0
                while count > budget && attempts < 4 {
                    (cell, height) = nextCell(&factory, y: y)
                    count = cell.layerCount
                    attempts += 1
                }
                if count > budget {
                    (cell, height) = factory.filler(y: y, layers: budget)
                    count = budget
                }
                emitter.emit(cell)
                budget -= count
                y = y + height + 8
            }
        }
        rng = factory.rng
    }

    /// The list directly under the window, for counts too small for the full chrome.
    private func minimalChrome(scrollOffset: Fixed3) -> Layer {
        var window = Layer(view: "UIWindow", frame: Rect(0, 0, CellFactory.width, 844))
        window.add(list(scrollOffset: scrollOffset))
        return window
    }

    private func list(scrollOffset: Fixed3) -> Layer {
        var list = Layer(name: "list", view: "UICollectionView", frame: Rect(0, 0, CellFactory.width, 844))
        list.set("bounds", .rect(0, scrollOffset, CellFactory.width, 844))
        list.set("backgroundColor", .quoted("#F2F2F7"))
        list.set("masksToBounds", .bool(true))
        list.isCellList = true
        return list
    }

    private mutating func chrome(screen: String, scrollOffset: Fixed3) -> Layer {
        let full = Rect(0, 0, CellFactory.width, 844)
        var list = list(scrollOffset: scrollOffset)
        var indicator = Layer(view: "_UIScrollViewScrollIndicator", frame: Rect(383, scrollOffset + 100, 3, 180))
        var thumb = Layer(view: "UIView", frame: Rect(0, 0, 3, 180))
        thumb.set("backgroundColor", .quoted("#0000004D"))
        thumb.set("cornerRadius", .number(Fixed3(1, tenths: 5)))
        indicator.add(thumb)
        list.add(indicator)

        var compose = Layer(name: "composeButton", view: "UIButton", frame: Rect(318, 680, 56, 56))
        compose.set("backgroundColor", .quoted(rng.pick(Palette.tints)))
        compose.set("cornerRadius", .number(28))
        compose.set("shadowOpacity", .number(Fixed3(thousandths: 300)))
        compose.set("shadowRadius", .number(8))
        compose.set("shadowOffset", .pair(0, 4))
        compose.add(.image(frame: Rect(16, 16, 24, 24), pixels: (72, 72), gravity: "center"))

        var screenView = Layer(view: screen, frame: full)
        screenView.set("backgroundColor", .quoted("#F2F2F7"))
        screenView.sublayers = [list, compose]
        // The controller containers, trimmed to the ones that own bars: each level adds
        // indentation to every line below it, and real exporters skip pure wrappers.
        var navigationContainer = Layer(view: "UILayoutContainerView", frame: full)
        navigationContainer.sublayers = [screenView, navigationBar()]
        var tabContainer = Layer(view: "UILayoutContainerView", frame: full)
        tabContainer.sublayers = [navigationContainer, tabBar()]
        return wrap(tabContainer, in: ["UITransitionView", "UIWindow"])
    }

    /// Nests `inner` in full-screen container views, innermost first.
    private func wrap(_ inner: Layer, in views: [String]) -> Layer {
        var layer = inner
        for view in views {
            var container = Layer(view: view, frame: Rect(0, 0, CellFactory.width, 844))
            container.add(layer)
            layer = container
        }
        return layer
    }

    private func navigationBar() -> Layer {
        var bar = Layer(view: "UINavigationBar", frame: Rect(0, 47, CellFactory.width, 44))
        var background = Layer(view: "_UIBarBackground", frame: Rect(0, -47, CellFactory.width, 91))
        background.add(.blur(frame: Rect(0, 0, CellFactory.width, 91), tint: "#F9F9F9CC"))
        var hairline = Layer(view: "_UIBarBackgroundShadowView", frame: Rect(0, 91, CellFactory.width, Fixed3(thousandths: 333)))
        hairline.set("backgroundColor", .quoted("#0000004D"))
        background.add(hairline)
        bar.add(background)
        var content = Layer(view: "_UINavigationBarContentView", frame: Rect(0, 0, CellFactory.width, 44))
        content.add(.label(view: "_UINavigationBarTitleControl", frame: Rect(145, 11, 100, 22)))
        content.add(.iconButton("backButton", frame: Rect(8, 6, 32, 32), icon: Rect(8, 6, 13, 21), pixels: (39, 63)))
        bar.add(content)
        return bar
    }

    private mutating func tabBar() -> Layer {
        var bar = Layer(view: "UITabBar", frame: Rect(0, 761, CellFactory.width, 83))
        var background = Layer(view: "_UIBarBackground", frame: Rect(0, 0, CellFactory.width, 83))
        background.add(.blur(frame: Rect(0, 0, CellFactory.width, 83), tint: "#F7F7F7CC"))
        bar.add(background)
        for index in 0..<4 {
            var button = Layer(view: "UITabBarButton", frame: Rect(Fixed3(2 + 98 * index), 1, 94, 48))
            button.add(.image(frame: Rect(Fixed3(34, tenths: 5), 5, 25, 23), pixels: (75, 69), gravity: "center"))
            button.add(.label(view: "UITabBarButtonLabel", frame: Rect(27, 35, 40, 12)))
            if index == 1 && rng.chance(perMille: 500) {
                var badge = Layer(name: "badge", view: "_UIBadgeView", frame: Rect(52, 1, 20, 20))
                badge.set("backgroundColor", .quoted("#FF3B30"))
                badge.set("cornerRadius", .number(10))
                badge.set("masksToBounds", .bool(true))
                badge.add(.label(frame: Rect(6, 3, 8, 14)))
                button.add(badge)
            }
            bar.add(button)
        }
        return bar
    }
}

extension CellFactory {
    /// Cell kinds and their weights; together they give roughly the fixtures' mix of
    /// labels, stacks, shape layers, masks, shadows and clips.
    private enum Kind: CaseIterable {
        case feedCard, settingsRow, chatMessage, productRow, storiesRow, sectionHeader, activityCard

        var weight: Int {
            switch self {
            case .feedCard: 16
            case .settingsRow: 22
            case .chatMessage: 22
            case .productRow: 10
            case .storiesRow: 2
            case .sectionHeader: 15
            case .activityCard: 7
            }
        }

        static let totalWeight = allCases.reduce(0) { $0 + $1.weight }
    }

    /// A cell of a kind drawn by weight.
    mutating func nextCell(y: Fixed3) -> (Layer, Fixed3) {
        var ticket = rng.below(Kind.totalWeight)
        var kind = Kind.feedCard
        for candidate in Kind.allCases {
            if ticket < candidate.weight { kind = candidate; break }
            ticket -= candidate.weight
        }
        switch kind {
        case .feedCard: return feedCard(y: y)
        case .settingsRow: return settingsRow(y: y)
        case .chatMessage: return chatMessage(y: y)
        case .productRow: return productRow(y: y)
        case .storiesRow: return storiesRow(y: y)
        case .sectionHeader: return sectionHeader(y: y)
        case .activityCard: return activityCard(y: y)
        }
    }
}
