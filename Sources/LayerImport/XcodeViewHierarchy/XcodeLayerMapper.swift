import LayerDecode
import Foundation
import LayerGeometry
import LayerModel

/// Turns one CALayer object of the view debugger into a `Layer`. A property the reply
/// lacks, could not fetch or sent in a form LayerLint cannot read is marked unknown on the
/// layer (never given CALayer's default) and noted for a warning.
struct XcodeLayerMapper {
    /// Why a property was not read.
    enum Problem: String, Comparable {
        case missing = "the reply does not carry it"
        case failed = "the debugger could not fetch it"
        case noValue = "the debugger fetched no value for it (fetchStatus 1)"
        case unchangedWithoutEarlier = "the reply says it is unchanged (fetchStatus 8), but no earlier reply holds its value"
        case unreadable = "its value is in a form LayerLint cannot read"
        static func < (a: Problem, b: Problem) -> Bool { a.rawValue < b.rawValue }
    }

    struct Note: Hashable, Comparable {
        var file: String
        var property: String
        var problem: Problem
        static func < (a: Note, b: Note) -> Bool { (a.file, a.property, a.problem) < (b.file, b.property, b.problem) }
    }

    /// How many layers each note covers, and the first of them.
    private(set) var notes: [Note: (count: Int, first: String)] = [:]

    /// The mask the layer names, when it has one: the object's address and class.
    /// `archived`: what the presentation-layer archive says about the mask, when the
    /// debugger has no object for it.
    struct MaskReference { var address: String?; var className: String?; var archived: PresentationLayer? }

    /// `presentation`: what the layer's `encodedPresentationLayer` archive says; `archivedMask`
    /// the archived mask the debugger has no object for.
    mutating func layer(from object: DebuggerObject, presentation: PresentationLayer? = nil, archivedMask: PresentationLayer? = nil,
                        builder: inout LayerTreeBuilder) -> (Layer, MaskReference?) {
        var reader = PropertyReader(object: object)
        var layer = Layer()
        var extras: [ExtraProperty] = []
        layer.classID = builder.intern(ReadableClassName.of(object.className ?? "CALayer", keepingRawAs: "mangledLayerClass", in: &extras))
        if let name = reader.string("name"), !name.isEmpty { layer.nameID = builder.intern(name) }
        var unknown = UnknownProperties.notInXcodeViewHierarchies
        if object.fetchFailed { unknown.insert(.sublayers) }

        // Geometry: bounds, position and anchor point belong together.
        let anchor = reader.read("anchorPoint", DebuggerValues.point)
        if let a = anchor { layer.anchorPoint = a }
        let bounds = reader.read("bounds", DebuggerValues.rect)
        let position = reader.read("position", DebuggerValues.point)
        if let b = bounds { layer.bounds = b }
        if let p = position { layer.position = p }
        if bounds == nil || position == nil || anchor == nil { unknown.insert(.geometry) }
        switch reader.read("transform", DebuggerValues.transform) {
        case let t?: if !t.isIdentity { layer.transform = t }
        case nil: unknown.insert(.transform)
        }
        if let t = reader.read("sublayerTransform", DebuggerValues.transform, required: false), !t.isIdentity {
            layer.sublayerTransform = t
        }

        if let v = reader.read("opacity", DebuggerScalars.number) { layer.opacity = v } else { unknown.insert(.opacity) }
        if let v = reader.read("hidden", DebuggerScalars.bool) { layer.isHidden = v } else { unknown.insert(.hidden) }
        if let v = reader.read("masksToBounds", DebuggerScalars.bool) { layer.masksToBounds = v } else { unknown.insert(.masksToBounds) }
        if let v = reader.read("cornerRadius", DebuggerScalars.number) { layer.cornerRadius = v } else { unknown.insert(.cornerRadius) }
        switch reader.read("backgroundColor", DebuggerValues.color) {
        case .color(let c)?: layer.backgroundColor = c
        case .none?: layer.backgroundColor = nil
        case nil: unknown.insert(.backgroundColor)
        }

        let borderWidth = reader.read("borderWidth", DebuggerScalars.number)
        let borderColor = reader.read("borderColor", DebuggerValues.color)
        if let w = borderWidth { layer.borderWidth = w }
        if let c = borderColor {
            if case .color(let rgba) = c { layer.borderColor = rgba } else { layer.borderColor = nil }
        }
        if borderWidth == nil || borderColor == nil { unknown.insert(.border) }

        var shadow = Shadow()
        let shadowOpacity = reader.read("shadowOpacity", DebuggerScalars.number)
        let shadowRadius = reader.read("shadowRadius", DebuggerScalars.number)
        let shadowOffset = reader.read("shadowOffset", DebuggerValues.size)
        let shadowColor = reader.read("shadowColor", DebuggerValues.color)
        if let v = shadowOpacity { shadow.opacity = v }
        if let v = shadowRadius { shadow.radius = v }
        if let v = shadowOffset { shadow.offset = v }
        if let c = shadowColor { if case .color(let rgba) = c { shadow.color = rgba } else { shadow.color = nil } }
        if shadowOpacity == nil || shadowRadius == nil || shadowOffset == nil || shadowColor == nil { unknown.insert(.shadow) }
        if shadow != Shadow() { layer.shadow = shadow }

        let rasterize = reader.read("shouldRasterize", DebuggerScalars.bool)
        let rasterScale = reader.read("rasterizationScale", DebuggerScalars.number)
        if let v = rasterize { layer.shouldRasterize = v }
        if let v = rasterScale, v > 0 { layer.rasterizationScale = v }
        if rasterize == nil || rasterScale == nil { unknown.insert(.rasterization) }

        switch reader.read("contentsDescription", Self.contents) {
        case .some(.some(var contents)):
            contents.scale = reader.read("contentsScale", DebuggerScalars.number, required: false)
            layer.contents = contents
        case .some(.none): layer.contents = nil
        case .none: unknown.insert(.contents)
        }
        if let g = reader.read("contentsGravity", { DebuggerScalars.string($0).flatMap(ContentsGravity.init(rawValue:)) }, required: false) {
            layer.contentsGravity = g
        }

        var mask: MaskReference?
        switch reader.read("mask", DebuggerValues.object) {
        case .object(let address, let className)?: mask = MaskReference(address: address, className: className, archived: archivedMask)
        case .none?: break
        case nil: unknown.insert(.mask)
        }
        if let p = presentation {
            Self.apply(p, to: &layer, unknown: &unknown, mask: &mask, archivedMask: archivedMask)
            for key in p.unreadable.sorted() {
                let note = Note(file: object.file, property: "\(PresentationArchives.property).\(key)", problem: .unreadable)
                notes[note, default: (0, object.label)].count += 1
            }
        }

        // Apple's own render info: what the inspector showed, beside LayerLint's estimate.
        if let n = reader.read("renderInfoRenderingPasses", DebuggerScalars.integer, required: false), n >= 0 {
            layer.observedOffscreenCount = n
        }
        if let list = reader.read("optimizationOpportunities", Self.opportunities, required: false), !list.isEmpty {
            layer.observedOptimizationOpportunities = list
        }
        extras.append(ExtraProperty(key: "objectID", json: JSONText.quoted(object.id)))
        for key in ["renderInfoOffscreenFlags", "renderInfoGroupFlags"] {
            if let n = reader.read(key, Self.flags, required: false) { extras.append(ExtraProperty(key: key, json: String(n))) }
        }
        layer.extras = extras
        layer.unknown = unknown

        for (property, problem) in reader.problems where Self.unknownProperty(property).map(unknown.contains) ?? true {
            let note = Note(file: object.file, property: property, problem: problem)
            notes[note, default: (0, object.label)].count += 1
        }
        return (layer, mask)
    }

    /// Fills from the presentation-layer archive what the replies left unknown, and what
    /// they never carry (`shadowPath`, `cornerCurve`, `maskedCorners`,
    /// `allowsGroupOpacity`, a shape layer's path). What the replies read stays: the
    /// archive is the presentation layer, the replies the model layer.
    static func apply(_ p: PresentationLayer, to layer: inout Layer, unknown: inout UnknownProperties,
                      mask: inout MaskReference?, archivedMask: PresentationLayer?) {
        let unreadable = p.unknown
        func fills(_ property: UnknownProperties) -> Bool { !unreadable.contains(property) }
        var shadow = layer.shadow
        if unknown.contains(.shadow), fills(.shadow) {
            let path = shadow.path
            shadow = p.shadow
            shadow.path = path
            unknown.remove(.shadow)
        }
        if fills(.shadowPath) { shadow.path = p.shadow.path; unknown.remove(.shadowPath) } else { unknown.insert(.shadowPath) }
        if shadow != layer.shadow { layer.shadow = shadow }
        if unknown.contains(.cornerRadius), fills(.cornerRadius) { layer.cornerRadius = p.cornerRadius; unknown.remove(.cornerRadius) }
        if fills(.cornerCurve) { layer.cornerCurve = p.cornerCurve; unknown.remove(.cornerCurve) } else { unknown.insert(.cornerCurve) }
        if fills(.maskedCorners) { layer.maskedCorners = p.maskedCorners; unknown.remove(.maskedCorners) } else { unknown.insert(.maskedCorners) }
        if unknown.contains(.masksToBounds), fills(.masksToBounds) { layer.masksToBounds = p.masksToBounds; unknown.remove(.masksToBounds) }
        if fills(.allowsGroupOpacity) {
            layer.allowsGroupOpacity = p.allowsGroupOpacity
            unknown.remove(.allowsGroupOpacity)
        } else {
            unknown.insert(.allowsGroupOpacity)
        }
        if unknown.contains(.rasterization), fills(.rasterization) {
            layer.shouldRasterize = p.shouldRasterize
            layer.rasterizationScale = p.rasterizationScale
            unknown.remove(.rasterization)
        }
        if let shape = p.shape {
            if fills(.contents) { layer.shape = shape } else { unknown.insert(.contents) }
        }
        // The mask: the replies name it, or the archive does when the replies could not.
        if unknown.contains(.mask), fills(.mask) {
            unknown.remove(.mask)
            if let archivedMask { mask = MaskReference(address: nil, className: archivedMask.className, archived: archivedMask) }
        }
    }

    /// The unknown property a reply property stands for: a problem with one the archive
    /// then filled is no longer worth a warning.
    static func unknownProperty(_ name: String) -> UnknownProperties? {
        switch name {
        case "shadowOpacity", "shadowRadius", "shadowOffset", "shadowColor": .shadow
        case "cornerRadius": .cornerRadius
        case "masksToBounds": .masksToBounds
        case "mask": .mask
        case "shouldRasterize", "rasterizationScale": .rasterization
        default: nil  // every other property keeps its warning
        }
    }

    /// A mask layer built from the archive alone (the debugger has no object for it).
    static func layer(archived p: PresentationLayer, builder: inout LayerTreeBuilder) -> Layer {
        var layer = Layer()
        layer.classID = builder.intern(p.className ?? "CALayer")
        layer.anchorPoint = p.anchorPoint
        layer.bounds = p.bounds
        layer.position = p.position
        layer.opacity = p.opacity
        layer.isHidden = p.isHidden
        layer.backgroundColor = p.backgroundColor
        if p.hasContents { layer.contents = LayerContents() }
        layer.transform = p.transform
        layer.borderWidth = p.borderWidth
        layer.borderColor = p.borderColor
        // An archived bitmap's size is not read: unknown.
        var unknown: UnknownProperties = []
        if p.hasContents { unknown.insert(.contents) }
        var ignored: MaskReference?
        unknown.formUnion([.shadow, .cornerRadius, .masksToBounds, .rasterization, .mask])
        apply(p, to: &layer, unknown: &unknown, mask: &ignored, archivedMask: nil)
        if p.mask != nil { unknown.insert(.mask) }  // a mask's own mask is not followed
        layer.unknown = unknown.union(p.unknown)
        return layer
    }

    /// Bit flags: a number (a hexadecimal-format value arrives here as one), or decimal text.
    static func flags(_ value: Any?) -> UInt64? {
        if value is NSNumber { return DebuggerScalars.hexadecimal(value) }
        return DebuggerScalars.integer(value).flatMap { $0 >= 0 ? UInt64($0) : nil }
    }

    /// `contentsDescription` is the description of `contents`: nil (no bitmap), or text that
    /// may give the image's pixel size (`width = 120, height = 80`). Outer nil: unreadable.
    static func contents(_ value: Any?) -> LayerContents?? {
        guard let value else { return .some(nil) }
        guard let text = DebuggerScalars.string(value) else { return nil }
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if ["", "nil", "(null)", "<null>", "null"].contains(t.lowercased()) { return .some(nil) }
        var contents = LayerContents()
        func pixels(_ key: String) -> Double? {
            guard let r = t.range(of: "\(key) = ") else { return nil }
            return Double(String(t[r.upperBound...].prefix { $0.isNumber }))
        }
        if let w = pixels("width"), let h = pixels("height") { contents.pixelWidth = w; contents.pixelHeight = h }
        return .some(contents)
    }

    /// `optimizationOpportunities` has the format `custom`: a list of texts, or of mappings
    /// whose texts are taken, or one text. Nil when none of that.
    static func opportunities(_ value: Any?) -> [String]? {
        func texts(_ v: Any) -> [String] {
            switch v {
            case let s as String: return s.isEmpty ? [] : [s]
            case let list as [Any]: return list.flatMap(texts)
            case let map as [String: Any]:
                for key in ["description", "title", "summary", "message", "text", "name"] {
                    if let s = map[key] as? String, !s.isEmpty { return [s] }
                }
                return map.keys.sorted().compactMap { map[$0] as? String }.filter { !$0.isEmpty }
            default: return []
            }
        }
        guard let value else { return [] }
        let out = texts(value)
        return out.isEmpty && !(value is [Any]) ? nil : out
    }
}

/// Reads an object's properties, remembering which could not be read and why.
private struct PropertyReader {
    let object: DebuggerObject
    var problems: [(String, XcodeLayerMapper.Problem)] = []

    init(object: DebuggerObject) { self.object = object }

    /// The value read by `parse`; nil when the property is missing, failed or unreadable.
    /// A property that is not `required` may be missing without a note.
    mutating func read<T>(_ name: String, _ parse: (Any?) -> T?, required: Bool = true) -> T? {
        guard let p = object.properties[name] else {
            if required { problems.append((name, .missing)) }
            return nil
        }
        if p.failure != nil { problems.append((name, .failed)); return nil }
        if p.status == .noValue { problems.append((name, .noValue)); return nil }
        if p.status == .unchanged, p.value == nil { problems.append((name, .unchangedWithoutEarlier)); return nil }
        // `ul`, `ull` and `uinteger` values are hexadecimal: read as their number.
        guard let value = DebuggerScalars.normalized(p.value, format: p.format), let v = parse(value) else {
            problems.append((name, .unreadable))
            return nil
        }
        return v
    }

    mutating func string(_ name: String) -> String? {
        read(name, { $0.flatMap(DebuggerScalars.string) ?? "" }, required: false)
    }
}
