import Foundation
import LayerDecode
import LayerImport
import LayerGeometry
import LayerModel
import XCTest

/// The recursiveDescription importer on fixtures written in UIKit's shapes: raw debugger
/// output with addresses, the stripped form snapshot libraries store, `(layer)` lines.
final class RecursiveDescriptionTests: XCTestCase {
    private typealias S = RecursiveDescriptionSupport

    func testFixtureCountsAndDepths() throws {
        // name: (layers, views, max depth), counted by hand from the files.
        let expected: [String: (Int, Int, Int)] = [
            "raw-profile.txt": (17, 16, 6),
            "stripped-checkout.txt": (20, 20, 8),
            "layer-lines.txt": (11, 9, 4),
            "clipped-card.txt": (8, 8, 2),
        ]
        for (name, (layers, views, depth)) in expected {
            let tree = try S.tree(try S.fixture(name))
            XCTAssertEqual(tree.count, layers, name)
            XCTAssertEqual(S.viewCount(tree), views, name)
            XCTAssertEqual(S.maxDepth(tree), depth, name)
            XCTAssertNil(tree.screen, "the reader does not know the screen: \(name)")
            XCTAssertEqual(tree.layers[0].subtreeEnd, Int32(layers), name)
        }
    }

    func testRawOutputLineByLine() throws {
        let tree = try S.tree(try S.fixture("raw-profile.txt"))
        let l = tree.layers

        // Line 1: a named system colour is "some background, value unknown".
        XCTAssertEqual(tree.viewClass(of: 0), "UIView")
        XCTAssertEqual(tree.className(of: 0), "CALayer")
        XCTAssertEqual(l[0].bounds, Rect(x: 0, y: 0, width: 393, height: 852))
        XCTAssertEqual(l[0].position, Point(x: 196.5, y: 426))
        XCTAssertEqual(l[0].backgroundColor?.isOpaque, true)
        XCTAssertTrue(l[0].unknown.contains(.backgroundColor))
        XCTAssertEqual(S.extra(tree, 0, "uikitBackgroundColor"),
                       JSONText.quoted("<UIDynamicSystemColor: 0x600001f9c480; name = systemGroupedBackgroundColor>"))
        XCTAssertEqual(l[0].location, SourceLocation(line: 1, column: 1))

        // Line 2: the scroll view's content offset is its bounds origin; the fields after
        // `layer = <…>` are read like the others.
        let table = try S.index(tree, view: "UITableView")
        XCTAssertEqual(table, 1)
        XCTAssertTrue(l[table].masksToBounds)
        XCTAssertEqual(l[table].bounds, Rect(x: 0, y: -103, width: 393, height: 852))
        XCTAssertEqual(l[table].position, Point(x: 196.5, y: 426))
        XCTAssertEqual(l[table].location, SourceLocation(line: 2, column: 6))

        // Line 3: module-qualified class, baseClass kept, a concrete colour known.
        let cell = try S.index(tree, view: "Profile.AvatarCell")
        XCTAssertEqual(S.extra(tree, cell, "baseClass"), "\"UITableViewCell\"")
        XCTAssertEqual(l[cell].backgroundColor, RGBA(red: 1, green: 1, blue: 1))
        XCTAssertEqual(l[cell].unknown, .notInViewDescriptions)
        XCTAssertEqual(l[cell].position, Point(x: 20 + 353 / 2.0, y: 60))
        XCTAssertEqual(l[cell].location, SourceLocation(line: 3, column: 11))

        XCTAssertEqual(S.extra(tree, try S.index(tree, view: "UITableViewCellContentView"), "opaque"), "false")
        XCTAssertEqual(tree.className(of: try S.index(tree, view: "UIStackView")), "CATransformLayer")

        // Lines 7 and 8: escaped quotes, and an unescaped quote and `;` inside the text.
        let name = try S.index(tree, view: "UILabel", text: "Ada 'the Countess' L...")
        XCTAssertEqual(tree.className(of: name), "_UILabelLayer")
        XCTAssertNil(l[name].backgroundColor, "no backgroundColor field: no background")
        XCTAssertFalse(l[name].unknown.contains(.backgroundColor))
        let subtitle = try S.index(tree, view: "UILabel", text: "It's me; really")
        XCTAssertEqual(l[subtitle].opacity, 0.6)
        XCTAssertEqual(l[subtitle].backgroundColor, RGBA.clear)

        // Line 9: a sublayer no view owns hangs under the label.
        let contentLayer = subtitle + 1
        XCTAssertEqual(tree.className(of: contentLayer), "_UILabelContentLayer")
        XCTAssertNil(tree.viewClass(of: contentLayer))
        XCTAssertEqual(Int(l[contentLayer].parent), subtitle)
        XCTAssertEqual(l[contentLayer].bounds, .zero)
        XCTAssertEqual(l[contentLayer].location, SourceLocation(line: 9, column: 31))

        // Line 10: a modified dynamic colour nests `<…>` in `<…>`.
        let separator = try S.index(tree, view: "_UITableViewCellSeparatorView")
        XCTAssertTrue(l[separator].unknown.contains(.backgroundColor))
        XCTAssertEqual(Int(l[separator].parent), cell)

        // Line 11: a rotated view; its frame is the bounding box, its bounds come back.
        let badge = try S.index(tree, view: "Profile.BadgeView")
        XCTAssertEqual(tree.className(of: badge), "CAShapeLayer")
        XCTAssertEqual(l[badge].transform?.m12 ?? 0, 0.5, accuracy: 1e-9)
        XCTAssertEqual(l[badge].bounds.width, 56, accuracy: 1e-3)
        XCTAssertEqual(l[badge].bounds.height, 20, accuracy: 1e-3)
        XCTAssertEqual(l[badge].position.x, 322, accuracy: 1e-3)
        XCTAssertEqual(l[badge].position.y, 20, accuracy: 1e-3)
        XCTAssertEqual(l[badge].frame.minX, 292.751, accuracy: 1e-3)
        XCTAssertEqual(l[badge].frame.height, 45.3205, accuracy: 1e-3)
        XCTAssertFalse(l[badge].unknown.contains(.transform))

        // Lines 12 and 13: a mangled class name kept as written; `;` inside `{…}`.
        let toggle = try S.index(tree, view: "_TtC7Profile14ToggleRowView")
        XCTAssertTrue(l[toggle].isHidden)
        let toggleSwitch = try S.index(tree, view: "UISwitch")
        XCTAssertEqual(Int(l[toggleSwitch].parent), toggle)
        XCTAssertEqual(l[toggleSwitch].bounds.size, Size(width: 51, height: 31))

        // Line 14: the `layer = <CALayer…>` inside `background = <…>` is not the button's.
        let button = try S.index(tree, view: "UIButton")
        XCTAssertEqual(tree.className(of: button), "CAGradientLayer")

        // Lines 16 and 17.
        let indicator = try S.index(tree, view: "_UIScrollViewScrollIndicator")
        XCTAssertEqual(l[indicator].opacity, 0)
        XCTAssertEqual(l[indicator + 1].backgroundColor, RGBA(red: 0, green: 0, blue: 0, alpha: 0.35))
        XCTAssertEqual(Int(l[indicator].parent), table)
    }

    func testRawAndStrippedFormsGiveTheSameTree() throws {
        let raw = try S.fixture("raw-profile.txt")
        let stripped = raw.replacingOccurrences(of: ": 0x[0-9a-fA-F]+", with: "", options: .regularExpression)
        XCTAssertFalse(stripped.contains("0x"))
        XCTAssertTrue(stripped.contains("<UIDynamicSystemColor; name = systemGroupedBackgroundColor>"))
        let rawTree = try S.tree(raw), strippedTree = try S.tree(stripped)
        // The colour extra keeps the text as written, address and all; everything else matches.
        func comparable(_ t: LayerTree) -> [String] {
            S.summaries(t).map { $0.replacingOccurrences(of: ": 0x[0-9a-fA-F]+", with: "", options: .regularExpression) }
        }
        XCTAssertEqual(comparable(rawTree), comparable(strippedTree))
        XCTAssertEqual(rawTree.layers.map(\.location), strippedTree.layers.map(\.location))
    }

    func testLineEndingsAndTrailingNewline() throws {
        let text = try S.fixture("stripped-checkout.txt")
        XCTAssertFalse(text.hasSuffix("\n"), "the fixture has no trailing newline, as committed snapshots often do")
        let expected = S.summaries(try S.tree(text))
        for variant in [text + "\n", text.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n",
                        text.replacingOccurrences(of: "\n", with: "\r\n"), "\n" + text + "\n\n"] {
            XCTAssertEqual(S.summaries(try S.tree(variant)), expected)
        }
        // Hand-edited indentation: the bars count, the spaces do not.
        let squeezed = text.replacingOccurrences(of: "   | ", with: "|")
        XCTAssertEqual(S.summaries(try S.tree(squeezed)), expected)
    }

    /// A UTF-8 byte-order mark is valid UTF-8 text: the file reads as without it, and the
    /// columns of line 1 do not count it.
    func testByteOrderMarkIsSkipped() throws {
        let text = try S.fixture("stripped-checkout.txt")
        let plain = try S.tree(text)
        let withBOM = try S.tree("\u{FEFF}" + text)
        XCTAssertEqual(S.summaries(withBOM), S.summaries(plain))
        XCTAssertEqual(withBOM.layers.map(\.location), plain.layers.map(\.location))
        XCTAssertTrue(DumpDetection.looksLikeViewDescription(Array(("\u{FEFF}" + text).utf8)))
        let bad = S.read("\u{FEFF}<UIView; frame = (0 0; 1)>")
        XCTAssertEqual(bad.error.map { [Int($0.location.line), Int($0.location.column)] }, [1, 18])
    }

    func testStrippedFormLineByLine() throws {
        let tree = try S.tree(try S.fixture("stripped-checkout.txt"))
        let l = tree.layers
        let form = try S.index(tree, view: "Checkout.FormView")
        XCTAssertEqual(S.extra(tree, form, "baseClass"), "\"UIScrollView\"")
        XCTAssertEqual(l[form].bounds.origin, Point(x: 0, y: 120.5))
        XCTAssertEqual(l[form].position, Point(x: 195, y: 47 + 763 / 2.0))
        // A nested Swift class is read from its mangled name, which is kept beside it.
        let summary = try S.index(tree, view: "Checkout.AmountSection.SummaryView")
        XCTAssertEqual(S.extra(tree, summary, "mangledViewClass"), "\"_TtCC8Checkout13AmountSection11SummaryView\"")
        XCTAssertEqual(l[summary].backgroundColor, RGBA(red: 0.95, green: 0.95, blue: 0.95))
        let price = try S.index(tree, view: "Checkout.PriceLabel", text: "Total: €42.00 — incl. VAT")
        XCTAssertEqual(Int(l[price].parent), summary)
        // A nested `<…; frame = …; layer = <CALayer>>` and an unquoted placeholder with spaces.
        let field = try S.index(tree, view: "CardTextField")
        XCTAssertEqual(l[field].bounds.size, Size(width: 358, height: 44))
        XCTAssertEqual(tree.className(of: field), "CALayer")
        XCTAssertEqual(S.extra(tree, field, "opaque"), "false")
        let error = try S.index(tree, view: "UILabel", text: "Card number is invalid")
        XCTAssertTrue(l[error].isHidden)
        XCTAssertEqual(l[error].opacity, 0)
        XCTAssertEqual(l[try S.index(tree, view: "Checkout.PayButton")].backgroundColor,
                       RGBA(red: 0, green: 0.478431, blue: 1))
    }

    func testLayerLinesTransformsAndOldColourSpaces() throws {
        let tree = try S.tree(try S.fixture("layer-lines.txt"))
        let l = tree.layers
        let host = try S.index(tree, view: "Maps.TileHostView")
        XCTAssertEqual(tree.className(of: host), "Maps.TileHostLayer")
        XCTAssertEqual(tree.className(of: host + 1), "TileRenderLayer")
        XCTAssertEqual(tree.className(of: host + 2), "CAMetalLayer")
        XCTAssertEqual(Int(l[host + 2].parent), host + 1)
        XCTAssertEqual(l[host + 1].unknown, UnknownProperties.notInViewDescriptions.union([.backgroundColor, .transform]))
        XCTAssertEqual(l[try S.index(tree, view: "Maps.PanContainerView")].bounds.size, Size(width: 24000.25, height: 24000.25))
        // A 2D scale: the printed frame (−9 −9; 54 54) is half the bounds, about the centre.
        let pin = try S.index(tree, view: "Maps.PinView")
        let image = pin + 1
        XCTAssertEqual(tree.viewClass(of: image), "UIImageView")
        XCTAssertEqual(l[image].bounds, Rect(x: 0, y: 0, width: 108, height: 108))
        XCTAssertEqual(l[image].position, Point(x: 18, y: 18))
        XCTAssertEqual(l[image].frame, Rect(x: -9, y: -9, width: 54, height: 54))
        XCTAssertEqual(tree.className(of: try S.index(tree, view: "Maps.PinShapeView")), "CAShapeLayer")
        // `tintColor` is not a background; `kCGColorSpaceModelRGB … ` with a trailing space is.
        XCTAssertNil(l[pin + 3].backgroundColor)
        let label = try S.index(tree, view: "UILabel", text: "")
        XCTAssertEqual(l[label].backgroundColor, RGBA(red: 1, green: 0.8, blue: 0, alpha: 0.5))
        XCTAssertEqual(Int(l[label].parent), 0)
    }

    func testUnknownsAreWhatViewDescriptionsCannotSay() throws {
        for name in ["raw-profile.txt", "stripped-checkout.txt", "layer-lines.txt", "clipped-card.txt"] {
            let tree = try S.tree(try S.fixture(name))
            for (i, layer) in tree.layers.enumerated() {
                XCTAssertTrue(layer.unknown.isSuperset(of: .notInViewDescriptions), "\(name) \(i)")
                XCTAssertNil(layer.contents, "contents are unknown, never claimed: \(name) \(i)")
                XCTAssertEqual(layer.cornerRadius, 0)
                XCTAssertEqual(layer.shadow.opacity, 0)
                XCTAssertEqual(layer.mask, -1)
                let resolved = layer.backgroundColor.map { $0 != RGBA(red: 0.5, green: 0.5, blue: 0.5) } ?? true
                if layer.viewClassID != nil, resolved {
                    XCTAssertFalse(layer.unknown.contains(.backgroundColor), "\(name) \(i)")
                }
                if layer.viewClassID != nil { XCTAssertFalse(layer.unknown.contains(.transform), "\(name) \(i)") }
            }
        }
    }

    func testFileReadsLikeBytesAndIsLimitedInSize() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layerlint-rd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try S.fixture("raw-profile.txt")
        let path = folder.appendingPathComponent("profile.txt").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let fromFile = DumpReader().read(contentsOf: path, syntax: .recursiveDescription)
        XCTAssertNil(fromFile.error)
        XCTAssertEqual(S.summaries(try XCTUnwrap(fromFile.snapshots.first)), S.summaries(try S.tree(text)))

        let empty = folder.appendingPathComponent("empty.txt").path
        try Data().write(to: URL(fileURLWithPath: empty))
        XCTAssertEqual(DumpReader().read(contentsOf: empty, syntax: .recursiveDescription).error?.location,
                       SourceLocation(line: 1, column: 1))

        // A sparse file past the limit is refused before it is read.
        let huge = folder.appendingPathComponent("huge.txt").path
        XCTAssertTrue(FileManager.default.createFile(atPath: huge, contents: Data("<UIView>".utf8)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: huge))
        try handle.truncate(atOffset: UInt64(RecursiveDescriptionImporter.largestFile + 1))
        try handle.close()
        XCTAssertEqual(DumpReader().read(contentsOf: huge, syntax: .recursiveDescription).error?.message,
                       "cannot read the file: it is 67108865 bytes, more than the 64 MiB a recursiveDescription may have")
        XCTAssertEqual(DumpSyntax(rawValue: "recursive-description"), .recursiveDescription)
    }
}
