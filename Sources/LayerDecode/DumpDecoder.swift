import LayerGeometry
import LayerModel

/// Builds `LayerTree`s straight from tree events: no intermediate document, no `Any`,
/// and an explicit stack instead of recursion, so depth costs memory, not stack.
struct DumpDecoder<Source: TreeEventSource> {
    var source: Source
    let limits: DecodeLimits
    /// Layers of the file's earlier snapshots: `limits.layers` counts the whole file.
    var layersBefore = 0
    var warnings: [Diagnostic] = []
    let pathParser = SVGPathParser()
    /// The current snapshot's strings.
    var interner = StringInterner()
    /// Paths already read in this snapshot, by text: a list repeats the same mask and
    /// shadow paths in every cell, and each is then parsed and stored once.
    var pathTexts = StringInterner()
    var pathsByText: [LayerPath?] = []
    /// Whether a layer of the current snapshot wrote `animations` (the snapshot then knows them).
    var sawAnimations = false
    /// Reused by every list of numbers, so reading a frame allocates nothing.
    var numbers = NumberList()
    /// Unknown layer keys already found to be no typo of a known one: a gradient's
    /// `colors` in every cell is looked up once, not compared with every key each time.
    var layerKeysWithoutSuggestion: Set<String> = []
    /// Parts of the file other threads are reading, taken over on arriving at them; nil
    /// when the file is read by this decoder alone.
    var fragments: ListFragments?

    /// Layers to make room for at once: the array then never moves while it grows, and
    /// its memory can be backed by huge pages from the start.
    let expectedLayers: Int

    init(source: Source, limits: DecodeLimits = DecodeLimits(), expectedLayers: Int = 64) {
        self.source = source
        self.limits = limits
        self.expectedLayers = max(expectedLayers, 64)
    }

    /// An open layer mapping, or an open `sublayers` list of layer `index`. A struct
    /// changed in place: the decoder touches it on every key.
    struct Frame {
        var index: Int
        var isSublayerList: Bool
        var seenKeys: UInt64 = 0
        /// `frame` is kept aside and resolved when the mapping ends, so the result does not
        /// depend on the order of `frame`, `bounds`, `position` and `anchorPoint`.
        var frame: Rect?
        /// Unknown keys, gathered here and stored once when the mapping ends: appending to
        /// a layer's shared box one at a time copied all the earlier ones each time, so a
        /// layer of a million unknown keys never finished reading.
        var extras: [ExtraProperty] = []
    }

    // MARK: Documents

    mutating func decodeStream() throws(DecodeError) -> [LayerTree] {
        var trees: [LayerTree] = []
        while true {
            switch try next() {
            case .streamEnd: return trees
            case .documentStart: trees.append(try decodeDocument())
            default: throw DecodeError("expected a document", at: source.position)
            }
        }
    }

    mutating func decodeDocument() throws(DecodeError) -> LayerTree {
        var tree = LayerTree()
        interner = StringInterner()
        pathTexts = StringInterner()
        pathsByText = []
        let start = source.position
        tree.location = SourceLocation(line: start.line, column: start.column)
        let event = try next()
        guard event == .mappingStart else {
            if event == .documentEnd { throw DecodeError("the document is empty; a dump is a mapping with a `root` layer", at: start) }
            throw DecodeError("a dump must be a mapping with a `root` layer, found \(describeShape(event))", at: source.position)
        }
        var seen = Set<String>()
        var sawRoot = false
        sawAnimations = false
        var unknownEverywhere: UnknownProperties = []
        while true {
            let e = try next()
            if e == .mappingEnd { break }
            let keyPosition = source.position
            let key = try readKey(e, table: HeaderKey.table)
            let keyText = key?.rawValue ?? String(decoding: source.scalarBytes, as: UTF8.self)
            guard seen.insert(keyText).inserted else {
                throw DecodeError("duplicate key '\(ErrorExcerpt.of(keyText))'", at: keyPosition)
            }
            switch key {
            case .layerlint:
                let v = try readNumber("layerlint")
                guard v == 1 else {
                    throw DecodeError("unsupported format version \(format(v)); this LayerLint reads version 1", at: valuePosition)
                }
                tree.formatVersion = 1
            case .scale: tree.scale = try readPositive("scale")
            case .refreshRate: tree.refreshRate = try readPositive("refreshRate")
            case .screen: tree.screen = try readOptionalString("screen")
            case .schema: _ = try readOptionalString("$schema")
            case .unknown: unknownEverywhere = try readUnknown("unknown")
            case .displayLinks:
                tree.displayLinks = try readDisplayLinks("displayLinks")
                tree.frameRateUnknown.remove(.displayLinks)
            case .info:
                tree.frameRateInfo = try readFrameRateInfo("info")
                tree.frameRateUnknown.remove(.info)
            case .root:
                guard try next() == .mappingStart else {
                    throw DecodeError("`root` must be a layer (a mapping)", at: source.position)
                }
                try decodeLayerTree(into: &tree)
                layersBefore += tree.layers.count
                sawRoot = true
            case nil:
                warnUnknown(keyText, table: HeaderKey.table, at: keyPosition, scope: "dump header")
                _ = try captureValue(depth: 2)
            }
        }
        guard sawRoot else { throw DecodeError("the dump has no `root` layer", at: start) }
        // A snapshot knows its animations when any layer writes the key (`animations: []`
        // on the root says nothing animates). What the header's `unknown` says about the
        // frame-rate keys is the snapshot's, not each layer's.
        if sawAnimations { tree.frameRateUnknown.remove(.animations) }
        tree.frameRateUnknown.formUnion(unknownEverywhere.intersection(.frameRate))
        unknownEverywhere.subtract(.frameRate)
        // What the whole snapshot does not know holds for every layer, whichever key came first.
        if !unknownEverywhere.isEmpty {
            for i in tree.layers.indices { tree.layers[i].unknown.formUnion(unknownEverywhere) }
        }
        guard try next() == .documentEnd else { throw DecodeError("expected the end of the document", at: source.position) }
        return tree
    }

    // MARK: Layers

    /// Decodes the root layer whose mapping has just started, and everything below it.
    ///
    /// Keys are read straight into the layer's element of the array: a `Layer` holds a
    /// shared box, so keeping the open layer in a local and storing it back would copy it
    /// (and retain and release its box) several times per layer.
    mutating func decodeLayerTree(into tree: inout LayerTree) throws(DecodeError) {
        var layers: [Layer] = []
        // Room reserved but not touched costs address space, not memory. Only the first
        // snapshot gets it: a stream of many small ones would keep it for each.
        layers.reserveCapacity(layersBefore == 0 ? max(min(expectedLayers, limits.layers), 64) : 64)
        HugePages.adviseCapacity(of: &layers)
        var stack: [Frame] = []
        // Checked once per layer, by `openLayer`: what is left of the file's layer limit.
        let layerBudget = limits.layerCeiling - layersBefore
        try openLayer(&layers, &stack, parent: -1, role: .root, budget: layerBudget)
        _ = try decodeLayers(&layers, &stack, budget: layerBudget, stopAt: nil)
        tree.layers = layers
        tree.strings = interner.strings
    }

    /// Reads layers until `stack` is empty, or, when `stopAt` is set, until an element of
    /// the list at the bottom of `stack` opens at that byte offset (then it returns true,
    /// with that element's `{` read): a part of a file read beside the rest (`ListFragments`)
    /// stops where the next part begins.
    mutating func decodeLayers(_ layers: inout [Layer], _ stack: inout [Frame], budget layerBudget: Int,
                               stopAt: Int?) throws(DecodeError) -> Bool {
        while !stack.isEmpty {
            let top = stack.count - 1
            let index = stack[top].index
            if stack[top].isSublayerList {
                let e = try next()
                if e == .sequenceEnd {
                    stack.removeLast()
                    continue
                }
                guard e == .mappingStart else {
                    throw DecodeError("each item of `sublayers` must be a layer (a mapping), found \(describe(e))", at: source.position)
                }
                if let fragments, adoptFragment(from: fragments, &layers, listDepth: stack.count + 1, owner: index,
                                                budget: layerBudget) {
                    continue
                }
                if stack.count == 1, let stopAt, source.handoverOffset == stopAt { return true }
                try openLayer(&layers, &stack, parent: index, role: .sublayer, budget: layerBudget)
                continue
            }
            let e = try next()
            if e == .mappingEnd {
                if let frame = stack[top].frame { Self.apply(frame: frame, to: &layers[index], seenKeys: stack[top].seenKeys) }
                if !stack[top].extras.isEmpty { layers[index].extras = stack[top].extras }
                layers[index].subtreeEnd = Int32(layers.count)
                stack.removeLast()
                continue
            }
            guard let key = try readKey(e, table: LayerKey.table) else {
                let keyPosition = source.position
                let keyText = String(decoding: source.scalarBytes, as: UTF8.self)
                warnUnknown(keyText, table: LayerKey.table, at: keyPosition, scope: "layer")
                let json = try captureValue(depth: stack.count + 2)
                stack[top].extras.append(ExtraProperty(key: keyText, json: json))
                continue
            }
            guard stack[top].seenKeys & key.bit == 0 else {
                throw DecodeError("duplicate key '\(key.rawValue)' in this layer", at: source.position)
            }
            stack[top].seenKeys |= key.bit
            switch key {
            case .frame: stack[top].frame = try readRect("frame")
            case .mask:
                switch try next() {
                case .mappingStart:
                    if layers[index].role == .mask { warnMaskOfMask() }
                    layers[index].mask = Int32(layers.count)
                    try openLayer(&layers, &stack, parent: index, role: .mask, budget: layerBudget)
                case .scalar(.plain) where isNullScalar(): break
                case let other:
                    throw DecodeError("`mask` must be a layer (a mapping) or null, found \(describe(other))", at: source.position)
                }
            case .sublayers:
                switch try next() {
                case .sequenceStart:
                    // The list sits one level below its layer, whose mapping is at `stack.count + 1`.
                    if stack.count + 2 > limits.nestingDepth { throw nestingLimitError() }
                    stack.append(Frame(index: index, isSublayerList: true))
                case .scalar(.plain) where isNullScalar(): break
                case let other:
                    throw DecodeError("`sublayers` must be a list of layers, found \(describe(other))", at: source.position)
                }
            default:
                try decodeProperty(key, into: &layers[index])
            }
        }
        return false
    }

    /// Appends a new layer and its frame. `budget` is how many layers this snapshot may
    /// hold; the layer's mapping is nested at `stack.count + 2` (the document's mapping is
    /// level 1).
    @inline(__always)
    func openLayer(_ layers: inout [Layer], _ stack: inout [Frame], parent: Int, role: LayerRole,
                   budget: Int) throws(DecodeError) {
        if layers.count >= budget { throw layerLimitError() }
        if stack.count + 2 > limits.nestingDepth { throw nestingLimitError() }
        var layer = Layer()
        layer.parent = Int32(parent)
        layer.role = role
        let p = source.position
        layer.location = SourceLocation(line: p.line, column: p.column)
        layers.append(layer)
        stack.append(Frame(index: layers.count - 1, isSublayerList: false))
    }

    /// `frame` sets the bounds size and the position as a layout pass does before any
    /// transform; an explicit `bounds` or `position` wins for what it sets.
    static func apply(frame: Rect, to layer: inout Layer, seenKeys: UInt64) {
        if seenKeys & LayerKey.bounds.bit == 0 { layer.bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height) }
        if seenKeys & LayerKey.position.bit == 0 {
            layer.position = Point(x: frame.minX + layer.anchorPoint.x * frame.width,
                                   y: frame.minY + layer.anchorPoint.y * frame.height)
        }
    }

    mutating func decodeProperty(_ key: LayerKey, into layer: inout Layer) throws(DecodeError) {
        let name = key.rawValue
        switch key {
        case .className:
            guard let id = try readInterned(name) else { throw DecodeError("`\(name)` must be text, found null", at: valuePosition) }
            layer.classID = id
        case .name: layer.nameID = try readInterned(name)
        case .view: layer.viewClassID = try readInterned(name)
        case .bounds: layer.bounds = try readRect(name)
        case .position: layer.position = try readPoint(name)
        case .anchorPoint: layer.anchorPoint = try readPoint(name)
        case .transform: layer.transform = try readTransform(name)
        case .sublayerTransform: layer.sublayerTransform = try readTransform(name)
        case .zPosition: _ = try readNumber(name)
        case .opacity: layer.opacity = try readUnit(name)
        case .hidden: layer.isHidden = try readBool(name)
        case .allowsGroupOpacity: layer.allowsGroupOpacity = try readBool(name)
        case .backgroundColor: layer.backgroundColor = try readColor(name)
        case .borderWidth: layer.borderWidth = try readNonNegative(name)
        case .borderColor: layer.borderColor = try readColor(name)
        case .cornerRadius: layer.cornerRadius = try readNonNegative(name)
        case .cornerCurve: layer.cornerCurve = try readEnum(name, ValueKeys.cornerCurves)
        case .maskedCorners: layer.maskedCorners = try readCorners(name)
        case .masksToBounds: layer.masksToBounds = try readBool(name)
        case .contents: layer.contents = try readContents(name)
        case .contentsGravity: layer.contentsGravity = try readEnum(name, ValueKeys.gravities)
        case .shadowOpacity: layer.shadow.opacity = try readUnit(name)
        case .shadowRadius: layer.shadow.radius = try readNonNegative(name)
        case .shadowOffset:
            let p = try readPoint(name, labels: "[width, height]")
            layer.shadow.offset = Size(width: p.x, height: p.y)
        case .shadowColor: layer.shadow.color = try readColor(name)
        case .shadowPath: layer.shadow.path = try readPath(name)
        case .path, .fillColor, .strokeColor, .lineWidth:
            // The first shape key creates the style with CAShapeLayer's defaults.
            if layer.shape == nil { layer.shape = ShapeStyle() }
            switch key {
            case .path: layer.shape!.path = try readPath(name)
            case .fillColor: layer.shape!.fillColor = try readColor(name)
            case .strokeColor: layer.shape!.strokeColor = try readColor(name)
            default: layer.shape!.lineWidth = try readNonNegative(name)
            }
        case .shouldRasterize: layer.shouldRasterize = try readBool(name)
        case .rasterizationScale: layer.rasterizationScale = try readPositive(name)
        case .offscreenCount:
            let v = try readNonNegative(name)
            guard v == v.rounded(), v < 1e9 else { throw DecodeError("`offscreenCount` must be a whole number", at: valuePosition) }
            layer.observedOffscreenCount = Int(v)
        case .unknown: layer.unknown.formUnion(try readUnknown(name))
        case .animations:
            layer.animations = try readAnimations(name)
            sawAnimations = true
        case .mask, .sublayers, .frame: break
        }
    }

    /// Core Animation does not support a mask that has a mask (docs/dump-format.md): the
    /// dump is still read, but what it says there would mislead if it passed in silence.
    mutating func warnMaskOfMask() {
        let p = source.position
        warnings.append(Diagnostic(
            severity: .warning,
            message: "this mask has a mask of its own, which Core Animation does not support; LayerLint reads it but counts no passes and reports no findings for it",
            location: SourceLocation(line: p.line, column: p.column)))
    }

    // MARK: Limits

    /// At the collection that opens one level too deep.
    func nestingLimitError() -> DecodeError {
        DecodeError("nesting deeper than \(limits.nestingDepth) levels of mappings and lists; "
                    + DecodeLimits.advice(.nestingDepth, limits.nestingDepth), at: source.position)
    }

    /// At the layer one past the limit.
    func layerLimitError() -> DecodeError {
        let limit = limits.layerCeiling
        return DecodeError("more than \(limit) layers in this file; " + DecodeLimits.advice(.layers, limit),
                    at: source.position)
    }

    // MARK: Events and keys
    //
    // The small helpers that read without changing anything are inlined: called out of
    // line from the mutating readers, each call would first copy the whole decoder.

    /// Where the value being read starts: the current event, unless a list or mapping
    /// value saved its start. Computed only for errors, so reading a value costs nothing.
    var valuePosition: SourcePosition { savedPosition ?? source.position }
    var savedPosition: SourcePosition?

    @inline(__always)
    mutating func next() throws(DecodeError) -> TreeEventKind {
        let e: TreeEventKind
        do {
            e = try source.next()
        } catch {
            throw DecodeError(error.message, at: error.position)
        }
        if e == .alias { throw aliasError() }
        return e
    }

    @inline(never)
    func aliasError() -> DecodeError {
        DecodeError("YAML aliases (*name) are not supported in dumps: a layer appears once in a tree, and aliases can expand without bound", at: source.position)
    }

    /// The key the current scalar names, or nil for a key the format does not define.
    @inline(__always)
    func readKey<Key>(_ e: TreeEventKind, table: KeyTable<Key>) throws(DecodeError) -> Key? {
        guard case .scalar = e else {
            throw DecodeError("expected a key, found \(describe(e))", at: source.position)
        }
        return table.lookup(source.scalarBytes)
    }

    mutating func warnUnknown<Key>(_ key: String, table: KeyTable<Key>, at p: SourcePosition, scope: String) {
        let isLayerKey = Key.self == LayerKey.self
        guard !isLayerKey || !layerKeysWithoutSuggestion.contains(key) else { return }
        guard let known = table.suggestion(for: key) else {
            // Bounded: a file of made-up keys costs the comparisons, not the memory.
            if isLayerKey, layerKeysWithoutSuggestion.count < 64 { layerKeysWithoutSuggestion.insert(key) }
            return
        }
        warnings.append(Diagnostic(
            severity: .warning,
            message: "unknown \(scope) key '\(ErrorExcerpt.of(key))'; did you mean '\(known)'? (kept as an extra property)",
            location: SourceLocation(line: p.line, column: p.column)))
    }

    @inline(__always)
    func isNullScalar() -> Bool { ScalarParsing.isNull(source.scalarBytes) }

    /// What a document that is not a mapping holds, without its text: such a file is not
    /// a dump at all (a private key or notes named `.yml` read as one long plain scalar),
    /// so the error says what it is, never what it says.
    func describeShape(_ e: TreeEventKind) -> String {
        guard case .scalar = e else { return describe(e) }
        return isNullScalar() ? "null" : "a single value (text or a number)"
    }

    func describe(_ e: TreeEventKind) -> String {
        switch e {
        case .mappingStart: return "a mapping"
        case .sequenceStart: return "a list"
        case .scalar:
            return isNullScalar() ? "null" : "'\(ErrorExcerpt.of(source.scalarBytes))'"
        case .mappingEnd, .sequenceEnd: return "the end of a collection"
        case .documentStart, .documentEnd: return "a document boundary"
        case .alias: return "an alias"
        case .streamEnd: return "the end of the file"
        }
    }
}
