import CZlib
import Foundation

/// Test support: writes a `.viewhierarchy` bundle in the published structure of Xcode's
/// export (gzip-compressed view debugger replies under `RequestResponses/`, a `metadata`
/// property list) from a small description of views and layers. Numbers are written as
/// the debugger writes them, hexadecimal floats (`%la`), unless a test says otherwise.
struct ViewHierarchyBundle {
    /// One debugger object: a view or a layer.
    struct Object {
        var id: String
        var className: String
        /// Properties in order: name, value (already in reply form), format.
        var properties: [(name: String, value: Any?, format: String)] = []
        var children: [Object] = []
        /// For a view: the layer it is backed by, listed by reference in its
        /// `additionalGroups` (the layer itself sits in the layer tree).
        var layerID: String?
        /// Extra keys written into the object (unknown-key tests).
        var extraKeys: [String: Any] = [:]
        /// Extra keys written into a property's dictionary, by property name (fetch errors).
        var propertyKeys: [String: [String: Any]] = [:]
    }

    var name = "Screen"
    var views: [Object] = []
    var layers: [Object] = []
    var metadata: [String: Any] = ["DBGViewDebuggerVersion": "2", "screenScale": 3]

    /// Writes the bundle under `folder`; returns its path. The hierarchy goes to
    /// `Response_1`; `extraReplies` are written as further replies, as they are given.
    @discardableResult
    func write(in folder: String, extraReplies: [[UInt8]] = []) throws -> String {
        let path = (folder as NSString).appendingPathComponent("\(name).viewhierarchy")
        let replies = (path as NSString).appendingPathComponent("RequestResponses")
        try FileManager.default.createDirectory(atPath: replies, withIntermediateDirectories: true)
        let json = try JSONSerialization.data(withJSONObject: reply(), options: [.sortedKeys])
        try Data(Self.gzip([UInt8](json))).write(to: URL(fileURLWithPath: (replies as NSString).appendingPathComponent("Response_1")))
        for (k, bytes) in extraReplies.enumerated() {
            try Data(bytes).write(to: URL(fileURLWithPath: (replies as NSString).appendingPathComponent("Response_\(k + 2)")))
        }
        let plist = try PropertyListSerialization.data(fromPropertyList: metadata, format: .xml, options: 0)
        try plist.write(to: URL(fileURLWithPath: (path as NSString).appendingPathComponent("metadata")))
        return path
    }

    /// A reply file: the JSON of `object`, gzip-compressed.
    static func replyFile(_ object: Any) throws -> [UInt8] {
        gzip([UInt8](try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])))
    }

    /// The reply object, as the debugger's request response is laid out.
    func reply() -> [String: Any] {
        [
            "version": 2.0,
            "request": ["discoveryType": 1],
            "metaData": [String: Any](),
            "classInformation": [String: Any](),
            "topLevelGroups": [
                "com.apple.UIKit.UIView": group("com.apple.UIKit.UIView", views),
                "com.apple.QuartzCore.CALayer": group("com.apple.QuartzCore.CALayer", layers),
            ],
            "topLevelPropertyDescriptions": [String: Any](),
        ]
    }

    private func group(_ id: String, _ members: [Object]) -> [String: Any] {
        ["groupingID": id, "debugHierarchyObjects": members.map { object($0, group: id) }]
    }

    private func object(_ o: Object, group: String) -> [String: Any] {
        var out: [String: Any] = ["objectID": o.id, "className": o.className, "fetchStatus": 4, "visibility": 1]
        out["properties"] = o.properties.map { p -> [String: Any] in
            var d: [String: Any] = ["propertyName": p.name, "propertyFormat": p.format]
            if let v = p.value { d["propertyValue"] = v }
            for (k, v) in o.propertyKeys[p.name] ?? [:] { d[k] = v }
            return d
        }
        if !o.children.isEmpty { out["childGroup"] = self.group(group, o.children) }
        if let layer = o.layerID {
            out["additionalGroups"] = [[
                "groupingID": "com.apple.QuartzCore.CALayer",
                "debugHierarchyObjects": [[
                    "objectID": layer, "propertyVisibility": 1,
                    "propertyLogicalType": "DebugHierarchyLogicalPropertyTypePointer",
                ]],
            ]]
        }
        for (k, v) in o.extraKeys { out[k] = v }
        return out
    }

    // MARK: Values as the debugger writes them

    /// `%la`: the hexadecimal float the debugger sends numbers as (`0x1.8p+3` for 12).
    static func hex(_ d: Double) -> String { String(format: "%la", d) }
    static func number(_ d: Double) -> (Any?, String) { (hex(d), "CGf") }
    static func bool(_ b: Bool) -> (Any?, String) { (b ? "1" : "0", "b") }
    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> (Any?, String) {
        ([x, y, w, h].map(hex), "CGf, CGf, CGf, CGf")
    }
    static func pair(_ a: Double, _ b: Double) -> (Any?, String) { ([a, b].map(hex), "CGf, CGf") }
    static func matrix(_ m: [Double]) -> (Any?, String) {
        (m.map(hex), Array(repeating: "CGf", count: 16).joined(separator: ", "))
    }
    static let identity: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    static func color(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> (Any?, String) {
        (["componentValues": [r, g, b, a].map(hex), "colorSpaceName": "kCGColorSpaceExtendedSRGB"], "color")
    }
    static var noColor: (Any?, String) { (nil, "color") }
    static func objectInfo(_ className: String, _ address: String) -> (Any?, String) {
        (["className": className, "memoryAddress": address], "objectInfo")
    }

    /// A layer with every property the debugger sends for a CALayer, at CALayer's
    /// defaults unless `overrides` says otherwise.
    static func layer(_ id: String, _ className: String = "CALayer", frame: (Double, Double, Double, Double),
                      _ overrides: [String: (Any?, String)] = [:], children: [Object] = []) -> Object {
        let (x, y, w, h) = frame
        var props: [(String, (Any?, String))] = [
            ("anchorPoint", pair(0.5, 0.5)), ("bounds", rect(0, 0, w, h)), ("position", pair(x + w / 2, y + h / 2)),
            ("transform", matrix(identity)), ("sublayerTransform", matrix(identity)),
            ("opacity", number(1)), ("hidden", bool(false)), ("masksToBounds", bool(false)),
            ("cornerRadius", number(0)), ("backgroundColor", noColor), ("borderWidth", number(0)),
            ("borderColor", color(0, 0, 0, 1)), ("shadowOpacity", number(0)), ("shadowRadius", number(3)),
            ("shadowOffset", pair(0, -3)), ("shadowColor", color(0, 0, 0, 1)), ("shouldRasterize", bool(false)),
            ("rasterizationScale", number(1)), ("contentsScale", number(3)), ("contentsGravity", ("resize", "public.plain-text")),
            ("contentsDescription", (nil, "public.plain-text")), ("mask", (nil, "objectInfo")),
            ("renderInfoRenderingPasses", ("0", "i")), ("renderInfoOffscreenFlags", ("0", "ul")),
            ("optimizationOpportunities", ([String](), "custom")),
        ]
        for (name, value) in overrides.sorted(by: { $0.key < $1.key }) {
            if let k = props.firstIndex(where: { $0.0 == name }) { props[k].1 = value } else { props.append((name, value)) }
        }
        return Object(id: id, className: className, properties: props.map { ($0.0, $0.1.0, $0.1.1) }, children: children)
    }

    static func view(_ id: String, _ className: String, layer: String, children: [Object] = []) -> Object {
        Object(id: id, className: className, properties: [("frame", rect(0, 0, 1, 1).0, "CGf, CGf, CGf, CGf")],
               children: children, layerID: layer)
    }

    // MARK: gzip

    /// zlib's deflate with a gzip header and trailer (windowBits 15 + 16).
    static func gzip(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        precondition(czlib_deflate_init_gzip(&stream, Z_DEFAULT_COMPRESSION) == Z_OK)
        defer { deflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 32)
        let written: Int = input.withUnsafeMutableBufferPointer { inBuf in
            output.withUnsafeMutableBufferPointer { outBuf in
                stream.next_in = inBuf.baseAddress
                stream.avail_in = UInt32(inBuf.count)
                stream.next_out = outBuf.baseAddress
                stream.avail_out = UInt32(outBuf.count)
                precondition(deflate(&stream, Z_FINISH) == Z_STREAM_END)
                return outBuf.count - Int(stream.avail_out)
            }
        }
        return Array(output.prefix(written))
    }

    /// A fresh folder for one test's bundles.
    static func temporaryFolder() throws -> String {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("layerlint-xcode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

extension ViewHierarchyBundle {
    /// The screen the tests read: a cell whose card casts a shadow without a path, with an
    /// avatar masked by a shape layer and a rounded clip on its thumbnail; Xcode's render
    /// info on the card and the avatar.
    static func feedCell() -> ViewHierarchyBundle {
        var bundle = ViewHierarchyBundle()
        bundle.name = "FeedCell"
        let avatarMask = layer("0x6000000a0", "CAShapeLayer", frame: (0, 0, 40, 40))
        let avatar = layer("0x600000090", frame: (12, 12, 40, 40), [
            "mask": objectInfo("CAShapeLayer", "0x6000000A0"),
            "contentsDescription": ("<CGImage 0x7f> (IP) <<CGColorSpace 0x1>> width = 120, height = 120, bpc = 8", "public.plain-text"),
            "renderInfoRenderingPasses": ("1", "i"),
        ])
        let thumbnail = layer("0x600000080", frame: (200, 12, 64, 64), [
            "cornerRadius": number(8), "masksToBounds": bool(true),
            "contentsDescription": ("<CGImage 0x80> width = 192, height = 192", "public.plain-text"),
            "contentsGravity": ("resizeAspectFill", "public.plain-text"),
        ])
        let card = layer("0x600000070", frame: (16, 8, 358, 120), [
            "cornerRadius": number(12), "backgroundColor": color(1, 1, 1, 1),
            "shadowOpacity": number(0.25), "shadowRadius": number(10), "shadowOffset": pair(0, 4),
            "renderInfoRenderingPasses": ("2", "i"), "renderInfoOffscreenFlags": ("5", "ul"),
            "optimizationOpportunities": (["Set shadowPath to avoid an offscreen pass"], "custom"),
        ], children: [avatar, thumbnail])
        let content = layer("0x600000060", frame: (0, 0, 390, 136), children: [card])
        let root = layer("0x600000050", frame: (0, 0, 390, 136), ["name": ("cell", "public.plain-text")], children: [content])
        bundle.layers = [root]
        bundle.views = [
            view("0x7f0000050", "FeedCell", layer: "0x600000050", children: [
                view("0x7f0000060", "UITableViewCellContentView", layer: "0x600000060", children: [
                    view("0x7f0000070", "CardView", layer: "0x600000070", children: [
                        view("0x7f0000090", "UIImageView", layer: "0x600000090"),
                        view("0x7f0000080", "UIImageView", layer: "0x600000080"),
                    ]),
                ]),
            ]),
        ]
        // The mask layer is no sublayer: the debugger lists it apart, as a root of the
        // layer group.
        bundle.layers.append(avatarMask)
        return bundle
    }
}
