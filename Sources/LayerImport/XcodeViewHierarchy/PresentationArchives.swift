import LayerDecode
import Foundation

/// The `encodedPresentationLayer` archives of a bundle, decoded and matched to the
/// debugger's layer objects. The debugger fetches one archive per captured window: the
/// root layer's, holding the whole layer tree (docs/importers.md). Archived layers are
/// matched to the debugger's by position: the archive's root to the layer that carries
/// it, then sublayer by sublayer (the same order as `childGroup`) and mask by mask, as
/// long as their classes agree.
struct PresentationArchives {
    /// What the archive says about each matched layer, by `objectID`.
    private(set) var byLayer: [String: PresentationLayer] = [:]
    /// The archived mask of a matched layer, by the owner's `objectID`: what builds the
    /// mask when the debugger has no object for it.
    private(set) var maskOf: [String: PresentationLayer] = [:]
    private(set) var warnings: [String] = []

    static let property = "encodedPresentationLayer"

    init(index: DebuggerObjectIndex, layers: Set<String>, limits: XcodeImportLimits) {
        var failed: [String: Int] = [:]
        for id in index.order {
            let object = index.objects[id]!
            guard let p = object.properties[Self.property] else { continue }
            if p.failure != nil || p.status == .noValue {
                failed[object.file, default: 0] += 1
                continue
            }
            guard let value = p.value else { continue }
            // The property belongs to a CALayer; a view's is its layer's.
            let layerID = layers.contains(id) ? id : object.additional.flatMap { $0.ids }.first { layers.contains($0) }
            guard let layerID else { continue }
            let label = "the `\(Self.property)` of \(object.label)"
            do throws(KeyedArchive.Failure) {
                let archive = try KeyedArchive(data: try Self.data(value, limits: limits), maxBytes: limits.archiveBytes,
                                               maxObjects: limits.archiveObjects, maxValues: limits.archiveValues)
                let tree = try ArchivedLayerTree(archive: archive, maxDepth: limits.archiveDepth, maxLayers: limits.archiveLayers)
                var problems = tree.problems
                match(tree, archive: archive, root: layerID, index: index, layers: layers, limits: limits, problems: &problems)
                if !problems.isEmpty {
                    warnings.append("\(object.file): \(label): \(problems.joined(separator: "; ")); the rest of the archive is read")
                }
            } catch {
                warnings.append("\(object.file): \(label) cannot be read: \(error.reason); its layers keep what the replies say")
            }
        }
        for file in failed.keys.sorted() {
            let n = failed[file]!
            warnings.append("\(file): the debugger could not fetch \(n) `\(Self.property)` archive\(n == 1 ? "" : "s"); their layers keep what the replies say")
        }
    }

    /// The archive's bytes: base64 text, as the debugger's JSON carries `public.data`, or
    /// the property list's own text.
    static func data(_ value: Any, limits: XcodeImportLimits) throws(KeyedArchive.Failure) -> Data {
        guard let text = value as? String else {
            throw KeyedArchive.Failure(reason: "its value is \(DebuggerObjectIndex.kind(of: value)), expected base64 text")
        }
        // Base64 holds 3 bytes in 4 characters: refused before it is decoded.
        guard text.utf8.count / 4 * 3 <= limits.archiveBytes + 3 else {
            throw KeyedArchive.Failure(reason: "the archive is about \(text.utf8.count / 4 * 3) bytes, more than the \(limits.archiveBytes) one may hold")
        }
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.hasPrefix("<?xml") || trimmed.hasPrefix("<plist") || trimmed.hasPrefix("bplist") { return Data(text.utf8) }
        guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
            throw KeyedArchive.Failure(reason: "its value is neither base64 nor property list text")
        }
        return data
    }

    private mutating func match(_ tree: ArchivedLayerTree, archive: KeyedArchive, root: String, index: DebuggerObjectIndex,
                                layers: Set<String>, limits: XcodeImportLimits, problems: inout [String]) {
        var pending: [(id: String, archived: Int)] = [(root, tree.root)]
        var classMismatches: [String] = []
        var countMismatches = 0
        while let (id, a) = pending.popLast() {
            guard byLayer[id] == nil, let archived = tree.layers[a], let object = index.objects[id] else { continue }
            if let mine = object.className, let theirs = archived.className, mine != theirs {
                if classMismatches.count < 3 { classMismatches.append("\(object.label) is archived as \(theirs)") }
                continue
            }
            let presentation = PresentationLayer(archived, archive: archive, maxPathElements: limits.pathElements)
            byLayer[id] = presentation
            let children = object.children.filter { layers.contains($0) && $0 != id }
            if children.count != archived.sublayers.count { countMismatches += 1 }
            for (child, sub) in zip(children, archived.sublayers).reversed() { pending.append((child, sub)) }
            if let m = presentation.mask, let archivedMask = tree.layers[m] {
                if case .object(let address?, _)? = DebuggerValues.object(object.properties["mask"]?.value),
                   index.objects[address] != nil, layers.contains(address) {
                    pending.append((address, m))
                } else {
                    maskOf[id] = PresentationLayer(archivedMask, archive: archive, maxPathElements: limits.pathElements)
                }
            }
        }
        if !classMismatches.isEmpty {
            problems.append("layers whose class differs are not matched (\(classMismatches.joined(separator: ", ")))")
        }
        if countMismatches > 0 {
            problems.append("\(countMismatches) layer\(countMismatches == 1 ? " has" : "s have") a different number of sublayers in the archive and in the replies; matched in order")
        }
    }
}
