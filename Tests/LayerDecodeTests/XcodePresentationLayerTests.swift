import Foundation
import LayerGeometry
@testable import LayerDecode
@testable import LayerImport
import LayerLintKit
import LayerModel
import Testing

/// The `encodedPresentationLayer` archive of an export: decoded from binary and XML
/// property lists, matched to the debugger's layers, and judged by the rules end to end.
@Suite("Xcode view hierarchy: encodedPresentationLayer")
struct XcodePresentationLayerTests {
    let folder: String
    init() throws { folder = try ViewHierarchyBundle.temporaryFolder() }

    /// The feed cell of the other tests, with a second card and no shadow or corner
    /// properties in the replies for it: what the rules need comes from the archive alone.
    static func bundle() -> ViewHierarchyBundle {
        var b = ViewHierarchyBundle.feedCell()
        let plain = ViewHierarchyBundle.layer("0x6000000b0", frame: (16, 140, 358, 80), [
            "backgroundColor": ViewHierarchyBundle.color(1, 1, 1, 1),
        ])
        var card2 = plain
        card2.properties.removeAll { ["shadowOpacity", "shadowRadius", "shadowOffset", "shadowColor", "cornerRadius"].contains($0.name) }
        b.layers[0].children[0].children.append(card2)
        b.views[0].children[0].children.append(ViewHierarchyBundle.view("0x7f00000b0", "PlainCardView", layer: "0x6000000b0"))
        return b
    }

    /// The archive of that tree as the debugger writes it: the window's root layer with
    /// every sublayer; the card has a continuous-corner shadow path, the second card a
    /// shadow without one, the avatar a rounded-rectangle shape mask.
    static func archive(_ f: inout LayerArchiveFixture, cardShadowPath: Bool = true, avatarMask: Bool = true) -> PlistValue {
        typealias Node = LayerArchiveFixture.Node
        func geometry(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> [(String, PlistValue)] {
            [("bounds", f.rect(0, 0, w, h)), ("position", f.point(x + w / 2, y + h / 2))]
        }
        var cardKeys = geometry(16, 8, 358, 120) + [
            ("cornerRadius", .real(12)), ("cornerCurve", f.string("continuous")), ("shadowOpacity", .real(0.25)),
            ("shadowRadius", .real(10)), ("shadowOffset", f.size(0, 4)), ("backgroundColor", f.color(1, 1, 1, 1)),
        ]
        if cardShadowPath {
            let outline = PathBuilder.roundedRect(Rect(x: 0, y: 0, width: 358, height: 120), radius: 12, curve: .continuous)
            cardKeys.append(("shadowPath", f.path(outline)))
        }
        let maskPath = PathBuilder.roundedRect(Rect(x: 0, y: 0, width: 40, height: 40), radius: 8, curve: .continuous)
        let mask = Node(className: "CAShapeLayer", keys: geometry(0, 0, 40, 40) + [("path", f.path(maskPath))])
        let avatar = Node(keys: geometry(12, 12, 40, 40) + [("contents", f.string("CGImage"))], mask: avatarMask ? mask : nil)
        let thumbnail = Node(keys: geometry(200, 12, 64, 64) + [("cornerRadius", .real(8)), ("masksToBounds", .bool(true))])
        let card = Node(keys: cardKeys, sublayers: [avatar, thumbnail])
        let card2 = Node(keys: geometry(16, 140, 358, 80) + [
            ("cornerRadius", .real(16)), ("cornerCurve", f.string("continuous")), ("maskedCorners", .int(3)),
            ("shadowOpacity", .real(0.3)), ("shadowRadius", .real(6)), ("shadowOffset", f.size(0, 2)),
            ("shadowColor", f.color(0, 0, 0, 1)), ("allowsGroupOpacity", .bool(false)), ("shouldRasterize", .bool(false)),
        ])
        let content = Node(keys: geometry(0, 0, 390, 136), sublayers: [card, card2])
        let root = Node(keys: geometry(0, 0, 390, 136), sublayers: [content])
        return f.archive(root: root)
    }

    func write(binary: Bool, bundle: ViewHierarchyBundle = bundle(), cardShadowPath: Bool = true, avatarMask: Bool = true,
               layerID: String = "0x600000050") throws -> String {
        var f = LayerArchiveFixture()
        let plist = Self.archive(&f, cardShadowPath: cardShadowPath, avatarMask: avatarMask)
        let data = binary ? plist.binary() : plist.xml()
        let reply = try ViewHierarchyBundle.encodedLayersReply(layerID: layerID, base64: data.base64EncodedString())
        return try bundle.write(in: folder, extraReplies: [reply])
    }

    func layer(_ tree: LayerTree, _ path: String) throws -> Layer {
        let paths = LayerPaths(tree)
        return tree.layers[try #require(tree.layers.indices.first { paths.path(of: $0) == path })]
    }

    @Test("the archive writes real UIDs in binary, CF$UID dictionaries in XML, and both parse as keyed archives")
    func bothFormats() throws {
        var f = LayerArchiveFixture()
        let plist = Self.archive(&f)
        let binary = plist.binary(), xml = plist.xml()
        #expect(binary.starts(with: Array("bplist00".utf8)))
        #expect(String(decoding: xml, as: UTF8.self).contains("<key>CF$UID</key>"))
        for data in [binary, xml] {
            let archive = try KeyedArchive(data: data, maxBytes: 1 << 20, maxObjects: 10_000, maxValues: 100_000)
            #expect(archive.objects.count == f.objects.count)
            let tree = try ArchivedLayerTree(archive: archive, maxDepth: 100, maxLayers: 100)
            #expect(tree.layers.count == 7)
            #expect(tree.geometryFlipped == true)
            #expect(tree.problems.isEmpty)
        }
    }

    @Test("a UID reads the same from Foundation's own archiver (the opaque UID type) and from XML")
    func foundationUIDs() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: ["rootLayer": "x"] as NSDictionary, requiringSecureCoding: false)
        let archive = try KeyedArchive(data: data, maxBytes: 1 << 20, maxObjects: 100, maxValues: 1_000)
        let root = try #require(archive.top["root"])
        #expect(KeyedArchive.uid(root) == 1)
        #expect(KeyedArchive.uid(["CF$UID": 7] as [String: Any]) == 7)
        #expect(KeyedArchive.uid("7") == nil)
    }

    @Test("archived properties land on the matched layers", arguments: [true, false])
    func properties(binary: Bool) throws {
        let dump = DumpReader().read(contentsOf: try write(binary: binary), syntax: .xcodeViewHierarchy)
        #expect(dump.warnings.isEmpty, "\(dump.warnings.map(\.message))")
        let tree = try #require(dump.snapshots.first)
        let card = try layer(tree, "cell/UITableViewCellContentView/CardView")
        #expect(card.cornerCurve == .continuous)
        #expect(card.maskedCorners == .all)
        let outline = PathBuilder.roundedRect(Rect(x: 0, y: 0, width: 358, height: 120), radius: 12, curve: .continuous)
        #expect(card.shadow.path?.path == outline)
        #expect(card.unknown.isEmpty, "\(card.unknown.names)")
        let card2 = try layer(tree, "cell/UITableViewCellContentView/PlainCardView")
        #expect(card2.shadow.opacity == 0.3 && card2.shadow.radius == 6 && card2.shadow.offset == Size(width: 0, height: 2))
        #expect(card2.shadow.path == nil)
        #expect(card2.cornerRadius == 16 && card2.maskedCorners == [.minXMinY, .maxXMinY])
        #expect(!card2.allowsGroupOpacity)
        #expect(card2.unknown.isEmpty, "\(card2.unknown.names)")
        let mask = try layer(tree, "cell/UITableViewCellContentView/CardView/UIImageView[0]/mask")
        #expect(mask.shape?.path?.path == PathBuilder.roundedRect(Rect(x: 0, y: 0, width: 40, height: 40), radius: 8, curve: .continuous))
        #expect(mask.unknown.isEmpty, "\(mask.unknown.names)")
    }

    @Test("the rules judge the archive end to end: a shadow with a path is fine, one without is found, a rounded-rect mask is simple",
          arguments: [true, false])
    func lint(binary: Bool) throws {
        let file = Linter().lint(contentsOf: try write(binary: binary), syntax: .xcodeViewHierarchy)
        #expect(file.error == nil)
        let snapshot = try #require(file.snapshots.first)
        let shadows = snapshot.findings.filter { $0.rule == "shadow-without-path" }
        #expect(shadows.map(\.layerPath) == ["cell/UITableViewCellContentView/PlainCardView"])
        let shadow = try #require(shadows.first)
        #expect(shadow.severity != .info && shadow.passes > 0)
        #expect(shadow.message.contains("radius 6"), "\(shadow.message)")
        #expect(!shadow.message.contains("does not say whether"))
        let masks = snapshot.findings.filter { $0.rule == "simple-shape-mask" }
        #expect(masks.map(\.layerPath) == ["cell/UITableViewCellContentView/CardView/UIImageView[0]"])
        #expect(masks.first?.message.contains("8") == true, "\(masks.first?.message ?? "")")
    }

    @Test("a UIBezierPath (as a third-party dumper may archive a path) is read from its element data", arguments: [true, false])
    func bezierPath(binary: Bool) throws {
        var f = LayerArchiveFixture()
        let outline = PathBuilder.ellipse(in: Rect(x: 0, y: 0, width: 40, height: 40))
        let exact = Path(elements: [.moveTo(Point(x: 0, y: 0)), .lineTo(Point(x: 20, y: 0)), .lineTo(Point(x: 20, y: 10)), .closeSubpath])
        let root = LayerArchiveFixture.Node(keys: [("shadowPath", f.bezierPath(exact))], sublayers: [
            LayerArchiveFixture.Node(className: "CAShapeLayer", keys: [("path", f.bezierPath(outline))]),
        ])
        let plist = f.archive(root: root)
        let archive = try KeyedArchive(data: binary ? plist.binary() : plist.xml(), maxBytes: 1 << 20, maxObjects: 1_000, maxValues: 10_000)
        let tree = try ArchivedLayerTree(archive: archive, maxDepth: 10, maxLayers: 10)
        let layers = tree.layers.values.map { PresentationLayer($0, archive: archive, maxPathElements: 100) }
        let host = try #require(layers.first { $0.className == "CALayer" })
        #expect(host.shadow.path?.path == exact)
        #expect(host.unreadable.isEmpty)
        let shape = try #require(layers.first { $0.className == "CAShapeLayer" })
        // Points are archived as 32-bit floats: the ellipse to that precision.
        let read = try #require(shape.shape?.path?.path)
        #expect(read.elements.count == outline.elements.count)
        #expect(abs(read.boundingBox.width - 40) < 1e-4 && abs(read.boundingBox.height - 40) < 1e-4)
    }

    @Test("the archive's objectID is an address: leading zeros and capitals name the same layer")
    func addressForms() throws {
        let file = Linter().lint(contentsOf: try write(binary: true, layerID: "0x0000600000050"), syntax: .xcodeViewHierarchy)
        #expect(file.warnings.isEmpty, "\(file.warnings.map(\.message))")
        #expect(try #require(file.snapshots.first).findings.contains { $0.rule == "simple-shape-mask" })
    }

    @Test("without the archive the same bundle gives no certain finding: the shadow path stays unknown")
    func withoutArchive() throws {
        let path = try Self.bundle().write(in: folder)
        let file = Linter().lint(contentsOf: path, syntax: .xcodeViewHierarchy)
        let snapshot = try #require(file.snapshots.first)
        #expect(snapshot.findings.filter { $0.rule == "shadow-without-path" }.allSatisfy { $0.severity == .info })
        #expect(!snapshot.findings.contains { $0.rule == "simple-shape-mask" })
    }

    @Test("a mask the debugger has no object for is built from the archive, and judged", arguments: [true, false])
    func maskFromArchive(binary: Bool) throws {
        var b = Self.bundle()
        b.layers.removeAll { $0.id == "0x6000000a0" }
        let file = Linter().lint(contentsOf: try write(binary: binary, bundle: b), syntax: .xcodeViewHierarchy)
        let snapshot = try #require(file.snapshots.first)
        #expect(!file.warnings.contains { $0.message.contains("mask of unknown shape") }, "\(file.warnings.map(\.message))")
        #expect(snapshot.findings.contains { $0.rule == "simple-shape-mask" })
    }

    @Test("the archive fills only what the replies lack: the replies' values stay")
    func repliesWin() throws {
        var b = Self.bundle()
        let card = b.layers[0].children[0].children[0]
        var changed = card
        changed.properties[changed.properties.firstIndex { $0.name == "cornerRadius" }!].value = ViewHierarchyBundle.hex(20)
        b.layers[0].children[0].children[0] = changed
        let dump = DumpReader().read(contentsOf: try write(binary: true, bundle: b), syntax: .xcodeViewHierarchy)
        #expect(try layer(try #require(dump.snapshots.first), "cell/UITableViewCellContentView/CardView").cornerRadius == 20)
    }
}
