import Foundation
import LayerGeometry

/// Test support: a property-list value, written as a binary list (with real UIDs, marker
/// 0x8, as NSKeyedArchiver's binary output holds them) or as XML (UIDs as
/// `{CF$UID: n}`, as Foundation writes them in XML).
indirect enum PlistValue {
    case dict([(String, PlistValue)])
    case array([PlistValue])
    case string(String)
    case int(Int)
    case real(Double)
    case bool(Bool)
    case uid(Int)
    case data(Data)

    // MARK: XML

    func xml() -> Data {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n"
        write(&out)
        out += "</plist>\n"
        return Data(out.utf8)
    }

    private func write(_ out: inout String) {
        func escaped(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        switch self {
        case .dict(let pairs):
            out += "<dict>\n"
            for (k, v) in pairs { out += "<key>\(escaped(k))</key>\n"; v.write(&out) }
            out += "</dict>\n"
        case .array(let items):
            out += "<array>\n"
            for v in items { v.write(&out) }
            out += "</array>\n"
        case .string(let s): out += "<string>\(escaped(s))</string>\n"
        case .int(let n): out += "<integer>\(n)</integer>\n"
        case .real(let d): out += "<real>\(d)</real>\n"
        case .bool(let b): out += b ? "<true/>\n" : "<false/>\n"
        case .uid(let n): out += "<dict>\n<key>CF$UID</key>\n<integer>\(n)</integer>\n</dict>\n"
        case .data(let d): out += "<data>\(d.base64EncodedString())</data>\n"
        }
    }

    // MARK: Binary (bplist00), objects in depth-first order, 4-byte offsets and references

    func binary() -> Data {
        var objects: [[UInt8]] = []
        _ = Self.flatten(self, into: &objects)
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        for o in objects { offsets.append(out.count); out += o }
        let table = out.count
        for o in offsets { out += Self.be(o, 4) }
        out += [0, 0, 0, 0, 0, 0, 4, 4] + Self.be(objects.count, 8) + Self.be(0, 8) + Self.be(table, 8)
        return Data(out)
    }

    static func be(_ v: Int, _ n: Int) -> [UInt8] { (0..<n).reversed().map { UInt8(truncatingIfNeeded: v >> ($0 * 8)) } }

    private static func count(_ marker: UInt8, _ n: Int) -> [UInt8] {
        n < 15 ? [marker | UInt8(n)] : [marker | 0x0F, 0x13] + be(n, 8)
    }

    /// Appends the value's object (and its children after it); returns its number.
    private static func flatten(_ v: PlistValue, into objects: inout [[UInt8]]) -> Int {
        let me = objects.count
        objects.append([])
        var bytes: [UInt8]
        switch v {
        case .dict(let pairs):
            let keys = pairs.map { flatten(.string($0.0), into: &objects) }
            let values = pairs.map { flatten($0.1, into: &objects) }
            bytes = count(0xD0, pairs.count) + (keys + values).flatMap { be($0, 4) }
        case .array(let items):
            let refs = items.map { flatten($0, into: &objects) }
            bytes = count(0xA0, items.count) + refs.flatMap { be($0, 4) }
        case .string(let s):
            if s.utf8.allSatisfy({ $0 < 0x80 }) {
                bytes = count(0x50, s.utf8.count) + Array(s.utf8)
            } else {
                let units = Array(s.utf16)
                bytes = count(0x60, units.count) + units.flatMap { be(Int($0), 2) }
            }
        case .int(let n): bytes = [0x13] + be(n, 8)
        case .real(let d): bytes = [0x23] + be(Int(truncatingIfNeeded: d.bitPattern), 8)
        case .bool(let b): bytes = [b ? 0x09 : 0x08]
        case .uid(let n): bytes = [0x83] + be(n, 4)
        case .data(let d): bytes = count(0x40, d.count) + [UInt8](d)
        }
        objects[me] = bytes
        return me
    }
}

/// Test support: an `NSKeyedArchiver` archive of a CALayer tree in the structure the
/// debugger's `encodedPresentationLayer` holds (docs/importers.md, with the source of each
/// key): the root object is the dictionary `{rootLayer, geometryFlipped}`; a layer is an
/// object of class `CALayer`/`CAShapeLayer` whose keys are its property names; geometry is
/// an `NSValue` (`NS.special` 1 point, 2 size, 3 rect, with `NS.pointval`/`NS.sizeval`/
/// `NS.rectval` text); a CGColor is Core Animation's coding proxy (`r`, `g`, `b`, `a`); a
/// CGPath is Core Animation's coding proxy (`LKCGPathSegments`: segments with
/// `LKCGPathType` and `LKCGPathPoint0_x`…).
struct LayerArchiveFixture {
    private(set) var objects: [PlistValue] = [.string("$null")]
    private var classes: [String: Int] = [:]

    /// A CALayer to archive: its class, its keys (already archived values) and children.
    struct Node {
        var className = "CALayer"
        var keys: [(String, PlistValue)] = []
        var sublayers: [Node] = []
        /// At most one: a list, because a struct cannot hold itself.
        var masks: [Node] = []
        init(className: String = "CALayer", keys: [(String, PlistValue)] = [], sublayers: [Node] = [], mask: Node? = nil) {
            self.className = className; self.keys = keys; self.sublayers = sublayers; masks = mask.map { [$0] } ?? []
        }
    }

    mutating func add(_ v: PlistValue) -> PlistValue {
        objects.append(v)
        return .uid(objects.count - 1)
    }

    mutating func classRef(_ name: String) -> PlistValue {
        if let n = classes[name] { return .uid(n) }
        let chain: [String] = switch name {
        case "CAShapeLayer": ["CAShapeLayer", "CALayer", "NSObject"]
        case "NSDictionary", "NSArray", "NSValue", "CALayer": [name, "NSObject"]
        default: [name, "NSObject"]
        }
        let ref = add(.dict([("$classes", .array(chain.map(PlistValue.string))), ("$classname", .string(name))]))
        if case .uid(let n) = ref { classes[name] = n }
        return ref
    }

    mutating func string(_ s: String) -> PlistValue { add(.string(s)) }

    mutating func nsValue(_ special: Int, _ text: String) -> PlistValue {
        let key = special == 1 ? "NS.pointval" : special == 2 ? "NS.sizeval" : "NS.rectval"
        let cls = classRef("NSValue")
        return add(.dict([("$class", cls), ("NS.special", .int(special)), (key, .string(text))]))
    }

    mutating func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> PlistValue {
        nsValue(3, "{{\(g(x)), \(g(y))}, {\(g(w)), \(g(h))}}")
    }

    mutating func point(_ x: Double, _ y: Double) -> PlistValue { nsValue(1, "{\(g(x)), \(g(y))}") }
    mutating func size(_ w: Double, _ h: Double) -> PlistValue { nsValue(2, "{\(g(w)), \(g(h))}") }
    private func g(_ d: Double) -> String { d == d.rounded() ? String(Int(d)) : String(d) }

    mutating func color(_ r: Double, _ gr: Double, _ b: Double, _ a: Double) -> PlistValue {
        let cls = classRef("LKCGColorCodingProxy")
        return add(.dict([("$class", cls), ("r", .real(r)), ("g", .real(gr)), ("b", .real(b)), ("a", .real(a))]))
    }

    mutating func path(_ path: Path) -> PlistValue {
        var segments: [PlistValue] = []
        for e in path.elements {
            var keys: [(String, PlistValue)] = [("$class", classRef("CACGPathCodingSegment"))]
            func points(_ ps: [Point]) { for (k, p) in ps.enumerated() { keys += [("LKCGPathPoint\(k)_x", .real(p.x)), ("LKCGPathPoint\(k)_y", .real(p.y))] } }
            switch e {
            case .moveTo(let p): keys.append(("LKCGPathType", .int(0))); points([p])
            case .lineTo(let p): keys.append(("LKCGPathType", .int(1))); points([p])
            case .quadCurveTo(let c, let p): keys.append(("LKCGPathType", .int(2))); points([c, p])
            case .curveTo(let c1, let c2, let p): keys.append(("LKCGPathType", .int(3))); points([c1, c2, p])
            case .closeSubpath: keys.append(("LKCGPathType", .int(4)))
            }
            segments.append(add(.dict(keys)))
        }
        let list = add(.dict([("$class", classRef("NSArray")), ("NS.objects", .array(segments))]))
        return add(.dict([("$class", classRef("CACGPathCodingProxy")), ("LKCGPathSegments", list)]))
    }

    /// A `UIBezierPath` as UIKit archives it: `UIBezierPathCGPathDataKey`, per element its
    /// type and point count (Int32, little-endian), then the points as Float32 pairs.
    mutating func bezierPath(_ path: Path) -> PlistValue {
        var bytes: [UInt8] = []
        func int32(_ v: Int) { bytes += (0..<4).map { UInt8(truncatingIfNeeded: v >> ($0 * 8)) } }
        func points(_ ps: [Point]) {
            for p in ps { for c in [p.x, p.y] { let b = Float(c).bitPattern; bytes += (0..<4).map { UInt8(truncatingIfNeeded: b >> ($0 * 8)) } } }
        }
        for e in path.elements {
            switch e {
            case .moveTo(let p): int32(0); int32(1); points([p])
            case .lineTo(let p): int32(1); int32(1); points([p])
            case .quadCurveTo(let c, let p): int32(2); int32(2); points([c, p])
            case .curveTo(let c1, let c2, let p): int32(3); int32(3); points([c1, c2, p])
            case .closeSubpath: int32(4); int32(0)
            }
        }
        let data = add(.data(Data(bytes)))
        return add(.dict([("$class", classRef("UIBezierPath")), ("UIBezierPathCGPathDataKey", data), ("UIBezierPathLineWidthKey", .real(1))]))
    }

    /// Archives `node` and everything under it; returns its reference.
    mutating func layer(_ node: Node) -> PlistValue {
        // The object's slot first, as the archiver numbers an object before its children.
        let ref = add(.string("placeholder"))
        guard case .uid(let slot) = ref else { return ref }
        var keys: [(String, PlistValue)] = [("$class", classRef(node.className))]
        keys += node.keys
        if !node.sublayers.isEmpty {
            let subs = node.sublayers.map { layer($0) }
            keys.append(("sublayers", add(.dict([("$class", classRef("NSArray")), ("NS.objects", .array(subs))]))))
        }
        if let mask = node.masks.first { keys.append(("mask", layer(mask))) }
        objects[slot] = .dict(keys)
        return ref
    }

    /// The whole archive: `$top.root` is the debugger's `{rootLayer, geometryFlipped}`.
    mutating func archive(root: Node, geometryFlipped: Bool = true) -> PlistValue {
        let dictSlot = add(.string("placeholder"))
        let rootKey = string("rootLayer"), flipKey = string("geometryFlipped")
        let rootLayer = layer(root)
        let flag = add(.bool(geometryFlipped))
        if case .uid(let n) = dictSlot {
            objects[n] = .dict([("$class", classRef("NSDictionary")), ("NS.keys", .array([rootKey, flipKey])),
                                ("NS.objects", .array([rootLayer, flag]))])
        }
        return .dict([("$archiver", .string("NSKeyedArchiver")), ("$version", .int(100_000)),
                      ("$objects", .array(objects)), ("$top", .dict([("root", dictSlot)]))])
    }

}

extension ViewHierarchyBundle {
    /// A reply as the debugger's "Fetch encoded layers" request returns it: the archive
    /// of `layerID` under `topLevelPropertyDescriptions`, format `public.data`, base64.
    static func encodedLayersReply(layerID: String, base64: String, fetchStatus: Int = 4) throws -> [UInt8] {
        try replyFile([
            "topLevelGroups": [String: Any](),
            "topLevelPropertyDescriptions": [
                "\(layerID).encodedPresentationLayer": [
                    "propertyName": "encodedPresentationLayer", "propertyFormat": "public.data",
                    "propertyLogicalType": "DebugHierarchyLogicalPropertyTypeCustom", "propertyValue": base64,
                    "fetchStatus": fetchStatus,
                ] as [String: Any],
            ],
        ])
    }
}
