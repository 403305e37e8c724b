import LayerDecode
import LayerImport
import LayerGeometry
import LayerModel
import XCTest

/// The compact layer keeps CALayer's semantics: defaults, copies, and every property
/// reading back what was written, whether it lives inline or in the shared box.
final class CompactModelTests: XCTestCase {
    func testDefaultsAreCALayers() {
        let l = Layer()
        XCTAssertEqual(l.bounds, .zero)
        XCTAssertEqual(l.anchorPoint, Point(x: 0.5, y: 0.5))
        XCTAssertEqual(l.borderColor, .black)
        XCTAssertEqual(l.borderWidth, 0)
        XCTAssertTrue(l.allowsGroupOpacity)
        XCTAssertFalse(l.masksToBounds || l.isHidden || l.shouldRasterize || l.hasContents)
        XCTAssertNil(l.contents)
        XCTAssertNil(l.backgroundColor)
        XCTAssertNil(l.transform)
        XCTAssertFalse(l.hasTransform)
        XCTAssertEqual(l.shadow.radius, 3)
        XCTAssertEqual(l.contentsGravity, .resize)
    }

    func testCopiesDoNotShareChanges() {
        var a = Layer()
        a.shadow.opacity = 0.5
        var b = a
        b.shadow.opacity = 0.1
        b.bounds = Rect(x: 2, y: 3, width: 10, height: 20)
        b.transform = Transform3D(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0)
        XCTAssertEqual(a.shadow.opacity, 0.5)
        XCTAssertEqual(a.bounds, .zero)
        XCTAssertNil(a.transform)
        XCTAssertEqual(b.shadow.opacity, 0.1)
        XCTAssertEqual(b.bounds, Rect(x: 2, y: 3, width: 10, height: 20))
        XCTAssertTrue(b.hasTransform)
        XCTAssertFalse(b.hasSublayerTransform)
    }

    func testEveryPropertyReadsBack() {
        var l = Layer()
        l.isHidden = true; l.masksToBounds = true; l.shouldRasterize = true; l.allowsGroupOpacity = false
        l.backgroundColor = RGBA(red: 1, green: 0, blue: 0, alpha: 0.5)
        l.contents = LayerContents(pixelWidth: 84, pixelHeight: 42.5, scale: 3)
        l.anchorPoint = Point(x: 0, y: 1)
        l.borderWidth = 2; l.borderColor = nil
        l.sublayerTransform = Transform3D(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 10)
        l.observedOffscreenCount = 4
        l.extras = [ExtraProperty(key: "k", json: "1")]
        XCTAssertTrue(l.isHidden && l.masksToBounds && l.shouldRasterize)
        XCTAssertFalse(l.allowsGroupOpacity)
        XCTAssertEqual(l.backgroundColor?.alphaByte, 128)
        XCTAssertEqual(l.contents, LayerContents(pixelWidth: 84, pixelHeight: 42.5, scale: 3))
        XCTAssertEqual(l.anchorPoint, Point(x: 0, y: 1))
        XCTAssertEqual(l.borderWidth, 2)
        XCTAssertNil(l.borderColor)
        XCTAssertTrue(l.hasSublayerTransform)
        XCTAssertEqual(l.observedOffscreenCount, 4)
        XCTAssertEqual(l.extras.count, 1)
        l.contents = nil
        l.backgroundColor = nil
        XCTAssertNil(l.contents)
        XCTAssertNil(l.backgroundColor)
    }

    /// The memory target (a million layers in less than the file) rests on this size.
    func testLayerStaysSmall() {
        XCTAssertLessThanOrEqual(MemoryLayout<Layer>.stride, 112)
    }

    func testInternerGivesEqualTextsOneID() {
        var interner = StringInterner()
        let a = interner.intern("UIImageView")
        let b = interner.intern("UILabel")
        XCTAssertEqual(interner.intern("UIImageView"), a)
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(interner.intern("CALayer"), .caLayer)
        // Past the table's first growth, every id still finds its text.
        let ids = (0..<1000).map { interner.intern("view\($0)") }
        for (n, id) in ids.enumerated() {
            XCTAssertEqual(interner.strings[Int(id.rawValue)], "view\(n)")
            XCTAssertEqual(interner.intern("view\(n)"), id)
        }
    }
}

final class LayerPathTests: XCTestCase {
    private func chain(depth: Int) throws -> LayerTree {
        var json = ""
        for k in 0..<depth { json += #"{"name":"l\#(k)","sublayers":["# }
        json += "{}"
        for _ in 0..<depth { json += "]}" }
        let d = DumpReader().read(#"{"root":"# + json + "}", syntax: .json)
        XCTAssertNil(d.error)
        return try XCTUnwrap(d.snapshots.first)
    }

    func testShallowPathsAreWhole() throws {
        let tree = try chain(depth: 63)
        let path = LayerPaths(tree).path(of: 63)
        XCTAssertEqual(path.split(separator: "/").count, 64)
        XCTAssertFalse(path.contains("…"))
    }

    func testDeepPathsKeepTheirEnds() throws {
        let tree = try chain(depth: 200)
        let path = LayerPaths(tree).path(of: 200)
        let segments = path.split(separator: "/")
        XCTAssertEqual(segments.count, 16 + 1 + 32)
        XCTAssertEqual(segments.first, "l0")
        XCTAssertEqual(segments[15], "l15")
        XCTAssertEqual(segments[16], "…(153 levels)…")
        XCTAssertEqual(segments[17], "l169")
        XCTAssertEqual(segments.last, "CALayer")
    }

    func testDeepPathsMatchAWalkToTheRoot() throws {
        // Every layer of a chain across the shortening threshold, through the table and
        // alone, against the path spelled out by walking every parent link.
        let tree = try chain(depth: 90)
        let paths = LayerPaths(tree)
        let table = PathTable(paths, layers: Array(0..<tree.count))
        for i in 0..<tree.count {
            var labels: [String] = []
            var k = i
            while k >= 0 { labels.append(tree.label(of: k)); k = Int(tree.layers[k].parent) }
            labels.reverse()
            let expected = labels.count > 64
                ? (labels[..<16] + ["…(\(labels.count - 48) levels)…"] + labels[(labels.count - 32)...]).joined(separator: "/")
                : labels.joined(separator: "/")
            XCTAssertEqual(paths.path(of: i), expected, "layer \(i)")
            XCTAssertEqual(table[i], expected, "layer \(i) in the table")
        }
    }

    func testTableGivesTheSamePaths() throws {
        let tree = try XCTUnwrap(DumpReader().read("""
        root:
          name: cell
          sublayers:
            - view: UIImageView
            - view: UIImageView
              mask: {}
            - name: title
        """, syntax: .yaml).snapshots.first)
        let paths = LayerPaths(tree)
        let table = PathTable(paths, layers: [4, 0, 2, 3, 2, 1])
        for i in 0..<tree.count { XCTAssertEqual(table[i], paths.path(of: i)) }
        XCTAssertEqual(table[3], "cell/UIImageView[1]/mask")
    }
}
