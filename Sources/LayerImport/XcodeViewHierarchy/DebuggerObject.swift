import LayerDecode
/// The grouping IDs the view debugger files objects under.
enum DebuggerGroup {
    static let layers = "com.apple.QuartzCore.CALayer"
    static let views = "com.apple.UIKit.UIView"
}

/// The debugger's `fetchStatus`, on an object or on one of its properties: 0 the fetch
/// failed, 1 there is no value, 4 the value was retrieved, 8 it is unchanged since an
/// earlier reply (docs/importers.md names the sources).
enum FetchStatus: Int {
    case failed = 0
    case noValue = 1
    case retrieved = 4
    case unchanged = 8
}

/// One property of a debugger object as the reply sent it.
struct DebuggerProperty {
    /// The value; nil when the reply has none, which the debugger does for a nil value.
    var value: Any?
    var format: String?
    /// Why the debugger could not fetch it, when the reply says so.
    var failure: String?
    /// The property's `fetchStatus`; retrieved when the reply gives none.
    var status: FetchStatus = .retrieved
}

/// One object of the view debugger's replies (a view, a layer, a screen…), merged over
/// every reply and every place it is listed: replies list an object in full once and refer
/// to it by `objectID` elsewhere, and later replies may add properties.
struct DebuggerObject {
    var id: String
    var className: String?
    var properties: [String: DebuggerProperty] = [:]
    /// The groups it is listed in (`com.apple.QuartzCore.CALayer` for layers).
    var groupingIDs: Set<String> = []
    /// Its `childGroup`, in order: subviews of a view, sublayers of a layer.
    var children: [String] = []
    /// The objects of its `additionalGroups` (a view's layer, its constraints…), by group.
    var additional: [(groupingID: String?, ids: [String])] = []
    /// The reply it was first met in, as `RequestResponses/Response_N`.
    var file: String
    /// `fetchStatus` 0 on the object: the debugger could not fetch it, so its children
    /// may be missing from the reply.
    var fetchFailed = false

    init(id: String, file: String) { self.id = id; self.file = file }

    var isLayer: Bool {
        if groupingIDs.contains(DebuggerGroup.layers) { return true }
        // A reply without grouping IDs: fall back on the class, as Core Animation names them.
        guard groupingIDs.isEmpty || groupingIDs == [""] else { return false }
        return className?.hasSuffix("Layer") ?? false
    }

    /// A short label for warnings: class and address.
    var label: String { "\(className ?? "object") \(id)" }
}
