import LayerGeometry
import LayerModel

/// The shape `masksToBounds` (or a replacement for a mask) clips to, in a layer's space.
public enum ClipShape: Sendable, Equatable {
    case rect(Rect)
    case rounded(RoundedRect)

    /// The clip `cornerRadius` + `masksToBounds` gives a layer.
    public init(of layer: Layer) {
        if layer.cornerRadius > 0, !layer.maskedCorners.isEmpty {
            self = .rounded(RoundedRect(rect: layer.bounds, radius: layer.cornerRadius,
                                        corners: layer.maskedCorners, curve: layer.cornerCurve))
        } else {
            self = .rect(layer.bounds)
        }
    }

    public var isRounded: Bool { if case .rounded = self { return true } else { return false } }

    func contains(_ quad: [Point], tolerance: Double) -> Bool {
        switch self {
        case .rect(let r):
            return quad.allSatisfy {
                $0.x >= r.minX - tolerance && $0.x <= r.maxX + tolerance && $0.y >= r.minY - tolerance && $0.y <= r.maxY + tolerance
            }
        case .rounded(let rr): return rr.containsQuad(quad, tolerance: tolerance)
        }
    }
}

/// What is true of every layer of one snapshot, computed once in two linear passes
/// (top-down for visibility, bottom-up for drawing and extents) and shared by all rules.
public struct TreeFacts: Sendable {
    public let tree: LayerTree
    public let cost: CostModel
    /// Points of overhang tolerated before content counts as reaching outside a clip.
    public let tolerance: Double

    /// Rendered at all: neither it nor an ancestor is hidden or fully transparent.
    public internal(set) var isVisible: [Bool]
    /// Draws something itself: background, border, contents, a shape, or a class that draws.
    public internal(set) var drawsSelf: [Bool]
    /// It or a visible sublayer draws something (what a shadow follows).
    public internal(set) var subtreeDraws: [Bool]
    /// Where its subtree leaves ink, in its own space, after its own clips, with its shadow.
    public func inkExtent(of i: Int) -> Rect { extents[i] }
    var extents: OutwardRects
    /// Unknown properties (of the layer or below it) that could put ink beyond
    /// `inkExtent(of:)`: a dump from a view hierarchy does not carry contents, shadows or
    /// the sublayers a view adds, so its extents are what is known, not all there is.
    public func inkUncertainty(of i: Int) -> UnknownProperties { hasUnknowns ? uncertainty[i] : [] }
    var uncertainty: [UnknownProperties]
    /// Whether any layer has an unknown property; a v1 dump has none, and then the
    /// uncertainty pass costs nothing.
    public internal(set) var hasUnknowns = false
    /// The offscreen passes each layer costs now.
    public internal(set) var costs: [LayerCosts]

    /// Whether reports name layer `i` (`layer`, borrowed) even without a finding on it:
    /// it costs passes, or the dump carries what Xcode observed on it. The estimate gives
    /// these layers, and those with a finding, a row; the rules make their paths.
    /// Inlinable: called for every layer from other modules, where a call would copy the layer.
    @inlinable
    public func isReported(_ i: Int, _ layer: borrowing Layer) -> Bool {
        // Only a dump from Xcode carries observations: other trees skip reading each
        // layer's shared box for them.
        !costs[i].isEmpty || (someLayerCarriesObservations && layer.carriesObservations)
    }
    /// Whether any layer carries what Xcode observed on it (found with the layers' own facts).
    public internal(set) var someLayerCarriesObservations = false
    /// What each of the tree's strings says about a layer whose class or view it names.
    let traits: [ClassTraits]
    /// The visual effects the dump states on effect views (UIKit's `effect=` text).
    var statedEffects = StatedVisualEffects()
    /// The layers that have animations attached, ascending: few, and finding them means
    /// reading every layer's shared box, which the facts do once for all who ask.
    public internal(set) var animatedLayers: [Int32] = []

    /// The style of the visual effect layer `i` states (`UIBlurEffectStyleSystemThinMaterial`),
    /// when the dump names one.
    public func visualEffectStyle(of i: Int) -> String? { statedEffects.style(of: i) }

    /// Content whose place cannot be known is taken to cover this much (conservative).
    static let unbounded = Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)

    // The helpers the initialiser calls for every layer are inlined: an out-of-line call
    // of a non-mutating method from it would copy all of these arrays' references first.
    /// `workers` threads share the passes over a tree of at least `layersPerWorker` layers
    /// each (`TreeFacts+Passes.swift`); the facts are the same.
    public init(tree: LayerTree, cost: CostModel = .default, tolerance: Double = 0.5, workers: Int = 1,
                layersPerWorker: Int = 25_000) {
        self.tree = tree
        self.cost = cost
        self.tolerance = tolerance
        self.traits = ClassTraits.table(for: tree)
        let n = tree.layers.count
        isVisible = [Bool](repeating: false, count: n)
        drawsSelf = [Bool](repeating: false, count: n)
        subtreeDraws = [Bool](repeating: false, count: n)
        extents = OutwardRects(count: n)
        costs = [LayerCosts](repeating: LayerCosts(), count: n)
        // `hasUnknowns` and `uncertainty` are filled by the passes, which read every
        // layer's shared box once for all they need from it.
        uncertainty = []

        // The passes read layers through a buffer pointer, whose elements are borrowed in
        // place: an array element bound to a constant or passed to a function is copied,
        // which retains and releases the layer's shared box each time. (A local reference
        // to the array: the passes change `self`, so they must not be reading `self.tree`.)
        let layerArray = tree.layers
        layerArray.withUnsafeBufferPointer { computePasses($0, workers: workers, layersPerWorker: layersPerWorker) }
    }

    // MARK: Drawing

    /// Inlined: a call would copy the layer it borrows (through a pointer, it cannot be
    /// proven unchanged for the call), retaining its shared box.
    @inline(__always)
    static func draws(_ l: borrowing Layer, classDraws: Bool) -> Bool {
        // A shape layer's path may lie outside its bounds, so it draws even in empty bounds.
        if let s = l.shape, let p = s.path, !p.path.isEmpty {
            if let f = s.fillColor, !f.isClear { return true }
            if s.lineWidth > 0, let c = s.strokeColor, !c.isClear { return true }
        }
        // Everything else draws inside the bounds: nothing shows in empty ones.
        guard !l.bounds.isEmpty else { return false }
        if let bg = l.backgroundColor, !bg.isClear { return true }
        if l.borderWidth > 0, let c = l.borderColor, !c.isClear { return true }
        if l.hasContents { return true }
        return classDraws
    }

    /// Where the layer itself leaves ink, in its own space.
    @inline(__always)
    public func ownInk(_ i: Int) -> Rect { ownInk(i, tree.layers[i]) }

    @inline(__always)
    func ownInk(_ i: Int, _ l: borrowing Layer) -> Rect {
        Self.ownInk(l, drawsSelf: drawsSelf[i], classDraws: traits[Int(l.classID.rawValue)].draws,
                    contents: ContentsGeometry.placement(of: l, screenScale: tree.scale))
    }

    /// The same, for a layer borrowed in place.
    @inline(__always)
    static func ownInk(_ l: borrowing Layer, drawsSelf: Bool, classDraws: Bool, contents: ContentsPlacement) -> Rect {
        var ink = Rect.null
        let bgOrBorder = (l.backgroundColor.map { !$0.isClear } ?? false)
            || (l.borderWidth > 0 && (l.borderColor.map { !$0.isClear } ?? false))
        if bgOrBorder || (drawsSelf && classDraws) { ink = ink.union(l.bounds) }
        switch contents {
        case .none: break
        case .rect(let r): ink = ink.union(r)
        case .unknown: ink = ink.union(Self.unbounded)
        }
        if let s = l.shape, let p = s.path, !p.path.isEmpty {
            let stroked = s.lineWidth > 0 && (s.strokeColor.map { !$0.isClear } ?? false)
            let filled = s.fillColor.map { !$0.isClear } ?? false
            if stroked || filled {
                let half = stroked ? s.lineWidth / 2 : 0
                ink = ink.union(p.boundingBox.insetBy(dx: -half, dy: -half))
            }
        }
        return ink
    }

    @inline(__always)
    public func contentsPlacement(_ i: Int) -> ContentsPlacement {
        ContentsGeometry.placement(of: tree.layers[i], screenScale: tree.scale)
    }

    /// The shadow is drawn: it has colour and opacity, the layer is rendered, something
    /// below it draws (the shadow follows that alpha), and `masksToBounds` does not clip it away.
    @inline(__always)
    public func shadowIsVisible(_ i: Int) -> Bool { shadowIsVisible(i, tree.layers[i]) }

    @inline(__always)
    func shadowIsVisible(_ i: Int, _ l: borrowing Layer) -> Bool {
        Self.shadowShows(l, isVisible: isVisible[i], subtreeDraws: subtreeDraws[i])
    }

    /// The same, given what the layer's entries of `isVisible` and `subtreeDraws` say.
    @inline(__always)
    static func shadowShows(_ l: borrowing Layer, isVisible: Bool, subtreeDraws: Bool) -> Bool {
        guard isVisible, l.role != .mask, !l.masksToBounds, l.hasRareProperties else { return false }
        let shadow = l.shadow
        guard shadow.opacity > 0, let c = shadow.color, !c.isClear else { return false }
        return subtreeDraws || shadow.path != nil
    }

    /// Unknowns that could make the layer itself draw beyond what the dump shows:
    /// contents of unknown size, sublayers the dump does not list, an unknown transform
    /// (its place in the superlayer), and a background or border not known to be absent.
    @inline(__always)
    func ownInkUncertainty(_ i: Int) -> UnknownProperties {
        let l = tree.layers[i]
        var u = l.unknown.intersection([.contents, .sublayers, .transform, .geometry])
        if !drawsSelf[i], !l.bounds.isEmpty { u.formUnion(l.unknown.intersection([.backgroundColor, .border])) }
        return u
    }

    /// A shadow could be drawn if the dump knew it: the layer is rendered and not clipped.
    @inline(__always)
    func shadowMayShow(_ i: Int) -> Bool {
        let l = tree.layers[i]
        return isVisible[i] && l.role != .mask && !l.masksToBounds
    }

    /// The unknown properties that could make a clip on layer `i` hide something that
    /// `clipIsNeeded` cannot see: its own unknown ink, what its visible sublayers could
    /// draw beyond their known extents, its own shadow (which `masksToBounds` clips), and
    /// its corner radius (a rounded clip hides corners a rectangular one keeps).
    public func clipUncertainty(_ i: Int) -> UnknownProperties {
        guard hasUnknowns else { return [] }
        let l = tree.layers[i]
        // Its own background and border stay inside its bounds, and its transform moves the
        // clip with them: only contents and unlisted sublayers could reach past the clip.
        var u = l.unknown.intersection([.contents, .sublayers, .shadow, .cornerRadius, .maskedCorners, .cornerCurve, .geometry])
        for c in tree.sublayers(of: i) where isVisible[c] { u.formUnion(uncertainty[c]) }
        return u
    }

    // MARK: Clips

    @inline(__always)
    public func hasDrawingSublayers(_ i: Int) -> Bool {
        tree.sublayers(of: i).contains { isVisible[$0] && subtreeDraws[$0] }
    }

    /// Whether a clip of `shape` on layer `i` would hide anything: its contents, its shape,
    /// a sublayer (through frames, transforms, its shadow), or its own shadow (which a
    /// `masksToBounds` clip hides, so removing the clip would make it appear).
    public func clipIsNeeded(_ i: Int, shape: ClipShape) -> Bool {
        let l = tree.layers[i]
        switch contentsPlacement(i) {
        case .none: break
        case .unknown: return true
        case .rect(let r): if !shape.contains(r.corners, tolerance: tolerance) { return true }
        }
        if let s = l.shape, let p = s.path, !p.path.isEmpty {
            let stroked = s.lineWidth > 0 && (s.strokeColor.map { !$0.isClear } ?? false)
            let half = stroked ? s.lineWidth / 2 : 0
            if !shape.contains(p.boundingBox.insetBy(dx: -half, dy: -half).corners, tolerance: tolerance) { return true }
        }
        if l.masksToBounds, l.shadow.opacity > 0, let c = l.shadow.color, !c.isClear { return true }
        for c in tree.sublayers(of: i) where isVisible[c] {
            let extent = extents[c]
            guard !extent.isNull else { continue }
            let quad = tree.translationToParent(c).map { extent.offsetBy(dx: $0.dx, dy: $0.dy).corners } ?? tree.toParent(c).quad(extent)
            if !shape.contains(quad, tolerance: tolerance) { return true }
        }
        return false
    }

    // MARK: Costs

    /// `l` is layer `i`, borrowed in place.
    @inline(__always)
    func computeCosts(_ i: Int, _ l: borrowing Layer) -> LayerCosts {
        var out = LayerCosts()
        // A cost counts only when the dump knows every property it rests on: with unknowns,
        // the estimate is a lower bound, never a guess.
        let unknown = hasUnknowns ? l.unknown : []
        if shadowIsVisible(i, l), l.shadow.path == nil, unknown.isDisjoint(with: [.shadow, .shadowPath]) {
            out[.shadow] = l.shadow.radius > 0 ? cost.shadowWithoutPathBlurred : cost.shadowWithoutPathSharp
        }
        if l.mask >= 0 { out[.mask] = cost.mask }
        if l.masksToBounds, l.cornerRadius > 0, !l.maskedCorners.isEmpty, hasDrawingSublayers(i),
           unknown.isDisjoint(with: [.cornerRadius, .maskedCorners]) {
            out[.roundedClip] = cost.roundedClipOverSublayers
        }
        if l.opacity < 1, l.allowsGroupOpacity, !unknown.contains(.allowsGroupOpacity), drawnComponents(i, l) > 1 {
            out[.groupOpacity] = cost.groupOpacity
        }
        if l.shouldRasterize, !unknown.contains(.rasterization) { out[.rasterization] = cost.rasterize }
        let classTraits = traits[Int(l.classID.rawValue)]
        if classTraits.isBackdrop { out[.backdropBlur] = cost.backdropBlur }
        if classTraits.isVibrancy || (l.viewClassID.map { traits[Int($0.rawValue)].isVibrancy } ?? false) { out[.vibrancy] = cost.vibrancy }
        return out
    }

    /// A stated effect replaces what the class names would say: the effect view pays for
    /// its blur (5) or vibrancy (2), `effect=none` pays nothing, and the private views
    /// inside it add nothing of their own.
    func withStatedEffect(_ i: Int, _ costs: LayerCosts) -> LayerCosts {
        let kind = statedEffects.kind(of: i)
        guard kind != nil || statedEffects.isInsideStatedEffect(i) else { return costs }
        var costs = costs
        costs[.backdropBlur] = kind == .blur ? cost.backdropBlur : 0
        costs[.vibrancy] = kind == .vibrancy ? cost.vibrancy : 0
        return costs
    }

    /// How many separately drawn pieces group opacity has to composite together.
    @inline(__always)
    func drawnComponents(_ i: Int, _ l: borrowing Layer) -> Int {
        var n = 0
        if (l.backgroundColor.map { !$0.isClear } ?? false) || (l.borderWidth > 0 && (l.borderColor.map { !$0.isClear } ?? false)) { n += 1 }
        if l.hasContents { n += 1 }
        if l.shape?.path != nil { n += 1 }
        for c in tree.sublayers(of: i) where isVisible[c] && subtreeDraws[c] {
            n += 1
            if n > 1 { break }
        }
        return n
    }
}

/// What a class (or view class) name tells about a layer, worked out once per name.
struct ClassTraits: Sendable {
    /// Layer classes that draw without any of the properties the dump describes.
    static let plainClasses: Set<String> = ["CALayer", "CAShapeLayer", "CATransformLayer", "CAReplicatorLayer", "CAScrollLayer"]
    /// Classes other than the plain ones (for example `_UILabelLayer`) draw over their bounds.
    var draws: Bool
    var isBackdrop: Bool
    var isVibrancy: Bool
    /// A scrolling class (`ScrollContainer`), whose clip is never unneeded.
    var isScrolling: Bool
    init(_ name: String) {
        draws = !Self.plainClasses.contains(name)
        isBackdrop = name.contains("Backdrop")
        isVibrancy = name.contains("Vibrancy")
        isScrolling = ScrollContainer.isScrolling(name)
    }

    /// Traits by string id, worked out only for the strings that name a class or a view
    /// class: the table also holds every layer name, often one per layer, and searching
    /// each of those for "Backdrop" cost more than the rest of the facts.
    static func table(for tree: LayerTree) -> [ClassTraits] {
        var table = [ClassTraits](repeating: ClassTraits(draws: false, isBackdrop: false, isVibrancy: false, isScrolling: false),
                                  count: tree.strings.count)
        var done = [Bool](repeating: false, count: tree.strings.count)
        func judge(_ id: Int32) {
            guard id >= 0, !done[Int(id)] else { return }
            table[Int(id)] = ClassTraits(tree.strings[Int(id)])
            done[Int(id)] = true
        }
        tree.layers.withUnsafeBufferPointer { layers in
            for i in layers.indices {
                judge(layers[i].classID.rawValue)
                judge(layers[i].viewClassID?.rawValue ?? -1)
            }
        }
        return table
    }

    private init(draws: Bool, isBackdrop: Bool, isVibrancy: Bool, isScrolling: Bool) {
        self.draws = draws; self.isBackdrop = isBackdrop; self.isVibrancy = isVibrancy; self.isScrolling = isScrolling
    }
}

/// The passes one layer costs, by reason: one byte per reason, packed into one word.
public struct LayerCosts: Sendable, Hashable {
    private var packed: UInt64 = 0
    public init() {}

    public subscript(reason: OffscreenReason) -> Int {
        get { Int((packed >> Self.shift(reason)) & 0xFF) }
        set {
            let s = Self.shift(reason)
            packed = (packed & ~(0xFF << s)) | (UInt64(min(max(newValue, 0), CostModel.maximumPasses)) << s)
        }
    }

    /// The eight bytes summed in the word: pairs into 16-bit lanes (at most 510 each), then
    /// the four lanes into the top one (at most 2,040), instead of a loop over the reasons.
    public var total: Int {
        let pairs = (packed & 0x00FF_00FF_00FF_00FF) &+ ((packed >> 8) & 0x00FF_00FF_00FF_00FF)
        return Int((pairs &* 0x0001_0001_0001_0001) >> 48)
    }
    public var isEmpty: Bool { packed == 0 }

    /// The reasons that cost passes, in a fixed order.
    public var reasons: [OffscreenCost] {
        OffscreenReason.allCases.compactMap { r in self[r] > 0 ? OffscreenCost(reason: r, passes: self[r]) : nil }
    }

    private static func shift(_ r: OffscreenReason) -> UInt64 {
        switch r {
        case .shadow: 0
        case .mask: 8
        case .roundedClip: 16
        case .groupOpacity: 24
        case .rasterization: 32
        case .backdropBlur: 40
        case .vibrancy: 48
        case .frameRate: 56
        }
    }
}
