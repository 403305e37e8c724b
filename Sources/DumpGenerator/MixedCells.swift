/// The mixed shape (issue 29): a screen whose cells are random trees on which every rule
/// fires. The busy shape's findings are three kinds with one-line fixes in one fixed
/// cell; real dumps nest unevenly, carry unrounded geometry and give every kind of
/// finding, info and warning, many with fixes of ten lines. A benchmark measured only on
/// the busy shape can look far better than LayerLint is (the issue measured 2× the
/// time and 4–6× the memory on such a dump), so this shape is measured beside it.
///
/// The mix, per layer, is tuned to what the issue measured on a real-world-like dump:
/// about 0.4 findings a layer, most of them shadow-without-path, unneeded-clip at info
/// level and clipped-shadow, every other rule present too (`MixedTree.Kind`).
enum MixedHeader {
    /// The header's frame-rate keys, the same in every mixed dump: they decide the two
    /// rules that look at the snapshot, not at layers, which fire once per file whatever
    /// its size. A 120 Hz device (`info`) whose Info.plist lacks
    /// CADisableMinimumFrameDurationOnPhone, and display links of each kind the
    /// display-link-rate rule tells apart: no range on a 120 Hz display, the deprecated
    /// preferredFramesPerSecond, running with nothing to do, and one with a range of up to
    /// 120 (no finding of its own, but it asks for more than 60: promotion-disabled).
    static let frameRateKeys: [LayerProperty] = [
        LayerProperty(key: "info", value: .mapping([LayerProperty(key: "maximumFramesPerSecond", value: .number(120))])),
        LayerProperty(key: "displayLinks", value: .mappingList([
            [LayerProperty(key: "target", value: .word("FeedPrefetcher.tick"))],
            [LayerProperty(key: "target", value: .word("StockTicker.refresh")),
             LayerProperty(key: "preferredFramesPerSecond", value: .number(30))],
            [LayerProperty(key: "target", value: .word("ProgressRing.step")),
             LayerProperty(key: "preferredFrameRateRange", value: range(30, 60, 60)),
             LayerProperty(key: "hasWork", value: .bool(false))],
            [LayerProperty(key: "target", value: .word("GameCanvas.render")),
             LayerProperty(key: "preferredFrameRateRange", value: range(80, 120, 120)),
             LayerProperty(key: "hasWork", value: .bool(true))],
        ])),
    ]

    /// `{minimum, maximum, preferred}`, written as a block mapping like everything nested.
    static func range(_ minimum: Int, _ maximum: Int, _ preferred: Int) -> DumpValue {
        .mapping([
            LayerProperty(key: "minimum", value: .number(Fixed3(minimum))),
            LayerProperty(key: "maximum", value: .number(Fixed3(maximum))),
            LayerProperty(key: "preferred", value: .number(Fixed3(preferred))),
        ])
    }
}

extension CellFactory {
    /// A cell of the mixed shape: a random tree of 2 to about 48 layers, down to six
    /// levels (the cell is the first), in whole-point rows so the list's own y stays exact.
    mutating func mixedCell(y: Fixed3) -> (Layer, Fixed3) {
        let height = rng.int(88...280)
        var tree = MixedTree(rng: rng, budget: rng.int(6...48))
        let bounds = ExactRect(x: 0, y: 0, width: 390, height: Double(height))
        var cell = Layer(name: "cell", view: "MixedFeedCell", frame: Rect(0, y, Self.width, Fixed3(height)))
        tree.budget -= 1  // the cell itself
        cell.sublayers = tree.children(in: bounds.insetBy(8), depth: 2, fitsClip: false)
        rng = tree.rng
        // A quarter of the cells (decided by a height already drawn, so the random stream
        // and every finding stay what they were) name their layers in Japanese: reports
        // copy ASCII names through fast paths that other text once missed, at up to ten
        // times the cost (the github report's log lines, SARIF's names, XML).
        if height % 4 == 1 { cell.localizeNames() }
        return (cell, Fixed3(height))
    }
}

extension Layer {
    /// The mixed shape's layer names in Japanese.
    static let japaneseNames = [
        "cell": "セル", "card": "カード", "badge": "バッジ", "photo": "写真", "tile": "タイル", "container": "コンテナ",
        "title": "見出し", "icon": "アイコン", "gradient": "グラデーション", "shadowedCard": "影付きカード",
        "roundedContainer": "角丸コンテナ", "dimmedRow": "暗い行", "avatar": "アバター", "spinner": "スピナー",
        "chart": "グラフ", "tag": "タグ", "progress": "進捗", "shimmer": "きらめき",
    ]

    /// Renames the subtree's layers, masks included, with `japaneseNames`.
    mutating func localizeNames() {
        for k in properties.indices where properties[k].key == "name" {
            if case .word(let name) = properties[k].value, let japanese = Self.japaneseNames[name] {
                properties[k].value = .word(japanese)
            }
        }
        if var mask { mask.localizeNames(); self.mask = mask }
        for k in sublayers.indices { sublayers[k].localizeNames() }
    }
}

/// Builds one mixed cell's subtree. Children are laid out side by side in the room their
/// parent gives them, never overlapping and always inside it; a parent whose clip is to
/// be unneeded (`fitsClip`) gets only children that stay inside, with no shadow that
/// shows, so that its finding is certain. Everything else is left to chance.
struct MixedTree {
    var rng: SplitMix64
    /// Layers this cell may still add, masks included.
    var budget: Int
    /// The deepest level of a cell's subtree; the cell is level 1.
    static let deepest = 6

    /// What a node is, and the finding it is there for. Weights in thousandths of the
    /// nodes, tuned so that a 100,000-layer dump gives about 0.4 findings a layer, in the
    /// proportions of the measured dump.
    enum Kind: CaseIterable {
        case shadowCard          // shadow-without-path (warning; a translucent card's fix adds a caveat)
        case clippedShadowCard   // clipped-shadow (warning, the ten-line container fix)
        case rectClip            // unneeded-clip, info: a rectangular clip around what fits
        case roundedLeafClip     // unneeded-clip, info: a rounded clip over nothing but its background
        case roundedClip         // unneeded-clip, warning: a rounded clip over sublayers that fit
        case neededClip          // none: a rounded clip over aspect-filled contents
        case pathShadow          // none, or stale-shadow-path when the path is of another size
        case gradient            // none: CAGradientLayer with colours (extra keys)
        case label, icon, stack  // none: what most of a screen is
        case maskedAvatar        // simple-shape-mask or plain-layer-mask
        case fadedGroup          // group-opacity (warning, or info when the pieces overlap)
        case rasterized          // rasterize-scale, or rasterize-uncacheable over a spinner
        case spinner             // uncapped-animation
        case scrubber            // promotion-disabled's ranges; a looping shimmer: uncapped-animation
        case blur                // visual-effect (info)

        var weight: Int {
            switch self {
            case .shadowCard: 250
            case .clippedShadowCard: 80
            case .rectClip: 80
            case .roundedLeafClip: 95
            case .roundedClip: 12
            case .neededClip: 90
            case .pathShadow: 60
            case .gradient: 55
            case .label: 150
            case .icon: 70
            case .stack: 50
            case .maskedAvatar: 15
            case .fadedGroup: 12
            case .rasterized: 8
            case .spinner: 5
            case .scrubber: 6
            case .blur: 3
            }
        }

        /// Kinds whose own shadow shows outside them: never inside a clip meant to be unneeded.
        var castsShadow: Bool { self == .shadowCard || self == .pathShadow }
        /// Kinds that are more than one layer (sublayers or a mask one level down).
        var needsLevelBelow: Bool {
            switch self {
            case .roundedClip, .stack, .maskedAvatar, .fadedGroup, .rasterized, .blur: true
            default: false
            }
        }
    }

    /// Up to a few nodes at `depth`, laid out along the longer side of `room` (in the
    /// parent's coordinates). Fewer when the budget or the room runs out.
    mutating func children(in room: ExactRect, depth: Int, fitsClip: Bool) -> [Layer] {
        guard depth <= Self.deepest, budget > 0, room.width >= 6, room.height >= 6 else { return [] }
        var count = min(budget, rng.int(1...(depth <= 3 ? 4 : 3)))
        let horizontal = room.width >= room.height
        let side = horizontal ? room.width : room.height
        while count > 1 && side / Double(count) < 14 { count -= 1 }
        let gap = rng.length(2...8)
        let slot = (side - gap * Double(count - 1)) / Double(count)
        var nodes: [Layer] = []
        for index in 0..<count where budget > 0 {
            let start = (horizontal ? room.x : room.y) + Double(index) * (slot + gap)
            var frame = horizontal
                ? ExactRect(x: start, y: room.y, width: slot, height: room.height)
                : ExactRect(x: room.x, y: start, width: room.width, height: slot)
            // Shrink the slot a little on each side, by chance: layouts are not all flush.
            let shrinkX = rng.real(0...(frame.width * 0.12)), shrinkY = rng.real(0...(frame.height * 0.12))
            frame = ExactRect(x: frame.x + shrinkX, y: frame.y + shrinkY,
                              width: frame.width - 2 * shrinkX, height: frame.height - 2 * shrinkY)
            nodes.append(node(in: frame, depth: depth, fitsClip: fitsClip))
        }
        return nodes
    }

    /// One node of a kind drawn by weight among those that fit here.
    private mutating func node(in frame: ExactRect, depth: Int, fitsClip: Bool) -> Layer {
        let roomBelow = depth < Self.deepest && budget >= 3 && min(frame.width, frame.height) >= 20
        let allowed = Kind.allCases.filter { kind in
            !(fitsClip && kind.castsShadow) && (roomBelow || !kind.needsLevelBelow)
        }
        var ticket = rng.below(allowed.reduce(0) { $0 + $1.weight })
        var kind = allowed[0]
        for candidate in allowed {
            if ticket < candidate.weight { kind = candidate; break }
            ticket -= candidate.weight
        }
        budget -= 1
        return build(kind, frame: frame, depth: depth, fitsClip: fitsClip, roomBelow: roomBelow)
    }
}
