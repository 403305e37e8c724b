import LayerDecode
import LayerImport
import LayerGeometry
import LayerModel
import XCTest

final class DumpDecoderTests: XCTestCase {
    private func read(_ text: String, _ syntax: DumpSyntax = .yaml) -> DecodedDump {
        DumpReader().read(text, syntax: syntax)
    }

    private func error(_ text: String, _ syntax: DumpSyntax = .yaml, file: StaticString = #filePath, line: UInt = #line) -> DecodeError? {
        let d = read(text, syntax)
        XCTAssertNotNil(d.error, "expected an error", file: file, line: line)
        return d.error
    }

    func testReadsEveryKey() throws {
        let d = read("""
        layerlint: 1
        scale: 2
        refreshRate: 120
        screen: Feed
        root:
          class: CAShapeLayer
          name: card
          view: CardView
          frame: [10, 20, 100, 50]
          transform: [1, 0, 0, 1, 5, 6]
          opacity: 0.5
          hidden: false
          allowsGroupOpacity: false
          backgroundColor: "#FF000080"
          borderWidth: 1
          borderColor: null
          cornerRadius: 8
          cornerCurve: continuous
          maskedCorners: [minXMinY, maxXMinY]
          masksToBounds: true
          contents: {width: 30, height: 40, scale: 2}
          contentsGravity: center
          shadowOpacity: 0.25
          shadowRadius: 4
          shadowOffset: [1, 2]
          shadowColor: "#112233"
          shadowPath: "M0 0 L 10 0 L 10 10 Z"
          path: "M 0 0 H 10 V 10 Z"
          fillColor: null
          strokeColor: "#000000"
          lineWidth: 2
          shouldRasterize: true
          rasterizationScale: 3
          offscreenCount: 4
          futureKey: {a: [1, "x", true, null]}
        """)
        XCTAssertNil(d.error)
        let tree = try XCTUnwrap(d.snapshots.first)
        XCTAssertEqual(tree.scale, 2)
        XCTAssertEqual(tree.refreshRate, 120)
        XCTAssertEqual(tree.screen, "Feed")
        let l = tree.layers[0]
        XCTAssertEqual(tree.className(of: 0), "CAShapeLayer")
        XCTAssertEqual(tree.name(of: 0), "card")
        XCTAssertEqual(tree.viewClass(of: 0), "CardView")
        XCTAssertEqual(l.bounds, Rect(x: 0, y: 0, width: 100, height: 50))
        XCTAssertEqual(l.position, Point(x: 60, y: 45))
        XCTAssertEqual(l.transform, Transform3D(a: 1, b: 0, c: 0, d: 1, tx: 5, ty: 6))
        XCTAssertEqual(l.opacity, 0.5)
        XCTAssertFalse(l.allowsGroupOpacity)
        XCTAssertEqual(l.backgroundColor?.alpha ?? 0, 128.0 / 255, accuracy: 1e-9)
        XCTAssertNil(l.borderColor)
        XCTAssertEqual(l.cornerCurve, .continuous)
        XCTAssertEqual(l.maskedCorners, [.minXMinY, .maxXMinY])
        XCTAssertTrue(l.masksToBounds)
        XCTAssertEqual(l.contents, LayerContents(pixelWidth: 30, pixelHeight: 40, scale: 2))
        XCTAssertEqual(l.contentsGravity, .center)
        XCTAssertEqual(l.shadow.offset, Size(width: 1, height: 2))
        XCTAssertEqual(l.shadow.path?.path.elements.count, 4)
        XCTAssertEqual(l.shape?.lineWidth, 2)
        XCTAssertNil(l.shape?.fillColor)
        XCTAssertTrue(l.shouldRasterize)
        XCTAssertEqual(l.observedOffscreenCount, 4)
        XCTAssertEqual(l.extras, [ExtraProperty(key: "futureKey", json: #"{"a":[1,"x",true,null]}"#)])
    }

    func testDefaultsAreCALayers() throws {
        let tree = try XCTUnwrap(read("root: {}").snapshots.first)
        let l = tree.layers[0]
        XCTAssertEqual(tree.className(of: 0), "CALayer")
        XCTAssertEqual(l.opacity, 1)
        XCTAssertEqual(l.shadow.radius, 3)
        XCTAssertEqual(l.shadow.offset, Size(width: 0, height: -3))
        XCTAssertEqual(l.shadow.opacity, 0)
        XCTAssertEqual(l.borderColor, .black)
        XCTAssertEqual(l.maskedCorners, .all)
        XCTAssertEqual(l.anchorPoint, Point(x: 0.5, y: 0.5))
    }

    func testTreeLinksAndLocations() throws {
        let tree = try XCTUnwrap(read("""
        root:
          name: a
          sublayers:
            - name: b
              mask:
                name: m
              sublayers:
                - name: c
            - name: d
        """).snapshots.first)
        XCTAssertEqual(tree.layers.indices.map { tree.name(of: $0) ?? "" }, ["a", "b", "m", "c", "d"])
        XCTAssertEqual(tree.layers.map(\.subtreeEnd), [5, 4, 3, 4, 5])
        XCTAssertEqual(tree.layers[1].mask, 2)
        XCTAssertEqual(tree.layers[2].role, .mask)
        XCTAssertEqual(Array(tree.sublayers(of: 0)), [1, 4])
        XCTAssertEqual(Array(tree.sublayers(of: 1)), [3])
        XCTAssertEqual(LayerPaths(tree).path(of: 3), "a/b/c")
        XCTAssertEqual(LayerPaths(tree).path(of: 2), "a/b/mask")
        XCTAssertEqual(tree.layers[3].location, SourceLocation(line: 8, column: 11))
    }

    func testSiblingsWithTheSameLabelAreIndexed() throws {
        let tree = try XCTUnwrap(read("""
        root:
          view: Cell
          sublayers:
            - view: UIImageView
            - view: UILabel
            - view: UIImageView
        """).snapshots.first)
        XCTAssertEqual((1...3).map { LayerPaths(tree).path(of: $0) }, ["Cell/UIImageView[0]", "Cell/UILabel", "Cell/UIImageView[1]"])
    }

    func testSeveralDocumentsAreSeveralSnapshots() {
        let d = read("root: {name: a}\n---\nroot: {name: b}\n")
        XCTAssertEqual(d.snapshots.map { $0.name(of: 0) }, ["a", "b"])
    }

    func testWrongTypeIsAnErrorAtTheValue() throws {
        let e = try XCTUnwrap(error("root:\n  cornerRadius: \"12\"\n"))
        XCTAssertEqual(e.location, SourceLocation(line: 2, column: 17))
        XCTAssertTrue(e.message.contains("`cornerRadius` must be a number ≥ 0"), e.message)
        XCTAssertTrue(e.message.contains("the string"), e.message)
    }

    func testFrameWithThreeNumbers() throws {
        let e = try XCTUnwrap(error("root:\n  sublayers:\n    - frame: [0, 0, 10]\n"))
        XCTAssertEqual(e.location, SourceLocation(line: 3, column: 14))
        XCTAssertEqual(e.message, "`frame` needs 4 numbers [x, y, width, height], found 3")
    }

    func testSameErrorsInJSON() throws {
        let e = try XCTUnwrap(error("{\"root\": {\"sublayers\": [{\"frame\": [0, 0, 10]}]}}", .json))
        XCTAssertEqual(e.message, "`frame` needs 4 numbers [x, y, width, height], found 3")
        XCTAssertEqual(e.location, SourceLocation(line: 1, column: 35))
    }

    func testTypoGetsAWarningNamingTheKey() throws {
        let d = read("root:\n  shadowOpactiy: 0.5\n  masktoBounds: true\n  myTeamNote: hi\n")
        XCTAssertNil(d.error)
        XCTAssertEqual(d.warnings.map(\.message), [
            "unknown layer key 'shadowOpactiy'; did you mean 'shadowOpacity'? (kept as an extra property)",
            "unknown layer key 'masktoBounds'; did you mean 'masksToBounds'? (kept as an extra property)",
        ])
        XCTAssertEqual(d.warnings.first?.location, SourceLocation(line: 2, column: 3))
        XCTAssertEqual(d.snapshots.first?.layers.first?.extras.map(\.key), ["shadowOpactiy", "masktoBounds", "myTeamNote"])
    }

    /// A layer's unknown keys are gathered while its mapping is open, also around its
    /// sublayers, and kept in order. (Appended to the layer one at a time they were copied
    /// on every key: a layer of 200,000 unknown keys on one line took over two minutes.)
    func testUnknownKeysAroundSublayersStayWithTheirLayer() throws {
        let many = (0..<5_000).map { "k\($0): \($0)" }.joined(separator: ", ")
        let text = "root:\n  a: 1\n  sublayers:\n    - {name: child, \(many)}\n  b: [2]\n"
        for syntax in [DumpSyntax.yaml, .json] {
            let source = syntax == .yaml ? text : """
                {"root": {"a": 1, "sublayers": [{"name": "child", \((0..<5_000).map { "\"k\($0)\": \($0)" }.joined(separator: ", "))}], "b": [2]}}
                """
            let d = DumpReader().read(source, syntax: syntax)
            XCTAssertNil(d.error, "\(syntax)")
            let layers = try XCTUnwrap(d.snapshots.first?.layers)
            XCTAssertEqual(layers[0].extras, [ExtraProperty(key: "a", json: "1"), ExtraProperty(key: "b", json: "[2]")], "\(syntax)")
            XCTAssertEqual(layers[1].extras.map(\.key), (0..<5_000).map { "k\($0)" }, "\(syntax)")
            XCTAssertEqual(layers[1].extras.last?.json, "4999", "\(syntax)")
        }
    }

    func testOtherErrors() throws {
        XCTAssertEqual(try XCTUnwrap(error("- a\n- b\n")).message, "a dump must be a mapping with a `root` layer, found a list")
        XCTAssertEqual(try XCTUnwrap(error("screen: x\n")).message, "the dump has no `root` layer")
        XCTAssertEqual(try XCTUnwrap(error("")).message, "the file holds no dump; expected a mapping with a `root` layer")
        XCTAssertTrue(try XCTUnwrap(error("root:\n  opacity: 2\n")).message.contains("from 0 to 1"))
        XCTAssertTrue(try XCTUnwrap(error("root:\n  opacity: .nan\n")).message.contains("finite"))
        XCTAssertTrue(try XCTUnwrap(error("root:\n  frame: [0, 0, -1, 4]\n")).message.contains("negative size"))
        XCTAssertTrue(try XCTUnwrap(error("root:\n  hidden: yes please\n")).message.contains("true or false"))
        XCTAssertTrue(try XCTUnwrap(error("root:\n  backgroundColor: red\n")).message.contains("#RRGGBB"))
        XCTAssertTrue(try XCTUnwrap(error("root:\n  cornerCurve: round\n")).message.contains("circular, continuous"))
        XCTAssertTrue(try XCTUnwrap(error("root:\n  name: a\n  name: b\n")).message.contains("duplicate key 'name'"))
        XCTAssertTrue(try XCTUnwrap(error("layerlint: 2\nroot: {}\n")).message.contains("unsupported format version 2"))
        XCTAssertTrue(try XCTUnwrap(error("root: &a\n  sublayers: [*a]\n")).message.contains("aliases"))
        let path = try XCTUnwrap(error("root:\n  shadowPath: \"M 0 0 L 1\"\n"))
        XCTAssertTrue(path.message.contains("SVG path"), path.message)
        XCTAssertEqual(path.location.line, 2)
        let unclosed = try XCTUnwrap(error("root:\n  frame: [0, 0\n  name: x\n"))
        XCTAssertEqual(unclosed.location, SourceLocation(line: 2, column: 14))
        let syntax = try XCTUnwrap(error("root:\n  name: a\n name: b\n"))
        XCTAssertEqual(syntax.location.line, 3)
    }

    func testGeometryDoesNotDependOnKeyOrder() throws {
        let orders = [
            "frame: [10, 20, 100, 50]\n  anchorPoint: [0, 0]",
            "anchorPoint: [0, 0]\n  frame: [10, 20, 100, 50]",
        ]
        for order in orders {
            let l = try XCTUnwrap(read("root:\n  \(order)\n").snapshots.first?.layers.first)
            XCTAssertEqual(l.position, Point(x: 10, y: 20), order)
            XCTAssertEqual(l.frame, Rect(x: 10, y: 20, width: 100, height: 50), order)
        }
        for order in ["bounds: [5, 5, 30, 30]\n  frame: [0, 0, 100, 50]", "frame: [0, 0, 100, 50]\n  bounds: [5, 5, 30, 30]"] {
            let l = try XCTUnwrap(read("root:\n  \(order)\n").snapshots.first?.layers.first)
            XCTAssertEqual(l.bounds, Rect(x: 5, y: 5, width: 30, height: 30), order)
            XCTAssertEqual(l.position, Point(x: 50, y: 25), order)
        }
    }

    func testUnquotedColourIsCaught() throws {
        let d = read("root:\n  backgroundColor: #FF3B30\n  borderColor: null\n")
        XCTAssertNil(d.error)
        XCTAssertEqual(d.warnings.count, 1)
        XCTAssertTrue(d.warnings.first?.message.contains("quote it") ?? false)
        XCTAssertEqual(d.warnings.first?.location.line, 2)
    }

    func testDeepTreesDoNotRecurse() throws {
        let depth = 100_000
        let json = "{\"root\": " + String(repeating: "{\"sublayers\": [", count: depth) + String(repeating: "]}", count: depth) + "}"
        let fromJSON = read(json, .json)
        XCTAssertNil(fromJSON.error)
        XCTAssertEqual(fromJSON.snapshots.first?.layers.count, depth)
        XCTAssertEqual(fromJSON.snapshots.first?.layers.last?.parent, Int32(depth - 2))
        // Deep YAML has to be written in flow style (block indentation grows with depth),
        // and libyaml's flow-key bookkeeping is quadratic in depth, so 5,000 levels here,
        // with `limits.flowNestingDepth` raised to let them through.
        let yamlDepth = 5_000
        let yaml = "root:\n  sublayers: [" + String(repeating: "{sublayers: [", count: yamlDepth - 1) + String(repeating: "]}", count: yamlDepth - 1) + "]\n"
        let fromYAML = DumpReader(limits: DecodeLimits(flowNestingDepth: 2 * yamlDepth)).read(yaml, syntax: .yaml)
        XCTAssertNil(fromYAML.error)
        XCTAssertEqual(fromYAML.snapshots.first?.layers.count, yamlDepth)
    }
}
