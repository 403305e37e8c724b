import Foundation
import LayerTreeExport
import Testing

/// A snapshot whose root has `configure` applied, for one-key checks.
private func yamlOfRoot(_ configure: (inout ExportedLayer) -> Void) -> String {
    var root = ExportedLayer()
    configure(&root)
    return LayerTreeExport.yaml(LayerSnapshot(root: root))
}

/// The root's lines of a one-layer YAML dump, without the header.
private func rootLines(_ configure: (inout ExportedLayer) -> Void) -> [String] {
    let lines = yamlOfRoot(configure).split(separator: "\n").map(String.init)
    return Array(lines.drop { $0 != "root:" }.dropFirst())
}

@Suite("Serializer: text")
struct QuotingTests {
    @Test("colours are always quoted, with eight digits")
    func colours() {
        let lines = rootLines {
            $0.backgroundColor = RGBAColor(red: 1, green: 0.231, blue: 0.188)
            $0.borderColor = nil
            $0.shadow.color = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.5)
        }
        #expect(lines == ["  backgroundColor: \"#FF3B30FF\"", "  borderColor: null", "  shadowColor: \"#00000080\""])
    }

    @Test("names YAML would misread are quoted; plain ones are not", arguments: [
        ("contentView", "contentView"),
        ("FeedCell (shadowPath set)", "FeedCell (shadowPath set)"),
        ("MyApp.CardView<Int>", "MyApp.CardView<Int>"),
        ("a: b", "\"a: b\""),
        ("#tag", "\"#tag\""),
        ("it's", "\"it's\""),
        ("say \"hi\"", "\"say \\\"hi\\\"\""),
        ("two\nlines", "\"two\\nlines\""),
        (" leading", "\" leading\""),
        ("trailing ", "\"trailing \""),
        ("yes", "\"yes\""), ("No", "\"No\""), ("null", "\"null\""), ("~", "\"~\""), ("TRUE", "\"TRUE\""),
        ("off", "\"off\""), ("404", "\"404\""), ("1e3", "\"1e3\""), (".inf", "\".inf\""), ("nan", "\"nan\""),
        ("", "\"\""), ("- item", "\"- item\""), ("[x]", "\"[x]\""), ("a,b", "\"a,b\""), ("tab\there", "\"tab\\there\""),
        ("bell\u{7}", "\"bell\\u0007\""), ("del\u{7F}", "\"del\\u007F\""),
    ])
    func names(_ name: String, _ written: String) {
        #expect(rootLines { $0.name = name } == ["  name: " + written])
        let json = LayerTreeExport.json(LayerSnapshot(root: ExportedLayer(name: name)))
        let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect((object?["root"] as? [String: Any])?["name"] as? String == name, "JSON does not read back: \(json)")
    }

    @Test("a layer with only defaults writes nothing but itself")
    func defaults() {
        #expect(yamlOfRoot { _ in } == "layerlint: 1\nroot: {}\n")
        var shape = ExportedLayer(className: "CAShapeLayer")
        shape.shape = ExportedShape()
        shape.shadow = ExportedShadow()
        #expect(LayerTreeExport.yaml(LayerSnapshot(root: shape)) == "layerlint: 1\nroot:\n  class: CAShapeLayer\n")
        #expect(LayerTreeExport.json(LayerSnapshot(root: ExportedLayer())) == "{\n  \"layerlint\": 1,\n  \"root\": {}\n}\n")
    }

    @Test("the header: layerlint first, then what differs from the defaults")
    func header() {
        let s = LayerSnapshot(screen: "Feed", scale: 2, refreshRate: 120, unknown: ["shadowPath", "sublayers"], root: ExportedLayer())
        #expect(LayerTreeExport.yaml(s) == "layerlint: 1\nscale: 2\nrefreshRate: 120\nscreen: Feed\nunknown: [shadowPath, sublayers]\nroot: {}\n")
    }

    @Test("frame when it is exact, else bounds and position")
    func geometry() {
        var l = ExportedLayer()
        l.setFrame(ExportedRect(x: 16, y: 8, width: 358, height: 316))
        #expect(rootLines { $0 = l } == ["  frame: [16, 8, 358, 316]"])
        l.bounds.origin.y = 1100
        #expect(rootLines { $0 = l } == ["  bounds: [0, 1100, 358, 316]", "  position: [195, 166]"])
        var anchored = ExportedLayer()
        anchored.anchorPoint = ExportedPoint(x: 0, y: 1)
        anchored.setFrame(ExportedRect(x: 10, y: 20, width: 30, height: 40))
        #expect(rootLines { $0 = anchored } == ["  frame: [10, 20, 30, 40]", "  anchorPoint: [0, 1]"])
    }

    @Test("transforms: 6 numbers when affine, 16 otherwise")
    func transforms() {
        var perspective = ExportedTransform.identity.values
        perspective[11] = -1.0 / 500
        let lines = rootLines {
            $0.transform = ExportedTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 10, ty: 0)
            $0.sublayerTransform = ExportedTransform(values: perspective)!
        }
        #expect(lines == ["  transform: [0.5, 0, 0, 0.5, 10, 0]",
                          "  sublayerTransform: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1]"])
    }

    @Test("extra keys keep their JSON values, in one layout; a key the format defines is never repeated")
    func extras() {
        let lines = rootLines {
            $0.extras = [ExportedExtra(key: "gradient", json: "{\"colors\":[\"#FF0000\", \"#0000FF\"],\n \"angle\":1.50}"),
                         ExportedExtra(key: "cornerRadius", json: "3"), ExportedExtra(key: "note: x", json: "\"a\\/b\"")]
        }
        #expect(lines == ["  gradient: {\"colors\": [\"#FF0000\", \"#0000FF\"], \"angle\": 1.5}", "  \"note: x\": \"a/b\""])
    }
}

@Suite("Serializer: numbers")
struct NumberTests {
    @Test("shortest round-trip form", arguments: [
        (1.0, "1"), (0.1, "0.1"), (0.1 + 0.2, "0.30000000000000004"), (-2.5, "-2.5"), (-0.0, "0"), (358, "358"),
        (1e20, "100000000000000000000"), (1e21, "1.0e+21"), (1.5e300, "1.5e+300"), (1e-7, "0.0000001"),
        (1.25e-8, "1.25e-8"), (-4e-10, "-4.0e-10"), (123456.789, "123456.789"), (Double.nan, "0"),
        (-Double.infinity, "0"), (2.0 / 3, "0.6666666666666666"),
        // Whole numbers take a shortcut below 1e15; both sides of its edge read the same.
        (-358, "-358"), (999_999_999_999_999, "999999999999999"), (1e15, "1000000000000000"),
        (-1e15, "-1000000000000000"), (4_503_599_627_370_497, "4503599627370497"),
    ] as [(Double, String)])
    func shortest(_ value: Double, _ text: String) {
        // A translation with ty 1 is never the identity, so the number is always written.
        let lines = rootLines { $0.transform = ExportedTransform(a: 1, b: 0, c: 0, d: 1, tx: value, ty: 1) }
        #expect(lines == ["  transform: [1, 0, 0, 1, \(text), 1]"])
    }

    @Test("every written number reads back as the same Double")
    func roundTrip() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let v = Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF) * (Bool.random() ? 1 : -1)
            let line = rootLines { $0.zPosition = v }.first ?? ""
            let text = String(line.dropFirst("  zPosition: ".count))
            #expect(Double(text) == v, "\(v) written as \(text)")
        }
    }
}

@Suite("Serializer: structure")
struct StructureTests {
    /// A card with a masked avatar and two labels: most kinds of key.
    static var card: LayerSnapshot {
        var avatar = ExportedLayer(name: "avatar", viewClass: "UIImageView")
        avatar.setFrame(ExportedRect(x: 16, y: 12, width: 36, height: 36))
        avatar.contents = ExportedContents(pixelWidth: 108, pixelHeight: 108, scale: 3)
        avatar.contentsGravity = .resizeAspectFill
        var mask = ExportedLayer(className: "CAShapeLayer")
        mask.setFrame(ExportedRect(x: 0, y: 0, width: 36, height: 36))
        mask.shape = ExportedShape(path: "M 0 0 L 36 0 L 36 36 Z", strokeColor: RGBAColor(red: 1, green: 0, blue: 0), lineWidth: 2)
        avatar.mask = mask
        var card = ExportedLayer(name: "card", viewClass: "UIView")
        card.setFrame(ExportedRect(x: 0, y: 0, width: 390, height: 96))
        card.shadow = ExportedShadow(opacity: 0.08, radius: 6, offset: ExportedSize(width: 0, height: 2))
        card.maskedCorners = [.minXMinY, .maxXMinY]
        card.cornerRadius = 12
        card.unknown = ["transform"]
        card.offscreenCount = 2
        card.sublayers = [avatar, ExportedLayer(className: "_UILabelLayer", viewClass: "UILabel"), ExportedLayer()]
        return LayerSnapshot(screen: "Card", root: card)
    }

    @Test("block YAML: keys in the format's order, mask before sublayers, empty layers as {}")
    func blockLayout() {
        #expect(LayerTreeExport.yaml(Self.card) == """
        layerlint: 1
        screen: Card
        root:
          name: card
          view: UIView
          frame: [0, 0, 390, 96]
          cornerRadius: 12
          maskedCorners: [minXMinY, maxXMinY]
          shadowOpacity: 0.08
          shadowRadius: 6
          shadowOffset: [0, 2]
          offscreenCount: 2
          unknown: [transform]
          sublayers:
            - name: avatar
              view: UIImageView
              frame: [16, 12, 36, 36]
              contents: {width: 108, height: 108, scale: 3}
              contentsGravity: resizeAspectFill
              mask:
                class: CAShapeLayer
                frame: [0, 0, 36, 36]
                path: "M 0 0 L 36 0 L 36 36 Z"
                strokeColor: "#FF0000FF"
                lineWidth: 2
            - view: UILabel
              class: _UILabelLayer
            - {}

        """)
    }

    @Test("a layer with no keys of its own opens with mask: or sublayers: after its dash")
    func keylessItems() {
        var outer = ExportedLayer()
        var maskOnly = ExportedLayer()
        maskOnly.mask = ExportedLayer(name: "m")
        var subsOnly = ExportedLayer()
        subsOnly.sublayers = [ExportedLayer(name: "s")]
        outer.sublayers = [maskOnly, subsOnly]
        #expect(LayerTreeExport.yaml(LayerSnapshot(root: outer)) == """
        layerlint: 1
        root:
          sublayers:
            - mask:
                name: m
            - sublayers:
                - name: s

        """)
    }

    @Test("JSON is valid, pretty, and uses only the schema's key names")
    func json() throws {
        let text = LayerTreeExport.json(Self.card)
        guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              let root = object["root"] as? [String: Any] else { Issue.record("not a JSON object: \(text)"); return }
        #expect(text.hasPrefix("{\n  \"layerlint\": 1,\n  \"screen\": \"Card\",\n  \"root\": {\n    \"name\": \"card\","))
        let schemaURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("schema/layerlint-dump-v1.schema.json")
        let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL)) as? [String: Any] ?? [:]
        let headerKeys = Set(((schema["properties"] as? [String: Any]) ?? [:]).keys)
        let layerSchema = (schema["definitions"] as? [String: Any])?["layer"] as? [String: Any]
        let layerKeys = Set(((layerSchema?["properties"] as? [String: Any]) ?? [:]).keys)
        #expect(Set(object.keys).isSubset(of: headerKeys))
        #expect(layerKeys.count > 30)
        var pending = [root]
        while let layer = pending.popLast() {
            let unknown = Set(layer.keys).subtracting(layerKeys)
            #expect(unknown.isEmpty, "keys the schema does not know: \(unknown)")
            if let mask = layer["mask"] as? [String: Any] { pending.append(mask) }
            pending += (layer["sublayers"] as? [[String: Any]]) ?? []
        }
    }

    @Test("several snapshots are one YAML stream, separated by ---")
    func stream() {
        let one = LayerSnapshot(screen: "Before", root: ExportedLayer())
        let two = LayerSnapshot(screen: "After", root: ExportedLayer(name: "x"))
        #expect(LayerTreeExport.yaml([one, two]) == "layerlint: 1\nscreen: Before\nroot: {}\n---\nlayerlint: 1\nscreen: After\nroot:\n  name: x\n")
        #expect(LayerTreeExport.yaml([one]) == LayerTreeExport.yaml(one))
    }

    @Test("a 10,000-deep chain is written, in size linear in its depth")
    func deepChain() throws {
        let depth = 10_000
        let text = deepChainText(depth: depth)
        #expect(text.yaml.components(separatedBy: "name: n").count - 1 == depth)
        #expect(text.json.components(separatedBy: "\"name\": \"n").count - 1 == depth)
        // Block style for the first 64 levels, flow style (indentation that stops growing) below.
        #expect(text.yaml.utf8.count < depth * 400)  // quadratic would be ~200 MB
        #expect(text.json.utf8.count < depth * 1000)
        let longestYAMLLine = text.yaml.split(separator: "\n").map(\.utf8.count).max() ?? 0
        #expect(longestYAMLLine < 400)
    }
}

/// Builds and writes a chain on a thread with a large stack: releasing a 10,000-deep
/// nest of arrays recurses once per level, which the serializer itself never does.
func deepChainText(depth: Int) -> (yaml: String, json: String) {
    final class Box: @unchecked Sendable { var result = ("", "") }
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        var layer = ExportedLayer(name: "n\(depth - 1)")
        for k in stride(from: depth - 2, through: 0, by: -1) {
            var parent = ExportedLayer(name: "n\(k)")
            parent.sublayers = [layer]
            layer = parent
        }
        let snapshot = LayerSnapshot(root: layer)
        box.result = (LayerTreeExport.yaml(snapshot), LayerTreeExport.json(snapshot))
        done.signal()
    }
    thread.stackSize = 256 << 20
    thread.start()
    done.wait()
    return box.result
}
