/// Pixel counts as reports write them for people: megapixels with at most two decimals.
enum Megapixels {
    /// `1_234_567` as `1.23`; below 0.01 but above 0 as `<0.01`, so a small cost is not read as none.
    static func text(_ pixels: Int) -> String {
        guard pixels > 0 else { return "0" }
        let hundredths = (Double(pixels) / 10_000).rounded()
        guard hundredths >= 1 else { return "<0.01" }
        let whole = Int(hundredths) / 100, fraction = Int(hundredths) % 100
        if fraction == 0 { return String(whole) }
        return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
