import LayerLintKit
import Testing

/// The counts Apple showed in tech talk 10857 for one collection-view cell, reproduced
/// on the same layer trees (docs/cost-model.md).
@Suite("Apple's measured counts")
struct AppleCountsTests {
    @Test("star layer with a shadow and no shadowPath: 5 passes, 0 with a path")
    func star() throws {
        let dump = """
        root:
          frame: [0, 0, 100, 100]
          sublayers:
            - name: star
              class: CAShapeLayer
              frame: [10, 10, 40, 40]
              path: "M 20 0 L 25 15 L 40 15 L 28 24 L 32 40 L 20 30 L 8 40 L 12 24 L 0 15 L 15 15 Z"
              shadowOpacity: 0.5
              shadowRadius: 4
              offscreenCount: 5
        """
        let s = try #require(lintYAML(dump).snapshots.first)
        #expect(s.estimate.passes == 5)
        #expect(s.estimate.passesAfterFixes == 0)
        let star = try #require(s.estimate.layers.first { $0.layerPath.hasSuffix("star") })
        #expect(star.passes == star.observedOffscreenCount)
        let withPath = dump.replacingOccurrences(of: "offscreenCount: 5", with: "shadowPath: \"M 0 0 L 40 0 L 40 40 L 0 40 Z\"")
        #expect(try #require(lintYAML(withPath).snapshots.first).estimate.passes == 0)
    }

    static let tagView = """
    root:
      frame: [0, 0, 200, 60]
      sublayers:
        - name: tag
          frame: [10, 10, 80, 24]
          backgroundColor: "#34C759"
          offscreenCount: 2
          mask:
            frame: [0, 0, 80, 24]
            backgroundColor: "#000000"
            cornerRadius: 6
          sublayers:
            - name: label
              class: _UILabelLayer
              frame: [8, 4, 64, 16]
    """

    @Test("tag view masked by a plain layer: 2 → 1 with a rounded clip → 0 without the clip")
    func tagView() throws {
        let s = try #require(lintYAML(Self.tagView).snapshots.first)
        #expect(s.estimate.passes == 2)
        #expect(s.estimate.passesAfterFixes == 0)
        let f = try #require(s.findings.first)
        #expect(f.rule == "plain-layer-mask")
        #expect(f.fix.summary.contains("no clip is needed"))
        #expect(!f.fix.swift.contains("masksToBounds"))

        // Apple's intermediate step: cornerRadius + masksToBounds on the tag view costs 1,
        // and LayerLint then reports that clip as unneeded.
        let step = Self.tagView.replacingOccurrences(of: """
              mask:
                frame: [0, 0, 80, 24]
                backgroundColor: "#000000"
                cornerRadius: 6
        """, with: """
              cornerRadius: 6
              masksToBounds: true
        """)
        let s2 = try #require(lintYAML(step).snapshots.first)
        #expect(s2.estimate.passes == 1)
        #expect(s2.findings.map(\.rule) == ["unneeded-clip"])
        #expect(s2.estimate.passesAfterFixes == 0)
    }

    @Test("a label overflowing the tag keeps the clip: 2 → 1")
    func tagViewWithOverflow() throws {
        let overflowing = Self.tagView.replacingOccurrences(of: "frame: [8, 4, 64, 16]", with: "frame: [-4, 4, 90, 16]")
        let s = try #require(lintYAML(overflowing).snapshots.first)
        let f = try #require(s.findings.first)
        #expect(f.passesAfterFix == 1)
        #expect(f.fix.swift.contains("layer.masksToBounds = true"))
        #expect(s.estimate.passesAfterFixes == 1)
    }

    @Test("image view masked by a continuous rounded-rectangle path: 2 → 0 with cornerCurve")
    func imageView() throws {
        // UIBezierPath(roundedRect: (0,0,80,80), cornerRadius: 12), drawn with the
        // continuous-corner construction.
        let path = PathBuilder.roundedRect(Rect(x: 0, y: 0, width: 80, height: 80), radius: 12, curve: .continuous)
        let svg = SVGPathWriter().string(for: path)
        let dump = """
        root:
          frame: [0, 0, 100, 100]
          sublayers:
            - name: thumbnail
              view: UIImageView
              frame: [10, 10, 80, 80]
              contents: {width: 240, height: 240}
              offscreenCount: 2
              mask:
                class: CAShapeLayer
                frame: [0, 0, 80, 80]
                path: "\(svg)"
        """
        let s = try #require(lintYAML(dump).snapshots.first)
        #expect(s.estimate.passes == 2)
        #expect(s.estimate.passesAfterFixes == 0)
        let f = try #require(s.findings.first)
        #expect(f.rule == "simple-shape-mask")
        #expect(f.fix.swift.contains("layer.cornerRadius = 12"))
        #expect(f.fix.swift.contains("layer.cornerCurve = .continuous"))
        #expect(f.fix.swift.contains("layer.masksToBounds = true"), "the image fills the corners, so the clip stays (it costs nothing)")
    }

    @Test("the three together: 9 passes, 0 after fixes")
    func wholeCell() throws {
        let url = repositoryRoot.appendingPathComponent("fixtures/apple-wwdc-cell.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        let s = try #require(Linter().lint(text: text, path: "apple-wwdc-cell.json", syntax: .json).snapshots.first)
        #expect(s.estimate.passes == 9)
        #expect(s.estimate.passesAfterFixes == 0)
        for layer in s.estimate.layers where layer.observedOffscreenCount != nil {
            #expect(layer.passes == layer.observedOffscreenCount, "\(layer.layerPath)")
        }
    }
}
