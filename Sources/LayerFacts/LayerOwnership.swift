import LayerModel

/// Who created a layer: the app, or UIKit/AppKit behind the app's back.
///
/// A real screen holds many layers the app never made (`UITableViewCellContentView`,
/// `_UISystemBackgroundView`, `_UIBarBackground`): an engineer cannot act on a finding
/// about their insides, and such findings bury the ones about the app's own views. The
/// estimate still counts their passes; which findings are shown is the reporter's call.
///
/// A layer with a view class is judged by it; a layer without one by its layer class when
/// that matches a system pattern (`_UILabelContentLayer`), and otherwise it belongs to
/// whoever owns its superlayer (a sublayer UIKit adds inside its own view is UIKit's).
public struct OwnershipPatterns: Sendable, Hashable {
    /// Class names of layers and views the system creates. `*` matches any run of characters.
    public var system: [String]
    /// Class names that are the app's even though a system pattern matches them: Swift's
    /// mangled names of an app's own classes start with `_Tt`, like private UIKit classes
    /// start with `_` (the importers show the names they can read as Swift writes them,
    /// `MyApp.Cell`; this is for those they cannot).
    public var app: [String]

    public init(system: [String] = OwnershipPatterns.defaultSystem, app: [String] = OwnershipPatterns.defaultApp) {
        self.system = system; self.app = app
    }

    /// UIKit's and AppKit's private classes (a leading underscore), and the public-looking
    /// containers UIKit inserts between an app's views.
    public static let defaultSystem = [
        "_*",
        "UITableViewCellContentView", "UITableViewWrapperView", "UITableViewLabel",
        "UITableViewCellEditControl", "UITableViewCellReorderControl", "UITableViewCellDeleteConfirmationView",
        "UITransitionView", "UILayoutContainerView", "UINavigationTransitionView", "UIViewControllerWrapperView",
        "UIDropShadowView", "UITabBarButton", "UITabBarButtonLabel", "UITabBarSwappableImageView",
        "UINavigationButton", "UIButtonLabel", "UIFieldEditor", "UITextSelectionView",
        "UIInputSetContainerView", "UIInputSetHostView", "UIKBInputBackdropView", "UIStatusBar*",
        "UISearchBarBackground", "UISearchBarTextFieldLabel",
        "NSThemeFrame", "NSTitlebarContainerView", "NSTitlebarView",
        // SwiftUI's containers, by their readable names (docs/importers.md): the hosting
        // view (`SwiftUI._UIHostingView<ContentView>`, its `UIHostingViewDebugLayer`) and
        // the `PlatformViewHost` wrappers with their adaptors around an app's UIView. The
        // views SwiftUI draws the app's own SwiftUI views with stay the app's: a shadow
        // there is the app's `.shadow` modifier.
        "SwiftUI.*HostingView*", "SwiftUI.*PlatformViewHost*", "SwiftUI.*Adaptor*",
    ]
    public static let defaultApp = ["_Tt*"]
    public static let `default` = OwnershipPatterns()

    /// Whether `className` names a system class under these patterns.
    public func isSystem(_ className: String) -> Bool {
        let name = Array(className.utf8)
        return system.contains { Self.matches(name, Array($0.utf8)) } && !app.contains { Self.matches(name, Array($0.utf8)) }
    }

    /// Wildcard match where `*` stands for any run of bytes: greedy with one backtrack
    /// point, so a pattern costs at most name × pattern steps and never recurses.
    static func matches(_ name: [UInt8], _ pattern: [UInt8]) -> Bool {
        var n = 0, p = 0
        var star = -1, resume = 0
        while n < name.count {
            if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
                star = p; resume = n; p += 1
            } else if p < pattern.count, pattern[p] == name[n] {
                n += 1; p += 1
            } else if star >= 0 {
                p = star + 1; resume += 1; n = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }
}

/// Each layer's nearest app-owned layer, and how far below it a system layer sits.
public struct LayerOwnership: Sendable {
    /// For each layer, the index of the nearest layer at or above it that the app owns;
    /// -1 when none does (a tree the system owns to its root).
    private let appLayer: [Int32]
    /// For each system layer, how many views lie between it and its app-owned layer, itself
    /// included (saturating at 255): 1 for a cell's `contentView`, more for UIKit's insides.
    private let viewHops: [UInt8]
    /// Whether any layer is the system's: most dumps written by the exporter for one view
    /// have none, and their findings then need no lookup.
    public let hasSystemLayers: Bool

    public init(tree: LayerTree, patterns: OwnershipPatterns = .default) {
        // Judged once per distinct class name: the string table is small next to the layers.
        var verdicts = [UInt8](repeating: 0, count: tree.strings.count)  // 0 unknown, 1 app, 2 system
        func isSystem(_ id: StringID) -> Bool {
            let k = Int(id.rawValue)
            if verdicts[k] == 0 { verdicts[k] = patterns.isSystem(tree.strings[k]) ? 2 : 1 }
            return verdicts[k] == 2
        }
        let n = tree.layers.count
        var appLayer = [Int32](repeating: -1, count: n)
        var viewHops = [UInt8](repeating: 0, count: n)
        var any = false
        tree.layers.withUnsafeBufferPointer { layers in
            for i in 0..<n {
                // Parents come before their sublayers in the preorder array.
                let parent = Int(layers[i].parent)
                let hasParent = parent >= 0 && parent < i
                let inherited: Int32 = hasParent ? appLayer[parent] : -1
                let system: Bool
                if let view = layers[i].viewClassID {
                    system = isSystem(view)
                } else if isSystem(layers[i].classID) {
                    system = true
                } else {
                    // No view of its own: it belongs to whoever owns its superlayer.
                    system = hasParent && inherited != Int32(parent)
                }
                guard system else { appLayer[i] = Int32(i); continue }
                any = true
                appLayer[i] = inherited
                let above = hasParent ? viewHops[parent] : 0
                viewHops[i] = layers[i].viewClassID != nil || above == 0 ? (above == 255 ? 255 : above + 1) : above
            }
        }
        self.appLayer = appLayer
        self.viewHops = viewHops
        self.hasSystemLayers = any
    }

    /// Whether the system created layer `i`.
    public func isSystem(_ i: Int) -> Bool { appLayer[i] != Int32(i) }

    /// The nearest layer at or above `i` that the app owns, or nil when none does.
    public func appOwner(of i: Int) -> Int? {
        appLayer[i] < 0 ? nil : Int(appLayer[i])
    }

    /// Whether the app reaches system layer `i` from a view of its own in one step (a
    /// cell's `contentView` or background view, a button's label): the change is then the
    /// app's to make, on its own view. Deeper layers are UIKit's insides.
    public func isReachableFromApp(_ i: Int) -> Bool {
        appOwner(of: i) != nil && viewHops[i] <= 1
    }
}
