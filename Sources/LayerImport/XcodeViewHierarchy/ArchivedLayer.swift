import LayerDecode
import Foundation

/// One CALayer of an `encodedPresentationLayer` archive: its class, its archived keys
/// (values still as archived, references unresolved), its sublayers and its mask.
/// `-[CALayer initWithCoder:]` starts from a default layer and sets what the archive
/// holds, so a key that is absent has CALayer's default (docs/importers.md).
struct ArchivedLayer {
    var className: String?
    var keys: [String: Any]
    var sublayers: [Int] = []
    var mask: Int?
}

/// The layers of one archive, read without recursion, each `$objects` entry at most once.
struct ArchivedLayerTree {
    /// Layers by their index in `$objects`.
    var layers: [Int: ArchivedLayer] = [:]
    var root: Int
    /// `geometryFlipped` of the debugger's root dictionary, when it says.
    var geometryFlipped: Bool?
    /// What was cut or skipped, for one warning.
    var problems: [String] = []

    /// Reads the tree under the archive's root. The root object is the debugger's
    /// dictionary `{rootLayer, geometryFlipped}` (what `CAEncodeLayerTree` writes), or
    /// a CALayer itself. `maxDepth` bounds the sublayer nesting, `maxLayers` the layers.
    init(archive: KeyedArchive, maxDepth: Int, maxLayers: Int) throws(KeyedArchive.Failure) {
        guard let topRef = archive.top["root"] ?? archive.top.values.first else {
            throw KeyedArchive.Failure(reason: "`$top` names no root object")
        }
        guard case .value(let top) = archive.resolve(topRef), let topIndex = archive.index(topRef),
              let topObject = top as? [String: Any] else {
            throw KeyedArchive.Failure(reason: "`$top` does not refer to an archived object")
        }
        var rootIndex = topIndex
        if let dictionary = Self.dictionary(topObject, in: archive) {
            guard let layerRef = dictionary["rootLayer"], let i = archive.index(layerRef) else {
                throw KeyedArchive.Failure(reason: "the root dictionary has no `rootLayer`")
            }
            rootIndex = i
            if let flag = dictionary["geometryFlipped"] {
                if case .value(let v) = archive.resolve(flag), let n = v as? NSNumber { geometryFlipped = n.boolValue }
            }
        }
        root = rootIndex
        var pending: [(index: Int, depth: Int)] = [(rootIndex, 0)]
        var cycles = 0, tooDeep = 0, notLayers = 0, badReferences = 0
        while let (index, depth) = pending.popLast() {
            guard layers[index] == nil else { cycles += 1; continue }
            guard depth <= maxDepth else { tooDeep += 1; continue }
            guard layers.count < maxLayers else {
                throw KeyedArchive.Failure(reason: "the archive holds more than \(maxLayers) layers")
            }
            guard let object = archive.objects[index] as? [String: Any] else { notLayers += 1; continue }
            var layer = ArchivedLayer(className: archive.className(of: object), keys: object)
            if let ref = object["sublayers"] {
                switch archive.resolve(ref) {
                case .value(let v):
                    for member in archive.members(v) ?? [] {
                        if let i = archive.index(member) { layer.sublayers.append(i) } else { badReferences += 1 }
                    }
                case .outOfRange: badReferences += 1
                case .null: break
                }
            }
            if let ref = object["mask"] {
                if let i = archive.index(ref) { layer.mask = i } else if case .outOfRange = archive.resolve(ref) { badReferences += 1 }
            }
            layers[index] = layer
            if let m = layer.mask { pending.append((m, depth + 1)) }
            for s in layer.sublayers.reversed() { pending.append((s, depth + 1)) }
        }
        if cycles > 0 { problems.append("\(cycles) reference\(cycles == 1 ? "" : "s") to a layer already read (a cycle or a layer listed twice) cut") }
        if tooDeep > 0 { problems.append("\(tooDeep) layer\(tooDeep == 1 ? "" : "s") nested deeper than \(maxDepth) levels not read") }
        if notLayers > 0 { problems.append("\(notLayers) sublayer or mask reference\(notLayers == 1 ? " does" : "s do") not name an object") }
        if badReferences > 0 { problems.append("\(badReferences) reference\(badReferences == 1 ? " is" : "s are") outside `$objects` or not a UID") }
        // A root that is not an archived object is no layer at all.
        guard layers[rootIndex] != nil else { throw KeyedArchive.Failure(reason: "the root layer is not an archived object") }
    }

    /// An archived `NSDictionary` (`NS.keys`/`NS.objects`) as keys and raw values; nil
    /// when the object is not one.
    static func dictionary(_ object: [String: Any], in archive: KeyedArchive) -> [String: Any]? {
        guard let keys = object["NS.keys"] as? [Any], let values = object["NS.objects"] as? [Any], keys.count == values.count else {
            return nil
        }
        var out: [String: Any] = [:]
        for (k, v) in zip(keys, values) {
            if case .value(let key) = archive.resolve(k), let s = key as? String { out[s] = v }
        }
        return out
    }
}
