import Dispatch
import LayerGeometry
import LayerModel

/// The passes that fill `TreeFacts`, on several threads for a large tree: what each layer
/// is by itself, visibility top-down, then drawing and extents bottom-up, then each
/// layer's costs.
///
/// A layer's extent needs those of its sublayers and its mask, which come after it in
/// preorder, inside its subtree's range. So the layers are cut into consecutive chunks, and
/// each thread computes, from the end of a chunk back, every layer whose subtree ends
/// inside that chunk. What is left are the few layers whose subtree crosses a cut (the
/// ancestors of the cuts); one thread computes them afterwards, from the end back, their
/// parts all known by then. Each layer is computed once, from the values one pass from the
/// end gives it, so the facts are those of that pass. Costs need only what is then known,
/// so any thread computes any layer's.
extension TreeFacts {
    /// Chunks per thread, taken by whichever thread is free: regions of a tree differ in work.
    static let chunksPerWorker = 4

    /// One call from the initialiser's closure: called per layer from there, each call
    /// would copy `self`. Below `layersPerWorker` layers per thread, one thread makes the
    /// facts: as for the rule walk, starting threads would cost more than they save.
    mutating func computePasses(_ layers: UnsafeBufferPointer<Layer>, workers: Int, layersPerWorker: Int) {
        let n = layers.count
        let threads = min(max(workers, 1), n / max(layersPerWorker, 1))
        let chunks = threads > 1 ? threads * Self.chunksPerWorker : 1
        fillOwnFacts(layers, chunks: chunks)
        fillExtents(layers, chunks: chunks > 1 && Self.partsLieInside(layers) ? chunks : 1)
        fillCosts(layers, chunks: chunks)
    }

    /// The layers of chunk `k` when `n` layers are cut into `chunks` consecutive ranges.
    package static func chunk(_ k: Int, of n: Int, in chunks: Int) -> Range<Int> {
        n * k / chunks..<n * (k + 1) / chunks
    }

    /// Whether each layer's subtree range lies inside every range that holds its first
    /// layer, and its mask inside its own range, as the decoders build them: only then are
    /// a layer's parts inside its range. A tree built by hand that says otherwise is walked
    /// by one thread from the end back, as it always was.
    static func partsLieInside(_ layers: UnsafeBufferPointer<Layer>) -> Bool {
        guard let first = layers.baseAddress else { return true }
        let n = layers.count
        var enclosing: [Int] = []  // the ends of the ranges holding the current layer
        for i in 0..<n {
            // Through the pointer, in place: the buffer's subscript copies the layer.
            let end = Int(first[i].subtreeEnd)
            guard end > i, end <= n else { return false }
            while let last = enclosing.last, last <= i { enclosing.removeLast() }
            if let last = enclosing.last, end > last { return false }
            enclosing.append(end)
            let mask = Int(first[i].mask)
            if mask >= 0 && !(mask > i && mask < end) { return false }
        }
        return true
    }

    // MARK: Each layer's own

    /// What each layer is by itself (whether it draws, whether it is shown, the effect it
    /// states, whether it has animations, unknown properties or Xcode's observations),
    /// `chunks` ranges at once: one read of each layer's shared box answers them all. Then
    /// visibility top-down, a layer being rendered when its parent is too.
    private mutating func fillOwnFacts(_ layers: UnsafeBufferPointer<Layer>, chunks: Int) {
        var visible = isVisible, draws = drawsSelf
        isVisible = []
        drawsSelf = []
        let traits = self.traits
        let n = layers.count
        var found = [OwnChunk](repeating: OwnChunk(), count: chunks)
        visible.withUnsafeMutableBufferPointer { visible in
            draws.withUnsafeMutableBufferPointer { draws in
                found.withUnsafeMutableBufferPointer { found in
                    let out = OwnStore(layers: layers, visible: visible, draws: draws, chunks: found)
                    @Sendable func fill(_ k: Int) {
                        // Layers are read through pointers, in place: the buffer's subscript
                        // copies a layer, which retains its shared box.
                        for i in Self.chunk(k, of: n, in: chunks) {
                            let l = out.layers.baseAddress! + i
                            out.visible[i] = !l.pointee.isHidden && l.pointee.opacity > 0
                            out.draws[i] = Self.draws(l.pointee, classDraws: traits[Int(l.pointee.classID.rawValue)].draws)
                            guard l.pointee.hasRareProperties else { continue }
                            if let stated = StatedVisualEffects.stated(by: l.pointee.extras) { out.chunks[k].stated.append((i, stated)) }
                            if !l.pointee.animations.isEmpty { out.chunks[k].animated.append(Int32(i)) }
                            if !l.pointee.unknown.isEmpty { out.chunks[k].hasUnknowns = true }
                            if l.pointee.carriesObservations { out.chunks[k].carriesObservations = true }
                        }
                    }
                    guard chunks > 1 else { fill(0); return }
                    DispatchQueue.concurrentPerform(iterations: chunks, execute: fill)
                }
            }
        }
        // A parent comes before its layers in preorder; a link that points elsewhere (a
        // tree built by hand) leaves the layer hidden, as one pass from the top did.
        for i in 0..<n {
            let parent = Int(layers.baseAddress![i].parent)
            if parent >= 0, parent >= i || !visible[parent] { visible[i] = false }
        }
        isVisible = visible
        drawsSelf = draws
        statedEffects = StatedVisualEffects(found.flatMap(\.stated), layers: layers)
        animatedLayers = found.flatMap(\.animated)
        hasUnknowns = found.contains { $0.hasUnknowns }
        someLayerCarriesObservations = found.contains { $0.carriesObservations }
        uncertainty = hasUnknowns ? [UnknownProperties](repeating: [], count: n) : []
    }

    // MARK: Extents

    /// Fills `subtreeDraws`, `extents` and `uncertainty` from the end back, `chunks` at once.
    private mutating func fillExtents(_ layers: UnsafeBufferPointer<Layer>, chunks: Int) {
        // Taken out of the facts while the threads write them, each its own layers, through
        // pointers; the facts the threads read (visibility, drawing, the tree) stay.
        var draws = subtreeDraws, rects = extents, unknowns = uncertainty
        subtreeDraws = []
        extents = OutwardRects(count: 0)
        uncertainty = []
        let facts = self
        draws.withUnsafeMutableBufferPointer { draws in
            rects.withUnsafeMutableCorners { rects in
                unknowns.withUnsafeMutableBufferPointer { unknowns in
                    let store = ExtentStore(layers: layers, subtreeDraws: draws, corners: rects, uncertainty: unknowns)
                    let n = layers.count
                    guard chunks > 1 else {
                        for i in stride(from: n - 1, through: 0, by: -1) { facts.computeExtent(i, into: store) }
                        return
                    }
                    DispatchQueue.concurrentPerform(iterations: chunks) { k in
                        let range = Self.chunk(k, of: n, in: chunks)
                        for i in range.reversed() where Int(store.layers.baseAddress![i].subtreeEnd) <= range.upperBound {
                            facts.computeExtent(i, into: store)
                        }
                    }
                    for k in stride(from: chunks - 1, through: 0, by: -1) {
                        let range = Self.chunk(k, of: n, in: chunks)
                        for i in range.reversed() where Int(store.layers.baseAddress![i].subtreeEnd) > range.upperBound {
                            facts.computeExtent(i, into: store)
                        }
                    }
                }
            }
        }
        subtreeDraws = draws
        extents = rects
        uncertainty = unknowns
    }

    /// Layer `i`'s drawing, extent and uncertainty, from those of its parts in `store`.
    private func computeExtent(_ i: Int, into store: ExtentStore) {
        let l = store.layers.baseAddress! + i
        var content = drawsSelf[i] ? ownInk(i, l.pointee) : .null
        var childDraws = false
        // The sublayers, as `tree.sublayers(of:)` walks them, but through the pointer: the
        // sequence holds the tree, whose references every thread would retain per layer.
        let base = store.layers.baseAddress!
        var c = i + 1
        while c < Int(l.pointee.subtreeEnd) {
            let next = Int(base[c].subtreeEnd)
            defer { c = next }
            guard base[c].role == .sublayer, isVisible[c] || l.pointee.role == .mask else { continue }
            let extent = OutwardRects.rect(store.corners[c])
            guard !extent.isNull else { continue }
            childDraws = childDraws || store.subtreeDraws[c]
            content = content.union(tree.rectInParent(c, extent))
        }
        let draws = drawsSelf[i] || childDraws
        store.subtreeDraws[i] = draws
        if l.pointee.masksToBounds { content = content.intersection(l.pointee.bounds) }
        let m = Int(l.pointee.mask)
        if m >= 0 { content = content.intersection(tree.rectInParent(m, OutwardRects.rect(store.corners[m]))) }
        if Self.shadowShows(l.pointee, isVisible: isVisible[i], subtreeDraws: draws) {
            let s = l.pointee.shadow
            let source = s.path?.boundingBox ?? content
            let shadow = source.offsetBy(dx: s.offset.width, dy: s.offset.height).insetBy(dx: -s.radius, dy: -s.radius)
            content = content.union(shadow)
        }
        store.corners[i] = OutwardRects.corners(content)
        if hasUnknowns { store.uncertainty[i] = computeUncertainty(i, l.pointee, store) }
    }

    /// What could reach beyond the known extent: the layer's own unknown ink, and what its
    /// visible sublayers could; a `masksToBounds` clip bounds it all, its own shadow too.
    private func computeUncertainty(_ i: Int, _ l: borrowing Layer, _ store: ExtentStore) -> UnknownProperties {
        if l.masksToBounds { return [] }
        var u = ownInkUncertainty(i)
        if shadowMayShow(i) { u.formUnion(l.unknown.intersection([.shadow, .shadowPath])) }
        for c in tree.sublayers(of: i) where isVisible[c] { u.formUnion(store.uncertainty[c]) }
        return u
    }

    // MARK: Costs

    /// Fills `costs`, `chunks` ranges of layers at once.
    private mutating func fillCosts(_ layers: UnsafeBufferPointer<Layer>, chunks: Int) {
        var costs = self.costs
        self.costs = []
        let facts = self
        costs.withUnsafeMutableBufferPointer { costs in
            let out = CostStore(layers: layers, costs: costs)
            let n = layers.count
            @Sendable func fill(_ range: Range<Int>) {
                for i in range where facts.isVisible[i] {
                    let l = out.layers.baseAddress! + i
                    guard l.pointee.role != .mask else { continue }
                    // A layer that may be hidden costs nothing known: the estimate stays a lower bound.
                    if facts.hasUnknowns, !l.pointee.unknown.isDisjoint(with: [.opacity, .hidden]) { continue }
                    let own = facts.computeCosts(i, l.pointee)
                    out.costs[i] = facts.statedEffects.isEmpty ? own : facts.withStatedEffect(i, own)
                }
            }
            guard chunks > 1 else { fill(0..<n); return }
            DispatchQueue.concurrentPerform(iterations: chunks) { k in fill(Self.chunk(k, of: n, in: chunks)) }
        }
        self.costs = costs
    }
}

/// What the extents pass writes, each thread its own layers' entries.
private struct ExtentStore: @unchecked Sendable {
    let layers: UnsafeBufferPointer<Layer>
    let subtreeDraws: UnsafeMutableBufferPointer<Bool>
    let corners: UnsafeMutableBufferPointer<SIMD4<Float>>
    /// Empty when no layer has an unknown property.
    let uncertainty: UnsafeMutableBufferPointer<UnknownProperties>
}

/// What the pass over each layer's own facts writes, each thread its own layers' entries
/// and its own chunk's findings.
private struct OwnStore: @unchecked Sendable {
    let layers: UnsafeBufferPointer<Layer>
    let visible: UnsafeMutableBufferPointer<Bool>
    let draws: UnsafeMutableBufferPointer<Bool>
    let chunks: UnsafeMutableBufferPointer<OwnChunk>
}

/// What one chunk of layers holds that few layers have, in layer order.
private struct OwnChunk {
    var stated: [(layer: Int, stated: StatedVisualEffects.Stated)] = []
    var animated: [Int32] = []
    var hasUnknowns = false
    var carriesObservations = false
}

/// What the costs pass writes, each thread its own layers' entries.
private struct CostStore: @unchecked Sendable {
    let layers: UnsafeBufferPointer<Layer>
    let costs: UnsafeMutableBufferPointer<LayerCosts>
}
