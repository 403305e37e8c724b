import Foundation
import LayerLintKit
import LayerTreeExport
import Testing

private func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> ExportedRect { ExportedRect(x: x, y: y, width: w, height: h) }

/// A table cell with a card that draws a blurred shadow over a rounded white background.
func shadowedCard(shadowPath: Bool) -> FakeLayer {
    let cell = FakeLayer.viewLayer("FeedCell", name: "cell")
    cell.frame = rect(0, 0, 375, 136)
    let card = FakeLayer.viewLayer("UIView", name: "card")
    card.frame = rect(16, 8, 343, 120)
    card.backgroundColor = .rgba(red: 1, green: 1, blue: 1, alpha: 1)
    card.cornerRadius = 12
    card.shadowOpacity = 0.2
    card.shadowRadius = 8
    if shadowPath { card.shadowPath = FakePath.roundedRect(card.bounds, cornerRadius: 12) }
    cell.addSublayer(card)
    return cell
}

/// An image view whose layer is masked by a shape layer with `path`.
func maskedAvatar(path: [ExportedPathElement]) -> FakeLayer {
    let root = FakeLayer()
    root.frame = rect(0, 0, 100, 60)
    let avatar = FakeLayer.viewLayer("UIImageView", name: "avatar")
    avatar.frame = rect(10, 10, 40, 40)
    avatar.contents = .image(pixelWidth: 120, pixelHeight: 120)
    avatar.contentsScale = 3
    let mask = FakeLayer.shapeLayer(path: path)
    mask.frame = rect(0, 0, 40, 40)
    avatar.mask = mask
    root.addSublayer(avatar)
    return root
}

private func findings(_ layer: FakeLayer) -> [Finding] {
    let report = Linter().lint(text: LayerTreeExport.yaml(of: layer))
    #expect(report.error == nil && report.warnings.isEmpty, "\(report.warnings) \(String(describing: report.error))")
    return report.snapshots.flatMap(\.findings)
}

@Suite("Walker: masks, paths, trees")
struct WalkerTreeTests {
    @Test("a mask with sublayers is written under mask:, before the host's sublayers")
    func maskWithSublayers() {
        let host = FakeLayer(name: "host")
        host.frame = rect(0, 0, 80, 24)
        let mask = FakeLayer(name: "stencil")
        mask.frame = rect(0, 0, 80, 24)
        let left = FakeLayer(name: "left"), right = FakeLayer(name: "right")
        left.frame = rect(0, 0, 40, 24)
        left.backgroundColor = .rgba(red: 0, green: 0, blue: 0, alpha: 1)
        right.frame = rect(40, 0, 40, 24)
        right.opacity = 0.5
        right.backgroundColor = .rgba(red: 0, green: 0, blue: 0, alpha: 1)
        mask.addSublayer(left)
        mask.addSublayer(right)
        host.mask = mask
        host.addSublayer(FakeLayer(["_UILabelLayer", "CALayer"], name: "label"))
        #expect(LayerTreeExport.yaml(of: host) == """
        layerlint: 1
        scale: 1
        root:
          name: host
          frame: [0, 0, 80, 24]
          mask:
            name: stencil
            frame: [0, 0, 80, 24]
            sublayers:
              - name: left
                frame: [0, 0, 40, 24]
                backgroundColor: "#000000FF"
              - name: right
                frame: [40, 0, 40, 24]
                opacity: 0.5
                backgroundColor: "#000000FF"
          sublayers:
            - name: label
              class: _UILabelLayer

        """)
        // The mask is no sublayer: giving it to a layer takes it out of its old superlayer.
        let other = FakeLayer()
        other.addSublayer(mask)
        host.mask = mask
        #expect(other.sublayers.isEmpty)
        #expect(mask.superlayer == nil)
    }

    @Test("a mask's own mask is written (Core Animation ignores it; the reader warns)")
    func maskOfMask() {
        let host = FakeLayer(name: "host")
        let mask = FakeLayer(name: "m1")
        mask.mask = FakeLayer(name: "m2")
        host.mask = mask
        #expect(rootLines(of: host) == ["  name: host", "  mask:", "    name: m1", "    mask:", "      name: m2"])
        let report = Linter().lint(text: LayerTreeExport.yaml(of: host))
        #expect(report.warnings.count == 1)
    }

    @Test("paths: lines, quadratic and cubic curves, arcs and rounded rectangles as Core Graphics stores them")
    func paths() {
        let shape = FakeLayer.shapeLayer(path: FakePath.rect(rect(0, 0, 36, 20)))
        #expect(rootLines(of: shape) == ["  class: CAShapeLayer", "  path: \"M 0 0 L 36 0 L 36 20 L 0 20 Z\""])
        // A half circle: two quarter-turn cubics, handles 0.5522847498 × radius long.
        let half = FakePath.arc(center: ExportedPoint(x: 20, y: 20), radius: 20, startAngle: 0, endAngle: .pi, clockwise: false)
        shape.shape?.path = half
        let data = rootLines(of: shape)[1]
        let numbers = data.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: CharacterSet(charactersIn: "\""))) }
        let expected: [Double] = [40, 20, 40, 31.045694996, 31.045694996, 40, 20, 40, 8.954305004, 40, 0, 31.045694996, 0, 20]
        #expect(data.hasPrefix("  path: \"M 40 20 C "))
        #expect(numbers.count == expected.count)
        for (a, b) in zip(numbers, expected) { #expect(abs(a - b) < 1e-6, "\(data)") }
        // A rounded rectangle: a move, and a line then a cubic per corner.
        let rounded = FakePath.roundedRect(rect(0, 0, 40, 40), cornerRadius: 8)
        let commands = PathCommands.of(rounded)
        #expect(commands == "MCLCLCLCZ" || commands == "MCLCLCLCLZ" || commands == "MLCLCLCLCZ")
        #expect(FakePath.ellipse(in: rect(0, 0, 40, 20)).count == 6)  // move, 4 cubics, close
    }

    @Test("a 100,000-level tree is walked and written on a small stack")
    func deepTree() {
        let depth = 100_000
        final class Box: @unchecked Sendable { var yaml = ""; var snapshot: LayerSnapshot? }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        // The walk and the writing run on a 1 MiB stack, where recursion one frame per level
        // could not go 100,000 levels deep.
        let walker = Thread {
            var top = FakeLayer(name: "n0")
            let root = top
            for k in 1..<depth {
                let next = FakeLayer(name: "n\(k)")
                top.addSublayer(next)
                top = next
            }
            let snapshot = LayerTreeExport.snapshot(of: root)
            box.yaml = LayerTreeExport.yaml(snapshot)
            box.snapshot = snapshot
            done.signal()  // `root` (a FakeLayer) is released here, level by level, without recursion.
        }
        walker.stackSize = 1 << 20
        walker.start()
        done.wait()
        #expect(box.yaml.components(separatedBy: "name: n").count - 1 == depth)
        #expect(box.yaml.utf8.count < depth * 400)
        // Releasing the value tree (nested arrays) recurses in Swift's runtime, a frame per
        // level: on a big stack that works, but under the thread sanitizer 100,000 nested
        // frames overrun its shadow stack (a crash at exit in CI). Take it apart level by
        // level, so each layer is freed with no sublayers left.
        var pending = [box.snapshot!.root]
        box.snapshot = nil
        while var layer = pending.popLast() {
            pending += layer.sublayers
            layer.sublayers = []
            if let mask = layer.mask { pending.append(mask); layer.mask = nil }
        }
    }

    @Test("round trip: a card with a shadow and no shadowPath gives shadow-without-path, with the path to set")
    func shadowWithoutPath() throws {
        let found = findings(shadowedCard(shadowPath: false))
        #expect(found.map(\.rule) == ["shadow-without-path"])
        let f = try #require(found.first)
        #expect(f.layerPath == "cell/card")
        #expect((f.passes, f.passesAfterFix) == (5, 0))
        #expect(f.fix.swift == "layer.shadowPath = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 343, height: 120), cornerWidth: 12, cornerHeight: 12, transform: nil)")
        // The path the fix asks for, as CGPath would hold it, ends the finding.
        #expect(findings(shadowedCard(shadowPath: true)).isEmpty)
    }

    @Test("round trip: a shape mask of a rounded rectangle or a circle gives simple-shape-mask", arguments: [
        ("rounded rectangle", FakePath.roundedRect(rect(0, 0, 40, 40), cornerRadius: 8), "layer.cornerRadius = 8"),
        ("circle", FakePath.ellipse(in: rect(0, 0, 40, 40)), "layer.cornerRadius = 20"),
    ])
    func simpleShapeMask(_ shape: String, _ path: [ExportedPathElement], _ fix: String) throws {
        let found = findings(maskedAvatar(path: path))
        #expect(found.map(\.rule) == ["simple-shape-mask"])
        let f = try #require(found.first)
        #expect(f.layerPath == "CALayer/avatar")
        #expect(f.passesAfterFix < f.passes)
        #expect(f.fix.swift.contains(fix), "\(f.fix.swift)")
    }

    @Test("round trip: a triangle mask is no simple shape, and is left alone")
    func triangleMask() {
        let triangle: [ExportedPathElement] = [.move(to: ExportedPoint(x: 20, y: 0)), .line(to: ExportedPoint(x: 40, y: 40)),
                                               .line(to: ExportedPoint(x: 0, y: 40)), .close]
        #expect(findings(maskedAvatar(path: triangle)).isEmpty)
    }
}

/// The command letters of a path, for checking its structure.
enum PathCommands {
    static func of(_ elements: [ExportedPathElement]) -> String {
        String(elements.map { e -> Character in
            switch e {
            case .move: "M"
            case .line: "L"
            case .quadCurve: "Q"
            case .curve: "C"
            case .close: "Z"
            }
        })
    }
}
