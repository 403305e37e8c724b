import Foundation
@testable import LayerDecode
@testable import LayerImport
import LayerModel
import Testing

/// What Apple's debugger writes that the first importer misread: hexadecimal `ul`, `ull`
/// and `uinteger` values, `fetchStatus` (0 failed, 1 no value, 4 retrieved, 8 unchanged),
/// and bundles whose metadata gives no scale.
@Suite("Xcode view hierarchy: hexadecimal formats, fetchStatus, missing scale")
struct XcodeDebuggerFormatTests {
    let folder: String
    init() throws { folder = try ViewHierarchyBundle.temporaryFolder() }

    func read(_ b: ViewHierarchyBundle, extraReplies: [[UInt8]] = []) throws -> DecodedDump {
        DumpReader().read(contentsOf: try b.write(in: folder, extraReplies: extraReplies), syntax: .xcodeViewHierarchy)
    }

    static func small(_ overrides: [String: (Any?, String)] = [:]) -> ViewHierarchyBundle {
        var b = ViewHierarchyBundle()
        b.layers = [ViewHierarchyBundle.layer("0x1", frame: (0, 0, 100, 100), children: [
            ViewHierarchyBundle.layer("0x2", frame: (10, 10, 20, 20), overrides),
        ])]
        return b
    }

    func extra(_ layer: Layer, _ key: String) -> String? { layer.extras.first { $0.key == key }?.json }

    @Test("hexadecimal text, with or without 0x", arguments: [
        ("10", UInt64(16)), ("1a", 26), ("1A", 26), ("0x1f", 31), ("0", 0), ("ffffffffffffffff", UInt64.max),
    ])
    func hexadecimalText(text: String, value: UInt64) {
        #expect(DebuggerScalars.hexadecimal(text) == value)
    }

    @Test("what is not hexadecimal", arguments: ["", "0x", "g", "1.5", "-1", "10000000000000000"])
    func notHexadecimal(text: String) {
        #expect(DebuggerScalars.hexadecimal(text) == nil)
    }

    @Test("ul, ull and uinteger values are hexadecimal; i and other formats stay decimal", arguments: [
        ("ul", "10", "16"), ("ull", "1a", "26"), ("uinteger", "ff", "255"), ("i", "10", "10"), ("d", "12", "12"),
    ])
    func flagsByFormat(format: String, text: String, expected: String) throws {
        let dump = try read(Self.small(["renderInfoOffscreenFlags": (text, format), "renderInfoGroupFlags": (text, format)]))
        #expect(dump.warnings.isEmpty, "\(dump.warnings.map(\.message))")
        let layer = try #require(dump.snapshots.first?.layers[1])
        #expect(extra(layer, "renderInfoOffscreenFlags") == expected)
        #expect(extra(layer, "renderInfoGroupFlags") == expected)
    }

    @Test("a ul value that is not hexadecimal is unreadable, with the one warning")
    func badHexadecimal() throws {
        let dump = try read(Self.small(["renderInfoOffscreenFlags": ("12.5", "ul")]))
        #expect(extra(try #require(dump.snapshots.first?.layers[1]), "renderInfoOffscreenFlags") == nil)
        #expect(dump.warnings.map(\.message) == [
            "RequestResponses/Response_1: `renderInfoOffscreenFlags` is unknown on 1 layer (CALayer 0x2): its value is in a form LayerLint cannot read",
        ])
    }

    /// A property of layer 0x2 with the given `fetchStatus`, with or without its value.
    func withStatus(_ status: Int, property: String = "cornerRadius", value: Bool = true) -> ViewHierarchyBundle {
        var b = Self.small(["cornerRadius": ViewHierarchyBundle.number(6)])
        let k = b.layers[0].children[0].properties.firstIndex { $0.name == property }!
        if !value { b.layers[0].children[0].properties[k].value = nil }
        b.layers[0].children[0].propertyKeys[property] = ["fetchStatus": status]
        return b
    }

    @Test("fetchStatus 4 (retrieved) and 8 (unchanged) with a value: the value is read")
    func retrievedAndUnchanged() throws {
        for status in [4, 8] {
            let dump = try read(withStatus(status))
            #expect(dump.warnings.isEmpty, "\(status): \(dump.warnings.map(\.message))")
            let layer = try #require(dump.snapshots.first?.layers[1])
            #expect(layer.cornerRadius == 6 && !layer.unknown.contains(.cornerRadius))
        }
    }

    @Test("fetchStatus 0 (failed) and 1 (no value): unknown, with one warning per file and property")
    func failedAndNoValue() throws {
        let expected = [
            0: "RequestResponses/Response_1: `cornerRadius` is unknown on 1 layer (CALayer 0x2): the debugger could not fetch it",
            1: "RequestResponses/Response_1: `cornerRadius` is unknown on 1 layer (CALayer 0x2): the debugger fetched no value for it (fetchStatus 1)",
        ]
        for status in [0, 1] {
            for value in [true, false] {
                let dump = try read(withStatus(status, value: value))
                let layer = try #require(dump.snapshots.first?.layers[1])
                #expect(layer.unknown.contains(.cornerRadius), "\(status)")
                #expect(layer.cornerRadius == 0)
                #expect(dump.warnings.map(\.message) == [expected[status]!])
            }
        }
        // Two layers failing in one reply: still one warning, counting both.
        var b = withStatus(0)
        b.layers[0].propertyKeys["cornerRadius"] = ["fetchStatus": 0]
        #expect(try read(b).warnings.map(\.message) == [
            "RequestResponses/Response_1: `cornerRadius` is unknown on 2 layers (the first: CALayer 0x1): the debugger could not fetch it",
        ])
    }

    @Test("fetchStatus 1 on a nil-able property is unknown, not nil: a mask with no value is no claim of no mask")
    func noValueIsNotNil() throws {
        let dump = try read(withStatus(1, property: "mask", value: false))
        #expect(try #require(dump.snapshots.first?.layers[1]).unknown.contains(.mask))
        // The same property retrieved without a value is nil on the device: known, no mask.
        let retrieved = try read(withStatus(4, property: "mask", value: false))
        #expect(!(try #require(retrieved.snapshots.first?.layers[1]).unknown.contains(.mask)))
    }

    @Test("fetchStatus 8 without a value keeps what an earlier reply gave; with none earlier it is unknown")
    func unchangedKeepsEarlier() throws {
        let later = try ViewHierarchyBundle.replyFile([
            "topLevelGroups": [String: Any](),
            "topLevelPropertyDescriptions": ["0x2.cornerRadius": ["propertyName": "cornerRadius", "propertyFormat": "CGf", "fetchStatus": 8]],
        ])
        let dump = try read(Self.small(["cornerRadius": ViewHierarchyBundle.number(6)]), extraReplies: [later])
        #expect(dump.warnings.isEmpty, "\(dump.warnings.map(\.message))")
        #expect(dump.snapshots.first?.layers[1].cornerRadius == 6)

        let alone = try read(withStatus(8, value: false))
        #expect(try #require(alone.snapshots.first?.layers[1]).unknown.contains(.cornerRadius))
        #expect(alone.warnings.map(\.message) == [
            "RequestResponses/Response_1: `cornerRadius` is unknown on 1 layer (CALayer 0x2): the reply says it is unchanged (fetchStatus 8), but no earlier reply holds its value",
        ])
    }

    @Test("a fetchStatus the debugger does not use is named once and the value read")
    func unknownStatus() throws {
        let dump = try read(withStatus(2))
        #expect(dump.snapshots.first?.layers[1].cornerRadius == 6)
        #expect(dump.warnings.map(\.message) == [
            "RequestResponses/Response_1: `fetchStatus` 2 is none of 0 (failed), 1 (no value), 4 (retrieved), 8 (unchanged); read as retrieved",
        ])
    }

    @Test("an object's fetchStatus: 2 no longer means 'not crawled'; 0 (failed) leaves its sublayers unknown")
    func objectStatus() throws {
        var b = Self.small()
        b.layers[0].children[0].extraKeys["fetchStatus"] = 4
        b.layers[0].extraKeys["fetchStatus"] = 8
        let dump = try read(b)
        #expect(dump.warnings.isEmpty, "\(dump.warnings.map(\.message))")
        #expect(try #require(dump.snapshots.first).layers.allSatisfy { !$0.unknown.contains(.sublayers) })
        b.layers[0].extraKeys["fetchStatus"] = 0
        let failed = try #require(try read(b).snapshots.first)
        #expect(failed.layers[0].unknown.contains(.sublayers))
        #expect(!failed.layers[1].unknown.contains(.sublayers))
    }

    static let scaleNote = "note: neither the metadata nor a UIScreen object gives the screen scale; the layers are read at scale 3, the v1 default (pixel sizes of contents may be off)"

    @Test("metadata without a scale (a third-party dumper's): read at scale 3 with a note, not a failure")
    func missingScale() throws {
        var b = Self.small()
        b.metadata = ["DBGViewDebuggerVersion": "2"]
        let dump = try read(b)
        #expect(dump.error == nil)
        #expect(dump.snapshots.first?.scale == 3)
        #expect(dump.warnings.map(\.message) == [Self.scaleNote])
        #expect(dump.warnings.allSatisfy { $0.severity == .warning })
    }

    @Test("the screen's scale, when an object says, wins without a note; the metadata's otherwise")
    func scaleFromScreenOrMetadata() throws {
        var b = Self.small()
        b.metadata = ["DBGViewDebuggerVersion": "2"]
        b.views = [ViewHierarchyBundle.Object(id: "0x9", className: "UIScreen", properties: [("scale", "0x1p+1", "CGf")])]
        let dump = try read(b)
        #expect(dump.snapshots.first?.scale == 2)
        #expect(!dump.warnings.contains { $0.message == Self.scaleNote })
        #expect(dump.snapshots.first?.refreshRate == 60, "no maximumFramesPerSecond: the format's default")
        var m = Self.small()
        m.metadata = ["screenScale": 2]
        let fromMetadata = try read(m)
        #expect(fromMetadata.snapshots.first?.scale == 2)
        #expect(fromMetadata.warnings.isEmpty)
    }

    @Test("a UIScreen's maximumFramesPerSecond, when the replies carry it, is the refresh rate; the frame-rate keys stay unknown")
    func refreshRateFromScreen() throws {
        var b = Self.small()
        b.metadata = ["DBGViewDebuggerVersion": "2"]
        b.views = [ViewHierarchyBundle.Object(id: "0x9", className: "UIScreen",
                                              properties: [("scale", "0x1.8p+1", "CGf"), ("maximumFramesPerSecond", "120", "integer")])]
        let dump = try read(b)
        let tree = try #require(dump.snapshots.first)
        #expect(tree.refreshRate == 120 && tree.scale == 3)
        #expect(tree.frameRateUnknown == .frameRate)
    }
}
