import Foundation
import LayerDecode
import LayerImport
import LayerModel
import Testing

/// Damaged, incomplete and unexpected bundles: a precise error when nothing can be read,
/// precise warnings when the layers still can.
@Suite("Xcode view hierarchy: missing, corrupt and unexpected input")
struct XcodeBundleProblemTests {
    let folder: String
    init() throws { folder = try ViewHierarchyBundle.temporaryFolder() }

    func read(_ path: String) -> DecodedDump { DumpReader().read(contentsOf: path, syntax: .xcodeViewHierarchy) }

    static func small() -> ViewHierarchyBundle {
        var b = ViewHierarchyBundle()
        b.layers = [ViewHierarchyBundle.layer("0x1", frame: (0, 0, 100, 100), children: [
            ViewHierarchyBundle.layer("0x2", frame: (10, 10, 20, 20)),
        ])]
        return b
    }

    func replies(_ path: String) -> String { (path as NSString).appendingPathComponent("RequestResponses") }

    @Test("a path that is no folder, or a folder without replies, is an error")
    func notABundle() throws {
        let file = (folder as NSString).appendingPathComponent("dump.json")
        try Data("{}".utf8).write(to: URL(fileURLWithPath: file))
        #expect(read(file).error?.message == "cannot read the bundle: it is a file; an Xcode view hierarchy export is a `.viewhierarchy` folder")
        #expect(read(folder + "/nothing.viewhierarchy").error?.message == "cannot read the bundle: there is no such folder")
        #expect(read(folder).error?.message == "RequestResponses: the bundle has no such folder, so no view debugger replies")
        try FileManager.default.createDirectory(atPath: replies(folder), withIntermediateDirectories: true)
        #expect(read(folder).error?.message == "RequestResponses: the folder holds no `Response_N` replies")
    }

    @Test("a bundle without layer objects is an error naming its replies")
    func noLayers() throws {
        var b = ViewHierarchyBundle()
        b.views = [ViewHierarchyBundle.Object(id: "0xa", className: "UIWindow")]
        let dump = read(try b.write(in: folder))
        #expect(dump.snapshots.isEmpty)
        #expect(dump.error?.message == "the bundle holds no layers: RequestResponses/Response_1 holds no layer objects (group com.apple.QuartzCore.CALayer), only 1 other object")
    }

    @Test("a truncated reply is skipped with a warning; the others are read")
    func truncatedReply() throws {
        let good = try ViewHierarchyBundle.replyFile(["topLevelGroups": [String: Any]()])
        let path = try Self.small().write(in: folder, extraReplies: [Array(good.prefix(good.count / 2))])
        let dump = read(path)
        #expect(dump.error == nil)
        #expect(dump.snapshots.first?.layers.count == 2)
        #expect(dump.warnings.map(\.message) == [
            "RequestResponses/Response_2: cannot inflate it: the compressed data is truncated (it ends after \(good.count / 2) bytes, before the end of the gzip stream); the reply is skipped",
        ])
    }

    @Test("corrupt data, text that is not JSON, a reply that is not an object")
    func corruptReplies() throws {
        var corrupt = try ViewHierarchyBundle.replyFile(["topLevelGroups": [String: Any]()])
        for k in 12..<corrupt.count - 8 { corrupt[k] ^= 0x5A }
        let notJSON = ViewHierarchyBundle.gzip(Array("{\"topLevelGroups\": {\n  \"a\": [1,, 2]}}".utf8))
        let list = ViewHierarchyBundle.gzip(Array("[1, 2]".utf8))
        let path = try Self.small().write(in: folder, extraReplies: [corrupt, notJSON, list, Array("plain text".utf8)])
        let messages = read(path).warnings.map(\.message)
        #expect(messages.count == 4)
        #expect(messages[0].hasPrefix("RequestResponses/Response_2: cannot inflate it: the compressed data is corrupt ("))
        #expect(messages[1] == "RequestResponses/Response_3: not JSON at line 2, column 11: Invalid value around character 31.; the reply is skipped")
        #expect(messages[2] == "RequestResponses/Response_4: the reply is a list, expected a JSON object with `topLevelGroups`; the reply is skipped")
        #expect(messages[3].hasPrefix("RequestResponses/Response_5: cannot inflate it: "))
        #expect(messages[3].hasSuffix("(it is neither gzip-compressed nor JSON); the reply is skipped"))
    }

    @Test("missing replies, stray files and a missing metadata list are warnings")
    func missingReplies() throws {
        let path = try Self.small().write(in: folder)
        try FileManager.default.moveItem(atPath: replies(path) + "/Response_1", toPath: replies(path) + "/Response_3")
        try Data().write(to: URL(fileURLWithPath: replies(path) + "/notes.txt"))
        try FileManager.default.removeItem(atPath: path + "/metadata")
        let dump = read(path)
        #expect(dump.snapshots.first?.layers.count == 2)
        #expect(dump.warnings.map(\.message) == [
            "RequestResponses: files that are not replies were ignored: notes.txt",
            "metadata: the bundle has no metadata property list",
            "note: neither the metadata nor a UIScreen object gives the screen scale; the layers are read at scale 3, the v1 default (pixel sizes of contents may be off)",
        ])
        try Data(ViewHierarchyBundle.gzip(Array("{\"topLevelGroups\": {}}".utf8))).write(to: URL(fileURLWithPath: replies(path) + "/Response_1"))
        #expect(read(path).warnings.map(\.message).contains("RequestResponses: replies are missing: Response_2; what they held is not read"))
    }

    @Test("values of the wrong type and unknown keys are warnings")
    func wrongTypes() throws {
        var b = Self.small()
        b.layers[0].extraKeys = ["childGroup": "sublayers", "debugNote": 1]
        let extra = try ViewHierarchyBundle.replyFile(["topLevelGroups": "none", "surprise": true])
        let dump = read(try b.write(in: folder, extraReplies: [extra]))
        #expect(dump.snapshots.first?.layers.count == 1, "the child group that is a string is not read")
        #expect(dump.warnings.map(\.message) == [
            "RequestResponses/Response_1: values of the wrong type were skipped: `groups`",
            "RequestResponses/Response_1: keys LayerLint does not read were ignored: `debugNote`",
            "RequestResponses/Response_2: `topLevelGroups` is a string, expected a mapping of groups; the reply is skipped",
            "RequestResponses/Response_2: keys LayerLint does not read were ignored: `surprise`",
        ])
    }

    @Test("a property missing, failed or unreadable is unknown, with one warning per file and property")
    func unknownProperties() throws {
        var b = Self.small()
        b.layers[0].properties.removeAll { $0.name == "masksToBounds" }
        b.layers[0].children[0].properties.removeAll { $0.name == "masksToBounds" }
        b.layers[0].properties[b.layers[0].properties.firstIndex { $0.name == "cornerRadius" }!].value = "twelve"
        b.layers[0].children[0].propertyKeys["shadowRadius"] = ["propertyValueError": ["errorDescription": "not fetched"]]
        b.layers[0].children[0].propertyKeys["mask"] = ["fetchError": "timed out"]
        let dump = read(try b.write(in: folder))
        let tree = try #require(dump.snapshots.first)
        #expect(tree.layers[0].unknown == UnknownProperties.notInXcodeViewHierarchies.union([.masksToBounds, .cornerRadius]))
        #expect(tree.layers[1].unknown == UnknownProperties.notInXcodeViewHierarchies.union([.masksToBounds, .shadow, .mask]))
        #expect(tree.layers[0].cornerRadius == 0)
        #expect(dump.warnings.map(\.message) == [
            "RequestResponses/Response_1: `cornerRadius` is unknown on 1 layer (CALayer 0x1): its value is in a form LayerLint cannot read",
            "RequestResponses/Response_1: `mask` is unknown on 1 layer (CALayer 0x2): the debugger could not fetch it",
            "RequestResponses/Response_1: `masksToBounds` is unknown on 2 layers (the first: CALayer 0x1): the reply does not carry it",
            "RequestResponses/Response_1: `shadowRadius` is unknown on 1 layer (CALayer 0x2): the debugger could not fetch it",
        ])
    }

    @Test("properties a later reply sends for known objects are merged")
    func laterProperties() throws {
        var b = Self.small()
        b.layers[0].children[0].properties.removeAll { $0.name == "cornerRadius" }
        let later = try ViewHierarchyBundle.replyFile([
            "topLevelGroups": [String: Any](),
            "topLevelPropertyDescriptions": ["0x2.cornerRadius": ["propertyName": "cornerRadius", "propertyValue": "0x1.8p+2", "propertyFormat": "CGf"]],
        ])
        let dump = read(try b.write(in: folder, extraReplies: [later]))
        #expect(dump.warnings.isEmpty, "\(dump.warnings.map(\.message))")
        #expect(dump.snapshots.first?.layers[1].cornerRadius == 6)
    }

    @Test("the bytes-based reader refuses the folder format with a precise error")
    func bytesRefused() {
        #expect(DumpReader().read("{}", syntax: .xcodeViewHierarchy).error?.message == "an Xcode view hierarchy is a folder; read it from its path")
    }
}
