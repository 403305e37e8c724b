import Foundation
import LayerGeometry
@testable import LayerDecode
@testable import LayerImport
import LayerModel
import Testing

/// An exported view hierarchy, generated in the published structure, read back.
@Suite("Xcode view hierarchy: tree and properties")
struct XcodeViewHierarchyTests {
    func read(_ bundle: ViewHierarchyBundle) throws -> DecodedDump {
        let folder = try ViewHierarchyBundle.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return DumpReader().read(contentsOf: try bundle.write(in: folder), syntax: .xcodeViewHierarchy)
    }

    func index(_ tree: LayerTree, _ label: String) throws -> Int {
        try #require(tree.layers.indices.first { tree.label(of: $0) == label || tree.name(of: $0) == label })
    }

    @Test("the layer tree follows the layers' childGroup; views name their layers")
    func treeShape() throws {
        let dump = try read(.feedCell())
        #expect(dump.error == nil)
        let tree = try #require(dump.snapshots.first)
        #expect(dump.snapshots.count == 1)
        #expect(tree.screen == "FeedCell")
        let paths = LayerPaths(tree)
        #expect(tree.layers.indices.map { paths.path(of: $0) } == [
            "cell",
            "cell/UITableViewCellContentView",
            "cell/UITableViewCellContentView/CardView",
            "cell/UITableViewCellContentView/CardView/UIImageView[0]",
            "cell/UITableViewCellContentView/CardView/UIImageView[0]/mask",
            "cell/UITableViewCellContentView/CardView/UIImageView[1]",
        ])
        #expect(tree.viewClass(of: 0) == "FeedCell")
        let avatar = 3
        #expect(tree.layers[avatar].mask == 4)
        #expect(tree.layers[4].role == .mask)
        #expect(tree.className(of: 4) == "CAShapeLayer")
        #expect(tree.layers[0].subtreeEnd == 6)
        // The mask is read from its own object, not a placeholder: no warning names it.
        #expect(!dump.warnings.contains { $0.message.contains("mask of") })
    }

    @Test("every carried property lands on the layer")
    func properties() throws {
        let dump = try read(.feedCell())
        let tree = try #require(dump.snapshots.first)
        let card = tree.layers[try index(tree, "CardView")]
        #expect(card.bounds == Rect(x: 0, y: 0, width: 358, height: 120))
        #expect(card.position == Point(x: 195, y: 68))
        #expect(card.anchorPoint == Point(x: 0.5, y: 0.5))
        #expect(card.cornerRadius == 12)
        #expect(card.backgroundColor == RGBA(red: 1, green: 1, blue: 1))
        #expect(card.shadow.opacity == 0.25)
        #expect(card.shadow.radius == 10)
        #expect(card.shadow.offset == Size(width: 0, height: 4))
        #expect(card.shadow.color == .black)
        #expect(card.shadow.path == nil)
        #expect(!card.masksToBounds)
        #expect(card.opacity == 1)
        #expect(!card.isHidden)
        #expect(card.transform == nil)
        #expect(card.observedOffscreenCount == 2)
        #expect(card.observedOptimizationOpportunities == ["Set shadowPath to avoid an offscreen pass"])
        #expect(card.extras.contains(ExtraProperty(key: "renderInfoOffscreenFlags", json: "5")))
        #expect(card.extras.contains(ExtraProperty(key: "objectID", json: "\"0x600000070\"")))

        let thumbnail = tree.layers[5]
        #expect(thumbnail.masksToBounds)
        #expect(thumbnail.cornerRadius == 8)
        #expect(thumbnail.contents == LayerContents(pixelWidth: 192, pixelHeight: 192, scale: 3))
        #expect(thumbnail.contentsGravity == .resizeAspectFill)
        #expect(thumbnail.observedOffscreenCount == 0)

        let avatar = tree.layers[3]
        #expect(avatar.observedOffscreenCount == 1)
        #expect(avatar.contents?.pixelWidth == 120)
        #expect(tree.layers[2].contents == nil)
        #expect(tree.layers[4].bounds.size == Size(width: 40, height: 40))
    }

    @Test("what the debugger never sends is unknown on every layer, and nothing else here")
    func unknowns() throws {
        let dump = try read(.feedCell())
        let tree = try #require(dump.snapshots.first)
        for layer in tree.layers {
            #expect(layer.unknown == [.shadowPath, .cornerCurve, .maskedCorners, .allowsGroupOpacity])
        }
        #expect(dump.warnings.isEmpty, "\(dump.warnings.map(\.message))")
    }

    @Test("a transform, a hidden layer, a border and rasterization are read")
    func moreProperties() throws {
        var bundle = ViewHierarchyBundle()
        let rotated: [Double] = [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1]
        bundle.layers = [ViewHierarchyBundle.layer("0x1", frame: (0, 0, 100, 100), children: [
            ViewHierarchyBundle.layer("0x2", "CAGradientLayer", frame: (10, 10, 20, 20), [
                "transform": ViewHierarchyBundle.matrix(rotated),
                "hidden": ("YES", "b"), "opacity": ("0.5", "CGf"),
                "borderWidth": ViewHierarchyBundle.number(2), "borderColor": ViewHierarchyBundle.color(1, 0, 0, 0.5),
                "shouldRasterize": ("true", "b"), "rasterizationScale": ViewHierarchyBundle.number(3),
                "shadowColor": ViewHierarchyBundle.noColor,
            ]),
        ])]
        let tree = try #require(try read(bundle).snapshots.first)
        let l = tree.layers[1]
        #expect(tree.className(of: 1) == "CAGradientLayer")
        #expect(l.transform == Transform3D(rotated))
        #expect(l.isHidden)
        #expect(l.opacity == 0.5)
        #expect(l.borderWidth == 2)
        #expect(l.borderColor == RGBA(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(l.shouldRasterize)
        #expect(l.rasterizationScale == 3)
        #expect(l.shadow.color == nil)
        #expect(tree.viewClass(of: 1) == nil)
    }

    @Test("layers the layer group does not nest hang under their superview's layer")
    func viewTreeFallback() throws {
        var bundle = ViewHierarchyBundle()
        bundle.layers = [
            ViewHierarchyBundle.layer("0x1", frame: (0, 0, 100, 100)),
            ViewHierarchyBundle.layer("0x2", frame: (0, 0, 10, 10)),
            ViewHierarchyBundle.layer("0x3", frame: (0, 0, 20, 20)),
        ]
        bundle.views = [ViewHierarchyBundle.view("0xa", "UIView", layer: "0x1", children: [
            ViewHierarchyBundle.view("0xb", "UILabel", layer: "0x2"),
            ViewHierarchyBundle.view("0xc", "UIButton", layer: "0x3"),
        ])]
        let dump = try read(bundle)
        #expect(dump.snapshots.count == 1)
        let tree = try #require(dump.snapshots.first)
        #expect(tree.layers.indices.map { tree.label(of: $0) } == ["UIView", "UILabel", "UIButton"])
        #expect(tree.layers[1].parent == 0 && tree.layers[2].parent == 0)
    }

    @Test("two unrelated root layers are two snapshots")
    func twoRoots() throws {
        var bundle = ViewHierarchyBundle()
        bundle.name = "App"
        bundle.layers = [ViewHierarchyBundle.layer("0x1", frame: (0, 0, 10, 10)), ViewHierarchyBundle.layer("0x2", frame: (0, 0, 20, 20))]
        bundle.views = [ViewHierarchyBundle.view("0xa", "UIWindow", layer: "0x1"), ViewHierarchyBundle.view("0xb", "UIWindow", layer: "0x2")]
        let dump = try read(bundle)
        #expect(dump.snapshots.map(\.screen) == ["App/UIWindow[0]", "App/UIWindow[1]"])
    }

    @Test("a mask the bundle lacks is read as a mask of unknown shape, with a warning")
    func missingMask() throws {
        var bundle = ViewHierarchyBundle()
        bundle.layers = [ViewHierarchyBundle.layer("0x1", frame: (0, 0, 100, 50), [
            "mask": ViewHierarchyBundle.objectInfo("CAShapeLayer", "0x99"),
        ])]
        let dump = try read(bundle)
        let tree = try #require(dump.snapshots.first)
        #expect(tree.layers.count == 2)
        #expect(tree.layers[0].mask == 1)
        #expect(tree.className(of: 1) == "CAShapeLayer")
        #expect(tree.layers[1].bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(tree.layers[1].unknown.contains(.contents))
        #expect(dump.warnings.map(\.message) == [
            "RequestResponses/Response_1: the mask of CALayer 0x1 (CAShapeLayer 0x99) is not in the bundle; it is read as a mask of unknown shape",
        ])
    }
}
