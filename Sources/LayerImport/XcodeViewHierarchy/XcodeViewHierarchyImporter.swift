import LayerDecode
import Foundation
import LayerGeometry
import LayerModel

/// Reads an exported Xcode view hierarchy (`Name.viewhierarchy/`) into layer trees, one
/// per root layer (a window's layer, as a rule). See docs/importers.md.
///
/// Layers are the objects the debugger files under `com.apple.QuartzCore.CALayer`; a
/// layer's `childGroup` lists its sublayers. A view names its layer in its
/// `additionalGroups`; that view's class becomes the layer's `view`. A layer no layer lists
/// as a sublayer, whose view is a subview, hangs under the layer of the superview.
public struct XcodeViewHierarchyImporter: Sendable {
    let limits: XcodeImportLimits

    public init() { limits = .default }

    /// The scale a bundle that names none is read at: the v1 format's default.
    static let defaultScale = 3.0

    /// With other limits: tests reach them with small bundles.
    init(limits: XcodeImportLimits) { self.limits = limits }

    public func read(bundleAt path: String) -> DecodedDump {
        var warnings: [String] = []
        let files: ViewHierarchyBundleFiles
        do throws(DecodeError) {
            files = try ViewHierarchyBundleFiles(path: path, limits: limits)
        } catch {
            return DecodedDump(error: error)
        }
        warnings += files.warnings
        var index = DebuggerObjectIndex()
        for reply in files.replies { index.add(reply: reply.object, file: reply.name) }
        warnings += index.warnings

        let layers = index.order.filter { index.objects[$0]!.isLayer }
        guard !layers.isEmpty else {
            let read = files.replies.map(\.name)
            let which = read.isEmpty ? "none of \(files.replyNames.joined(separator: ", ")) could be read"
                : "\(read.joined(separator: ", ")) \(read.count == 1 ? "holds" : "hold") no layer objects (group \(DebuggerGroup.layers)), only \(index.order.count) other object\(index.order.count == 1 ? "" : "s")"
            return DecodedDump(warnings: diagnostics(warnings), error: DecodeError(
                message: "the bundle holds no layers: \(which)", location: .unknown))
        }
        var links = LayerLinks(index: index, layers: layers)
        warnings += links.warnings
        // Masks are not roots, so masks that name each other in a ring leave none: an
        // error, never an empty pass.
        guard !links.roots.isEmpty else {
            return DecodedDump(warnings: diagnostics(warnings), error: DecodeError(
                message: "the bundle holds no root layer: each of its \(layers.count) layer\(layers.count == 1 ? " is a mask" : "s is a mask or a sublayer") of another (a cycle), so nothing can be linted",
                location: .unknown))
        }
        let archives = PresentationArchives(index: index, layers: Set(layers), limits: limits)
        warnings += archives.warnings
        var mapper = XcodeLayerMapper()
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let scale = screenScale(index: index, metadata: files.metadata)
        if scale == nil {
            // Third-party dumpers may leave the scale out: a note, not a failure.
            warnings.append("note: neither the metadata nor a UIScreen object gives the screen scale; the layers are read at scale \(Int(Self.defaultScale)), the v1 default (pixel sizes of contents may be off)")
        }
        let refreshRate = screenMaximumFramesPerSecond(index: index)
        var trees: [LayerTree] = []
        for (k, root) in links.roots.enumerated() {
            let screen = links.roots.count == 1 ? name : "\(name)/\(links.viewClass[root] ?? index.objects[root]!.className ?? "CALayer")[\(k)]"
            var builder = LayerTreeBuilder(screen: screen, scale: scale ?? Self.defaultScale, refreshRate: refreshRate ?? 60)
            build(root: root, links: &links, index: index, archives: archives, mapper: &mapper, builder: &builder, warnings: &warnings)
            trees.append(builder.finish(location: .unknown))
        }
        warnings += propertyWarnings(mapper.notes)
        return DecodedDump(snapshots: trees, warnings: diagnostics(warnings))
    }

    private func build(root: String, links: inout LayerLinks, index: DebuggerObjectIndex, archives: PresentationArchives,
                       mapper: inout XcodeLayerMapper,
                       builder: inout LayerTreeBuilder, warnings: inout [String]) {
        enum Step { case open(String, LayerRole), placeholderMask(XcodeLayerMapper.MaskReference, owner: String), close }
        var steps: [Step] = [.open(root, .root)]
        while let step = steps.popLast() {
            switch step {
            case .close:
                builder.close()
            case .placeholderMask(let reference, _) where reference.archived != nil:
                // The debugger has no object for the mask, the archive has it.
                builder.open(XcodeLayerMapper.layer(archived: reference.archived!, builder: &builder), role: .mask)
                builder.close()
            case .placeholderMask(let reference, let owner):
                // The mask is named but its object is not in the bundle: a layer of unknown
                // shape over the owner's bounds, so the mask still counts.
                var mask = Layer()
                mask.classID = builder.intern(reference.className ?? "CALayer")
                if let current = builder.current {
                    let b = builder[current].bounds
                    mask.bounds = b
                    mask.position = Point(x: b.midX, y: b.midY)
                }
                mask.unknown = UnknownProperties.notInViewDescriptions.union(UnknownProperties.notInXcodeViewHierarchies)
                    .union([.geometry, .backgroundColor, .opacity, .hidden, .masksToBounds, .transform])
                builder.open(mask, role: .mask)
                builder.close()
                warnings.append("\(index.objects[owner]!.file): the mask of \(index.objects[owner]!.label) (\(reference.className ?? "a layer") \(reference.address ?? "at an unknown address")) is not in the bundle; it is read as a mask of unknown shape")
            case .open(let id, let role):
                guard links.visited.insert(id).inserted else {
                    warnings.append("\(index.objects[id]!.file): \(index.objects[id]!.label) is listed twice in the layer tree; read once")
                    continue
                }
                let object = index.objects[id]!
                var (layer, mask) = mapper.layer(from: object, presentation: archives.byLayer[id], archivedMask: archives.maskOf[id],
                                                 builder: &builder)
                if let view = links.viewClass[id] {
                    layer.viewClassID = builder.intern(ReadableClassName.of(view, keepingRawAs: "mangledViewClass", in: &layer.extras))
                }
                builder.open(layer, role: role)
                steps.append(.close)
                if let mask {
                    if let address = mask.address, index.objects[address] != nil, address != id {
                        steps.append(.open(address, .mask))
                    } else {
                        steps.append(.placeholderMask(mask, owner: id))
                    }
                }
                for child in (links.sublayers[id] ?? []).reversed() { steps.append(.open(child, .sublayer)) }
            }
        }
    }

    /// The screen scale: a `UIScreen` object's `scale`, else a numeric metadata entry whose
    /// key names a scale; nil when neither says (the tree then keeps the v1 default, 3).
    private func screenScale(index: DebuggerObjectIndex, metadata: [String: Any]?) -> Double? {
        for id in index.order {
            let o = index.objects[id]!
            guard o.className?.contains("Screen") ?? false, let v = DebuggerScalars.number(o.properties["scale"]?.value), v > 0 else { continue }
            return v
        }
        for key in (metadata ?? [:]).keys.sorted() where key.lowercased().contains("scale") {
            if let v = DebuggerScalars.number(metadata?[key]), v > 0 { return v }
        }
        return nil
    }

    /// The display's highest rate, when a `UIScreen` object of the replies carries its
    /// `maximumFramesPerSecond`: the snapshot's `refreshRate`, so a ProMotion screen is
    /// judged at 120 Hz. The Info.plist key is not in the bundle, so `info` stays unknown
    /// (a rate alone would make promotion-disabled read a missing key into it).
    private func screenMaximumFramesPerSecond(index: DebuggerObjectIndex) -> Double? {
        for id in index.order {
            let o = index.objects[id]!
            guard o.className?.contains("Screen") ?? false,
                  let v = DebuggerScalars.number(o.properties["maximumFramesPerSecond"]?.value), v > 0, v.isFinite else { continue }
            return v
        }
        return nil
    }

    /// One warning per reply and property: which properties are unknown on how many layers.
    private func propertyWarnings(_ notes: [XcodeLayerMapper.Note: (count: Int, first: String)]) -> [String] {
        notes.keys.sorted().map { note in
            let n = notes[note]!
            let layers = n.count == 1 ? "1 layer (\(n.first))" : "\(n.count) layers (the first: \(n.first))"
            return "\(note.file): `\(note.property)` is unknown on \(layers): \(note.problem.rawValue)"
        }
    }

    private func diagnostics(_ messages: [String]) -> [Diagnostic] {
        messages.map { Diagnostic(severity: .warning, message: $0, location: .unknown) }
    }
}

/// How the bundle's layers hang together: sublayers, masks, views and roots.
private struct LayerLinks {
    var sublayers: [String: [String]] = [:]
    var viewClass: [String: String] = [:]
    var roots: [String] = []
    var visited: Set<String> = []
    var warnings: [String] = []

    init(index: DebuggerObjectIndex, layers: [String]) {
        let isLayer = Set(layers)
        var parent: [String: String] = [:]
        for id in layers {
            for child in index.objects[id]!.children where isLayer.contains(child) && child != id {
                guard parent[child] == nil else { continue }
                parent[child] = id
                sublayers[id, default: []].append(child)
            }
        }
        // Views: the layer each names, and each view's superview.
        var layerOfView: [String: String] = [:]
        var superview: [String: String] = [:]
        var viewOrder: [String] = []
        for id in index.order where !isLayer.contains(id) {
            let view = index.objects[id]!
            for group in view.additional {
                for layer in group.ids where isLayer.contains(layer) && layerOfView[id] == nil {
                    layerOfView[id] = layer
                    if let c = view.className { viewClass[layer] = c }
                }
            }
            for child in view.children where !isLayer.contains(child) { superview[child] = superview[child] ?? id }
            viewOrder.append(id)
        }
        // A layer no layer lists, whose view is a subview: under the superview's layer, in
        // subview order.
        for view in viewOrder {
            guard let layer = layerOfView[view], parent[layer] == nil else { continue }
            var up = superview[view]
            var hops = 0
            while let v = up, layerOfView[v] == nil, hops < 10_000 { up = superview[v]; hops += 1 }
            guard let superlayer = up.flatMap({ layerOfView[$0] }), superlayer != layer else { continue }
            parent[layer] = superlayer
            sublayers[superlayer, default: []].append(layer)
        }
        // Masks are not roots: they hang under the layer that names them.
        var masks: Set<String> = []
        for id in layers {
            if case .object(let address?, _)? = DebuggerValues.object(index.objects[id]!.properties["mask"]?.value) { masks.insert(address) }
        }
        roots = layers.filter { parent[$0] == nil && !masks.contains($0) }
        // A cycle leaves no root for its layers; they are reported, not read.
        var reachable = Set(roots)
        var stack = roots
        while let id = stack.popLast() {
            for c in sublayers[id] ?? [] where reachable.insert(c).inserted { stack.append(c) }
        }
        let stranded = layers.filter { !reachable.contains($0) && !masks.contains($0) }
        if !stranded.isEmpty {
            warnings.append("\(index.objects[stranded[0]]!.file): \(stranded.count) layer\(stranded.count == 1 ? " hangs" : "s hang") in a cycle of sublayers and \(stranded.count == 1 ? "is" : "are") not read")
        }
    }
}
