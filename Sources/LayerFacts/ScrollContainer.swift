import LayerModel

/// Scroll views clip on purpose: the clip is what keeps content outside the visible
/// rectangle from drawing, and their content may be far larger than the dump shows (cells
/// not yet dequeued). A clip there is never "unneeded", whatever the visible sublayers do.
public enum ScrollContainer {
    /// UIKit's and AppKit's scrolling classes and their subclasses by naming convention.
    static let classSuffixes = ["ScrollView", "TableView", "CollectionView", "TextView", "ScrollLayer"]
    /// Keys only a scroll view carries: UIKit prints them for every UIScrollView, and a v1
    /// dump may keep them as extra keys.
    static let scrollKeys: Set<String> = ["contentSize", "contentOffset"]

    /// Whether layer `i` belongs to a scroll view: its view class, layer class or the UIKit
    /// base class a dump names ends in a scrolling suffix, or it carries a content size.
    /// The class names are judged once per name (`ClassTraits`), not per layer asked.
    public static func contains(_ i: Int, in facts: TreeFacts) -> Bool {
        let tree = facts.tree
        if let view = tree.layers[i].viewClassID, facts.traits[Int(view.rawValue)].isScrolling { return true }
        if facts.traits[Int(tree.layers[i].classID.rawValue)].isScrolling { return true }
        guard tree.layers[i].hasRareProperties else { return false }
        for extra in tree.layers[i].extras {
            if scrollKeys.contains(extra.key) { return true }
            // `baseClass` is kept as a JSON string: `"UIScrollView"`.
            if extra.key == "baseClass", extra.json.hasSuffix("\""), isScrolling(extra.json.dropLast()) { return true }
        }
        return false
    }

    static func isScrolling<Name: StringProtocol>(_ name: Name) -> Bool {
        classSuffixes.contains { name.hasSuffix($0) }
    }
}
