import LayerModel

/// The layers of a list's elements read from the middle of a JSON file by a reader of
/// their own (`ListFragments`), numbered as a tree of their own: indices and string ids
/// count from zero, and the list's top-level layers have parent -1.
struct ListFragment {
    var layers: [Layer]
    var strings: [String]
    var warnings: [Diagnostic]
    var sawAnimations: Bool
    /// The deepest nesting reached, counting the list as 1.
    var deepest: Int
    /// Where the reader stopped: at the next fragment's first element when `endsAtElement`,
    /// else at the list's `]`.
    var end: JSONReadPlace
    var endsAtElement: Bool
}

extension DumpDecoder where Source == MappedSource<JSONEventReader> {
    /// Reads the elements of the list the reader starts in, up to the list's end or the
    /// element at `stopAt`.
    mutating func decodeListFragment(stopAt: Int?) throws(DecodeError) -> ListFragment {
        var layers: [Layer] = []
        layers.reserveCapacity(expectedLayers)
        var stack = [Frame(index: -1, isSublayerList: true)]
        let budget = limits.layerCeiling
        let endsAtElement = try decodeLayers(&layers, &stack, budget: budget, stopAt: stopAt)
        // A list of numbers read in one step is one level below the deepest bracket opened.
        return ListFragment(layers: layers, strings: interner.strings, warnings: warnings, sawAnimations: sawAnimations,
                            deepest: source.reader.deepestDepth + 1, end: source.reader.place, endsAtElement: endsAtElement)
    }
}

extension DumpDecoder {
    /// Takes over the fragment that starts at the element whose `{` was just read, in the
    /// list at nesting depth `listDepth` of layer `owner`: its layers join `layers` as they
    /// would have had this decoder read them, and reading goes on where the fragment ended.
    /// False (and nothing changed) when no fragment starts here, or when the fragment would
    /// break a limit: the element is then read here, so the error is the one a reading of
    /// the whole file in one pass gives.
    mutating func adoptFragment(from fragments: ListFragments, _ layers: inout [Layer], listDepth: Int,
                                owner: Int, budget: Int) -> Bool {
        guard let offset = source.handoverOffset, var fragment = fragments.take(at: offset),
              layers.count + fragment.layers.count <= budget,
              listDepth - 1 + fragment.deepest <= limits.nestingDepth,
              source.continueList(at: fragment.end, atElement: fragment.endsAtElement) else { return false }
        let strings = fragment.strings.map { interner.intern($0).rawValue }
        let before = Int32(layers.count)
        strings.withUnsafeBufferPointer { strings in
            for i in fragment.layers.indices {
                fragment.layers[i].renumber(layersBefore: before, listOwner: Int32(owner), strings: strings)
            }
        }
        layers.appendMoving(&fragment.layers)
        warnings.append(contentsOf: fragment.warnings)
        sawAnimations = sawAnimations || fragment.sawAnimations
        return true
    }
}

extension Array where Element == Layer {
    /// Appends `other`'s layers and leaves it empty, moving them rather than copying: a
    /// copy retains each layer's shared box, written by another thread and so far from this
    /// core's cache, and releases it again when `other` goes.
    mutating func appendMoving(_ other: inout [Layer]) {
        let moved = other.count
        guard moved > 0 else { return }
        reserveCapacity(count + moved)
        let empty = Layer()
        other.withUnsafeMutableBufferPointer { source in
            guard let from = source.baseAddress else { return }
            // Each layer is taken out whole (nothing retained) and an empty one left in its
            // place, which `other` then lets go of (nothing to release). Appending one at a
            // time is the specialized loop: filling room with empty layers first went
            // through the generic sequence copy, an order of magnitude slower.
            for k in 0..<moved {
                append((from + k).move())
                (from + k).initialize(to: empty)
            }
        }
        other.removeAll()
    }
}
