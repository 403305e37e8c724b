import LayerFacts

/// The names of the cost table's entries under `cost:`: the fields of `CostModel`,
/// in the order docs/cost-model.md lists the triggers.
enum CostKeys {
    static var all: [(key: String, field: WritableKeyPath<CostModel, Int>)] {
        [
            ("shadowWithoutPathBlurred", \.shadowWithoutPathBlurred),
            ("shadowWithoutPathSharp", \.shadowWithoutPathSharp),
            ("mask", \.mask),
            ("roundedClipOverSublayers", \.roundedClipOverSublayers),
            ("groupOpacity", \.groupOpacity),
            ("rasterize", \.rasterize),
            ("backdropBlur", \.backdropBlur),
            ("vibrancy", \.vibrancy),
        ]
    }
}

extension Configuration {
    /// The keys `cost:` accepts, in printing order.
    public static var costKeys: [String] { CostKeys.all.map(\.key) }
}
