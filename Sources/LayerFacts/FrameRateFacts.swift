import LayerModel

/// What makes the display render a new frame, and how often: a repeating animation on a
/// visible layer, or a display link that is not paused (docs/cost-model.md, "Frame rate").
public enum FrameRateSource: Sendable, Hashable {
    case layer(Int)
    /// An index into `LayerTree.displayLinks`.
    case displayLink(Int)
}

/// The frames per second one source asks for now and once its finding's fix is applied.
public struct FrameRateFigure: Sendable, Hashable {
    /// Nil when the figure is of the whole app, not one source (a missing Info.plist key).
    public var source: FrameRateSource?
    public var now: Double
    public var afterFix: Double
    public init(source: FrameRateSource?, now: Double, afterFix: Double) {
        self.source = source; self.now = now; self.afterFix = afterFix
    }
}

/// The rate each continuous source of frames asks for in one snapshot. The display runs at
/// the highest rate asked, so that is the snapshot's figure.
public struct FrameRateDemands: Sendable, Hashable {
    public private(set) var rates: [FrameRateSource: Double] = [:]

    public init(facts: TreeFacts) {
        let tree = facts.tree
        let display = tree.maximumFrameRate
        for layer in facts.animatedLayers where facts.isVisible[Int(layer)] {
            let i = Int(layer)
            if let rate = Self.loopRate(of: tree.layers[i].animations, display: display) { rates[.layer(i)] = rate }
        }
        for (k, link) in tree.displayLinks.enumerated() where !link.isPaused {
            rates[.displayLink(k)] = link.rate(onDisplayOf: display)
        }
    }

    /// The highest rate a layer's repeating animations ask for; nil when none repeats.
    public static func loopRate(of animations: [LayerAnimation], display: Double) -> Double? {
        animations.filter(\.isRepeating).map { $0.frameRateRange?.rate(onDisplayOf: display) ?? display }.max()
    }

    /// Frames per second asked now: the highest of all sources, 0 when nothing repeats.
    public var highest: Double { rates.values.max() ?? 0 }

    /// The same once `figures` (the findings' fixes) lower their sources' rates. A fix that
    /// lets a source run faster (the Info.plist key) is not a saving and is left out.
    public func highest(after figures: [FrameRateFigure]) -> Double {
        var after = rates
        for f in figures {
            guard let s = f.source, let rate = after[s] else { continue }
            after[s] = min(rate, f.afterFix)
        }
        return after.values.max() ?? 0
    }
}

extension TreeFacts {
    /// The first visible layer below `i` (its sublayers and mask, at any depth) that has an
    /// animation attached: a rasterized layer over it must re-render its bitmap on every
    /// frame the animation runs. Its own animations (a moving or fading layer) leave the
    /// bitmap as it is.
    public func animatingDescendant(of i: Int) -> Int? {
        let end = Int(tree.layers[i].subtreeEnd)
        guard end > i + 1 else { return nil }
        // The first animated layer after `i`, by binary search, then on while inside.
        var low = 0, high = animatedLayers.count
        while low < high {
            let mid = (low + high) / 2
            if Int(animatedLayers[mid]) <= i { low = mid + 1 } else { high = mid }
        }
        for k in low..<animatedLayers.count {
            let layer = Int(animatedLayers[k])
            guard layer < end else { break }
            if isVisible[layer] { return layer }
        }
        return nil
    }
}
