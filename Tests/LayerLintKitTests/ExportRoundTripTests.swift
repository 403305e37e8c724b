import Foundation
import LayerLintKit
import LayerImport
import Testing

/// What a lint says about a file, as text that compares whole: every finding's rule,
/// layer path, severity, message and fix, and each snapshot's estimate.
func lintSummary(_ report: FileReport) -> [String] {
    var lines = report.error.map { ["error: \($0.message)"] } ?? []
    for s in report.snapshots {
        lines.append("snapshot \(s.screen ?? "-"): \(s.layerCount) layers, \(s.estimate.passes) passes, \(s.estimate.passesAfterFixes) after fixes, unknown \(s.unknownProperties.names)")
        for l in s.estimate.layers { lines.append("  estimate \(l.layerPath): \(l.passes) → \(l.passesAfterFixes)") }
        for f in s.findings {
            lines.append("  \(f.rule) \(f.layerPath) \(f.severity): \(f.message) | \(f.fix.summary) | \(f.fix.swift) | \(f.fix.objc)")
        }
    }
    return lines
}

/// Reads `text` and writes its snapshots again, as `layerlint convert` does: YAML as one
/// stream, JSON one document per snapshot.
func converted(_ text: String, from syntax: DumpSyntax) -> (yaml: String, json: [String]) {
    let snapshots = DumpReader().read(text, syntax: syntax).snapshots.map(LayerSnapshot.init(tree:))
    return (LayerTreeExport.yaml(snapshots), snapshots.map(LayerTreeExport.json))
}

/// A JSON file holds one snapshot: a multi-snapshot dump converts to one JSON text per
/// snapshot, whose reports together are the file's.
func lintJSONDocuments(_ texts: [String]) -> FileReport {
    var report = FileReport(path: "converted.json")
    for t in texts { report.snapshots += Linter().lint(text: t, path: "converted.json", syntax: .json).snapshots }
    return report
}

/// A dump to convert: a fixture file or a catalog example.
struct DumpSample: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    let syntax: DumpSyntax
    var testDescription: String { name }

    static var all: [DumpSample] {
        let folder = repositoryRoot.appendingPathComponent("fixtures")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let fixtures = files.sorted().compactMap { name -> DumpSample? in
            guard let syntax = DumpDetection.syntax(ofFileAt: name),
                  let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else { return nil }
            return DumpSample(name: "fixtures/" + name, text: text, syntax: syntax)
        }
        let examples = RuleCatalog.embedded.rules.flatMap { rule in
            (rule.triggering + rule.nonTriggering).map {
                DumpSample(name: "rules/\(rule.id).yml:\($0.line)", text: $0.dump, syntax: .yaml)
            }
        }
        // Imported trees keep their unknowns through a conversion.
        let imports = repositoryRoot.appendingPathComponent("Tests/LayerDecodeTests/RecursiveDescriptionFixtures")
        let descriptions = ((try? FileManager.default.contentsOfDirectory(atPath: imports.path)) ?? []).sorted().compactMap { name -> DumpSample? in
            guard let text = try? String(contentsOf: imports.appendingPathComponent(name), encoding: .utf8) else { return nil }
            return DumpSample(name: "RecursiveDescriptionFixtures/" + name, text: text, syntax: .recursiveDescription)
        }
        return fixtures + examples + descriptions
    }
}

@Suite("Export and convert")
struct ExportRoundTripTests {
    @Test("there are fixtures and catalog examples to convert")
    func samplesExist() {
        #expect(DumpSample.all.filter { $0.name.hasPrefix("fixtures/") }.count >= 9)
        #expect(DumpSample.all.count > 20)
        #expect(DumpSample.all.filter { $0.syntax == .recursiveDescription }.count >= 4)
    }

    @Test("converted to YAML and to JSON, a dump lints the same; converting again changes no byte",
          arguments: DumpSample.all)
    func convertRoundTrip(_ sample: DumpSample) {
        let original = Linter().lint(text: sample.text, path: sample.name, syntax: sample.syntax)
        #expect(original.error == nil)
        let once = converted(sample.text, from: sample.syntax)
        let expected = lintSummary(original)
        #expect(lintSummary(Linter().lint(text: once.yaml, path: sample.name, syntax: .yaml)) == expected)
        #expect(lintSummary(lintJSONDocuments(once.json)) == expected)

        #expect(converted(once.yaml, from: .yaml).yaml == once.yaml)
        for json in once.json { #expect(converted(json, from: .json).json == [json]) }
        #expect(converted(once.json.joined(), from: .json).yaml == once.yaml || once.json.count > 1)
    }

    @Test("a tree built with the export types lints exactly like the same tree written by hand")
    func exportedTreeLintsLikeHandWritten() {
        let handWritten = Linter().lint(text: Self.handWrittenCard, path: "card.yml", syntax: .yaml)
        #expect(handWritten.error == nil && handWritten.warnings.isEmpty)
        let rules = Set(handWritten.allFindings.map(\.rule))
        #expect(rules.contains("shadow-without-path"), "found \(rules)")

        let yaml = LayerTreeExport.yaml(Self.exportedCard)
        let json = LayerTreeExport.json(Self.exportedCard)
        #expect(lintSummary(Linter().lint(text: yaml, path: "card.yml", syntax: .yaml)) == lintSummary(handWritten))
        #expect(lintSummary(Linter().lint(text: json, path: "card.yml", syntax: .json)) == lintSummary(handWritten))
    }

    @Test("a 5,000-deep tree converts and reads back, and converts again to the same bytes")
    func deepTree() {
        let text = onLargeStack { () -> (String, Int, String) in
            var builder = LayerTreeBuilder(screen: "Deep")
            for k in 0..<5_000 {
                var layer = Layer()
                layer.nameID = builder.intern("n\(k)")
                LayerTreeBuilder.setFrame(Rect(x: 1, y: 1, width: 100, height: 100), of: &layer)
                builder.open(layer)
            }
            let yaml = LayerTreeExport.yaml(LayerSnapshot(tree: builder.finish()))
            // Layers past 64 levels are written in flow style, two flow levels each.
            let back = DumpReader(limits: DecodeLimits(flowNestingDepth: 10_000)).read(yaml, syntax: .yaml)
            let again = back.snapshots.first.map { LayerTreeExport.yaml(LayerSnapshot(tree: $0)) } ?? ""
            return (yaml, back.snapshots.first?.layers.count ?? 0, again)
        }
        #expect(text.1 == 5_000)
        #expect(text.2 == text.0)
    }

    static let handWrittenCard = """
    layerlint: 1
    scale: 3
    refreshRate: 120
    screen: ExportCard
    unknown: [shouldRasterize]
    root:
      name: cell
      view: UICollectionViewCell
      frame: [0, 0, 390, 200]
      sublayers:
        - name: card
          view: UIView
          frame: [16, 8, 358, 184]
          backgroundColor: "#FFFFFF"
          cornerRadius: 16
          cornerCurve: continuous
          shadowOpacity: 0.2
          shadowRadius: 8
          shadowOffset: [0, 4]
          sublayers:
            - name: avatar
              view: UIImageView
              frame: [16, 16, 40, 40]
              contents: { width: 120, height: 120, scale: 3 }
              contentsGravity: resizeAspectFill
              mask:
                class: CAShapeLayer
                frame: [0, 0, 40, 40]
                path: "M 40 20 C 40 31.046 31.046 40 20 40 C 8.954 40 0 31.046 0 20 C 0 8.954 8.954 0 20 0 C 31.046 0 40 8.954 40 20 Z"
            - name: photoClip
              view: UIView
              frame: [16, 64, 326, 100]
              cornerRadius: 12
              masksToBounds: true
              sublayers:
                - name: photo
                  view: UIImageView
                  frame: [0, 0, 326, 100]
                  contents: { width: 978, height: 300 }
                  contentsGravity: center
                - name: caption
                  view: UILabel
                  class: _UILabelLayer
                  frame: [8, 76, 200, 16]
                  contents: true
            - name: badge
              view: UILabel
              class: _UILabelLayer
              bounds: [0, 0, 40, 16]
              position: [320, 20]
              transform: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1]
              backgroundColor: "#FF3B30"
              cornerRadius: 8
              contents: true
            - name: footer
              view: UIView
              frame: [0, 170, 358, 14]
              masksToBounds: true
              unknown: [cornerRadius, mask]
    """

    static var exportedCard: LayerSnapshot {
        func layer(_ name: String, _ view: String, _ frame: (Double, Double, Double, Double), className: String = "CALayer") -> ExportedLayer {
            var l = ExportedLayer(className: className, name: name, viewClass: view)
            l.setFrame(ExportedRect(x: frame.0, y: frame.1, width: frame.2, height: frame.3))
            return l
        }
        var card = layer("card", "UIView", (16, 8, 358, 184))
        card.backgroundColor = RGBAColor(red: 1, green: 1, blue: 1)
        card.cornerRadius = 16
        card.cornerCurve = .continuous
        card.shadow = ExportedShadow(opacity: 0.2, radius: 8, offset: ExportedSize(width: 0, height: 4))

        var avatar = layer("avatar", "UIImageView", (16, 16, 40, 40))
        avatar.contents = ExportedContents(pixelWidth: 120, pixelHeight: 120, scale: 3)
        avatar.contentsGravity = .resizeAspectFill
        var circle = ExportedLayer(className: "CAShapeLayer")
        circle.setFrame(ExportedRect(x: 0, y: 0, width: 40, height: 40))
        circle.shape = ExportedShape(path: "M 40 20 C 40 31.046 31.046 40 20 40 C 8.954 40 0 31.046 0 20 C 0 8.954 8.954 0 20 0 C 31.046 0 40 8.954 40 20 Z")
        avatar.mask = circle

        var clip = layer("photoClip", "UIView", (16, 64, 326, 100))
        clip.cornerRadius = 12
        clip.masksToBounds = true
        var photo = layer("photo", "UIImageView", (0, 0, 326, 100))
        photo.contents = ExportedContents(pixelWidth: 978, pixelHeight: 300)
        photo.contentsGravity = .center
        var caption = layer("caption", "UILabel", (8, 76, 200, 16), className: "_UILabelLayer")
        caption.contents = ExportedContents()
        clip.sublayers = [photo, caption]

        var badge = ExportedLayer(className: "_UILabelLayer", name: "badge", viewClass: "UILabel")
        badge.bounds = ExportedRect(x: 0, y: 0, width: 40, height: 16)
        badge.position = ExportedPoint(x: 320, y: 20)
        var perspective = ExportedTransform.identity.values
        perspective[11] = -0.002
        badge.transform = ExportedTransform(values: perspective)!
        badge.backgroundColor = RGBAColor(red: 1, green: 0x3B / 255.0, blue: 0x30 / 255.0)
        badge.cornerRadius = 8
        badge.contents = ExportedContents()

        var footer = layer("footer", "UIView", (0, 170, 358, 14))
        footer.masksToBounds = true
        footer.unknown = ["cornerRadius", "mask"]

        card.sublayers = [avatar, clip, badge, footer]
        var cell = layer("cell", "UICollectionViewCell", (0, 0, 390, 200))
        cell.sublayers = [card]
        return LayerSnapshot(screen: "ExportCard", scale: 3, refreshRate: 120, unknown: ["shouldRasterize"], root: cell)
    }
}

/// Runs `work` on a thread with a large stack: releasing a nest of thousands of layer values
/// recurses once per level (the writers and readers themselves never do).
func onLargeStack<T>(_ work: @escaping @Sendable () -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = work()
        done.signal()
    }
    thread.stackSize = 256 << 20
    thread.start()
    done.wait()
    return box.value!
}

/// The result of `onLargeStack`'s thread, read only after it signals.
private final class ResultBox<T>: @unchecked Sendable { var value: T? }
