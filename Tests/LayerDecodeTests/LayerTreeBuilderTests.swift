import LayerDecode
import LayerImport
import LayerGeometry
import LayerModel
import XCTest

final class LayerTreeBuilderTests: XCTestCase {
    /// The builder's tree has the same links as the decoder's for the same layers.
    func testSameLinksAsTheDecoder() throws {
        let yaml = """
        root:
          name: top
          sublayers:
            - name: a
              sublayers:
                - name: a1
              mask: { name: m }
            - name: b
        """
        let decoded = try XCTUnwrap(DumpReader().read(yaml, syntax: .yaml).snapshots.first)
        var b = LayerTreeBuilder()
        func layer(_ name: String) -> Layer { var l = Layer(); l.nameID = b.intern(name); return l }
        b.open(layer("top"))
        b.open(layer("a"))
        b.open(layer("a1")); b.close()
        b.open(layer("m"), role: .mask); b.close()
        b.close()
        b.open(layer("b")); b.close()
        let built = b.finish()
        XCTAssertEqual(built.layers.count, decoded.layers.count)
        for i in built.layers.indices {
            XCTAssertEqual(built.name(of: i), decoded.name(of: i))
            XCTAssertEqual(built.layers[i].parent, decoded.layers[i].parent, "parent of \(i)")
            XCTAssertEqual(built.layers[i].subtreeEnd, decoded.layers[i].subtreeEnd, "subtreeEnd of \(i)")
            XCTAssertEqual(built.layers[i].mask, decoded.layers[i].mask, "mask of \(i)")
            XCTAssertEqual(built.layers[i].role, decoded.layers[i].role, "role of \(i)")
        }
        XCTAssertEqual(LayerPaths(built).path(of: 2), "top/a/a1")
    }

    func testFrameSetsBoundsAndPosition() {
        var l = Layer()
        LayerTreeBuilder.setFrame(Rect(x: 10, y: 20, width: 100, height: 50), of: &l)
        XCTAssertEqual(l.frame, Rect(x: 10, y: 20, width: 100, height: 50))
    }
}
