import Foundation
import LayerLintKit
import LayerImport
import LayerTreeExport
import Testing

/// One row of docs/exporting.md's property table: a layer set up as an app would, and the
/// lines the walker writes for it.
struct PropertyCase: Sendable, CustomTestStringConvertible {
    let property: String
    let layer: @Sendable () -> FakeLayer
    let lines: [String]
    var testDescription: String { property }

    init(_ property: String, _ lines: [String], _ configure: @escaping @Sendable (FakeLayer) -> Void) {
        self.property = property
        self.lines = lines
        layer = {
            let l = FakeLayer()
            configure(l)
            return l
        }
    }

    init(_ property: String, _ lines: [String], layer: @escaping @Sendable () -> FakeLayer) {
        self.property = property; self.lines = lines; self.layer = layer
    }
}

/// The root's lines of the layer's YAML dump, without the header.
func rootLines(of layer: FakeLayer) -> [String] {
    let lines = LayerTreeExport.yaml(of: layer).split(separator: "\n").map(String.init)
    return Array(lines.drop { $0 != "root:" }.dropFirst())
}

private let red = ExportableColor.rgba(red: 1, green: 0, blue: 0, alpha: 1)
private func point(_ x: Double, _ y: Double) -> ExportedPoint { ExportedPoint(x: x, y: y) }
private func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> ExportedRect { ExportedRect(x: x, y: y, width: w, height: h) }
private func matrix(_ set: [Int: Double]) -> [Double] {
    var v = ExportedTransform.identity.values
    for (k, x) in set { v[k] = x }
    return v
}

@Suite("Walker: every property of docs/exporting.md's table")
struct WalkerPropertyTests {
    static let known: [PropertyCase] = [
        PropertyCase("class", ["  class: CAShapeLayer"], layer: { FakeLayer(["CAShapeLayer", "CALayer"]) }),
        PropertyCase("class of an app's subclass", ["  class: CAShapeLayer", "  customClass: \"AvatarMaskLayer\""],
                     layer: { FakeLayer(["AvatarMaskLayer", "CAShapeLayer", "CALayer"]) }),
        PropertyCase("class of an app's CALayer subclass", ["  customClass: \"GlowLayer\""], layer: { FakeLayer(["GlowLayer", "CALayer"]) }),
        PropertyCase("class of a UIKit layer", ["  view: UILabel", "  class: _UILabelLayer"],
                     layer: { FakeLayer.viewLayer("UILabel", layerClass: ["_UILabelLayer", "CALayer"]) }),
        PropertyCase("name", ["  name: card"]) { $0.name = "card" },
        PropertyCase("animations", [#"  animations: [{keyPath: opacity, duration: 0.5, repeatCount: "infinity", autoreverses: true, preferredFrameRateRange: {minimum: 10, maximum: 30, preferred: 30}}]"#]) {
            $0.animations = [ExportedAnimation(keyPath: "opacity", duration: 0.5, repeatCount: .infinity, autoreverses: true,
                                               preferredFrameRateRange: ExportedFrameRateRange(minimum: 10, maximum: 30, preferred: 30))]
        },
        PropertyCase("animations, none running", ["  animations: []"]) { $0.animations = [] },
        PropertyCase("view", ["  view: UIImageView"]) { $0.viewClassName = "UIImageView" },
        PropertyCase("frame", ["  frame: [16, 8, 358, 316]"]) { $0.frame = rect(16, 8, 358, 316) },
        PropertyCase("bounds and position", ["  bounds: [0, 1100, 390, 500]", "  position: [195, 250]"]) {
            $0.frame = rect(0, 0, 390, 500)
            $0.bounds.origin.y = 1100
        },
        PropertyCase("anchorPoint", ["  frame: [10, 20, 30, 40]", "  anchorPoint: [0, 1]"]) {
            $0.anchorPoint = point(0, 1)
            $0.frame = rect(10, 20, 30, 40)
        },
        PropertyCase("transform, affine", ["  transform: [0.5, 0, 0, 0.5, 10, 0]"]) { $0.transform = matrix([0: 0.5, 5: 0.5, 12: 10]) },
        PropertyCase("transform, 3D", ["  transform: [1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1]"]) {
            // A quarter turn about x: y goes to z.
            $0.transform = matrix([5: 0, 6: 1, 9: -1, 10: 0])
        },
        PropertyCase("sublayerTransform", ["  sublayerTransform: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1]"]) {
            $0.sublayerTransform = matrix([11: -1.0 / 500])
        },
        PropertyCase("zPosition", ["  zPosition: 5"]) { $0.zPosition = 5 },
        PropertyCase("opacity", ["  opacity: 0.08"]) { $0.opacity = 0.08 },
        PropertyCase("hidden", ["  hidden: true"]) { $0.isHidden = true },
        PropertyCase("allowsGroupOpacity", ["  allowsGroupOpacity: false"]) { $0.allowsGroupOpacity = false },
        PropertyCase("backgroundColor", ["  backgroundColor: \"#FF3B30FF\""]) {
            $0.backgroundColor = .rgba(red: 1, green: 0.231, blue: 0.188, alpha: 1)
        },
        PropertyCase("borderWidth and borderColor", ["  borderWidth: 0.5", "  borderColor: \"#C6C6C8FF\""]) {
            $0.borderWidth = 0.5
            $0.borderColor = .rgba(red: 0.776, green: 0.776, blue: 0.784, alpha: 1)
        },
        PropertyCase("borderColor nil", ["  borderColor: null"]) { $0.borderColor = nil },
        PropertyCase("cornerRadius, cornerCurve, maskedCorners",
                     ["  cornerRadius: 12", "  cornerCurve: continuous", "  maskedCorners: [minXMinY, maxXMinY]"]) {
            $0.cornerRadius = 12
            $0.cornerCurve = "continuous"
            $0.maskedCorners = 3
        },
        PropertyCase("maskedCorners none", ["  maskedCorners: []"]) { $0.maskedCorners = 0 },
        PropertyCase("masksToBounds", ["  masksToBounds: true"]) { $0.masksToBounds = true },
        PropertyCase("contents, an image", ["  contents: {width: 108, height: 108, scale: 3}"]) {
            $0.contents = .image(pixelWidth: 108, pixelHeight: 108)
            $0.contentsScale = 3
        },
        PropertyCase("contents, a backing store", ["  contents: true"]) { $0.contents = .other },
        PropertyCase("contentsGravity", ["  contents: true", "  contentsGravity: resizeAspectFill"]) {
            $0.contents = .other
            $0.contentsGravity = "resizeAspectFill"
        },
        PropertyCase("shadow", ["  shadowOpacity: 0.2", "  shadowRadius: 8", "  shadowOffset: [0, 2]",
                                "  shadowColor: \"#00000080\"", "  shadowPath: \"M 0 0 L 10 0 L 10 5 L 0 5 Z\""]) {
            $0.shadowOpacity = 0.2
            $0.shadowRadius = 8
            $0.shadowOffset = ExportedSize(width: 0, height: 2)
            $0.shadowColor = .rgba(red: 0, green: 0, blue: 0, alpha: 0.5)
            $0.shadowPath = FakePath.rect(rect(0, 0, 10, 5))
        },
        PropertyCase("shadowColor nil", ["  shadowColor: null"]) { $0.shadowColor = nil },
        PropertyCase("shape: path, fillColor, strokeColor, lineWidth",
                     ["  class: CAShapeLayer", "  path: \"M 0 0 Q 5 5 10 0 Z\"", "  fillColor: null",
                      "  strokeColor: \"#FF0000FF\"", "  lineWidth: 2"], layer: {
            let l = FakeLayer.shapeLayer(path: [.move(to: point(0, 0)), .quadCurve(to: point(10, 0), control: point(5, 5)), .close])
            l.shape?.fillColor = nil
            l.shape?.strokeColor = red
            l.shape?.lineWidth = 2
            return l
        }),
        PropertyCase("shouldRasterize, rasterizationScale", ["  shouldRasterize: true", "  rasterizationScale: 3"]) {
            $0.shouldRasterize = true
            $0.rasterizationScale = 3
        },
    ]

    /// What the walker cannot write truthfully becomes an `unknown` name, never a default
    /// that would speak for a fact nobody read.
    static let unknown: [PropertyCase] = [
        PropertyCase("geometry, a NaN width", ["  unknown: [geometry]"]) { $0.frame = rect(0, 0, .nan, 10) },
        PropertyCase("geometry, an infinite anchor point", ["  unknown: [geometry]"]) { $0.anchorPoint = point(.infinity, 0) },
        PropertyCase("transform, a NaN", ["  unknown: [transform]"]) { $0.transform = matrix([0: .nan]) },
        PropertyCase("transform, not 16 numbers", ["  unknown: [transform]"]) { $0.sublayerTransform = [1, 0, 0, 1, 0, 0] },
        PropertyCase("opacity, a NaN", ["  unknown: [opacity]"]) { $0.opacity = .nan },
        PropertyCase("backgroundColor, a pattern", ["  backgroundColor: \"#00000080\"", "  unknown: [backgroundColor]"]) {
            $0.backgroundColor = .unconvertible(alpha: 0.5)
        },
        PropertyCase("border, an infinite width", ["  unknown: [border]"]) { $0.borderWidth = .infinity },
        PropertyCase("border, a pattern colour", ["  borderWidth: 1", "  unknown: [border]"]) {
            $0.borderWidth = 1
            $0.borderColor = .unconvertible(alpha: 1)
        },
        PropertyCase("cornerRadius, infinite", ["  unknown: [cornerRadius]"]) { $0.cornerRadius = .infinity },
        PropertyCase("cornerCurve, a name the format lacks", ["  unknown: [cornerCurve]"]) { $0.cornerCurve = "superellipse" },
        PropertyCase("contentsGravity, a name the format lacks", ["  contents: true", "  unknown: [contents]"]) {
            $0.contents = .other
            $0.contentsGravity = "sideways"
        },
        PropertyCase("shadow, a pattern colour", ["  shadowOpacity: 0.3", "  unknown: [shadow]"]) {
            $0.shadowOpacity = 0.3
            $0.shadowColor = .unconvertible(alpha: 1)
        },
        PropertyCase("shadow, a NaN radius", ["  shadowOpacity: 0.3", "  unknown: [shadow]"]) {
            $0.shadowOpacity = 0.3
            $0.shadowRadius = .nan
        },
        PropertyCase("shadowPath, a NaN point", ["  shadowOpacity: 0.3", "  unknown: [shadowPath]"]) {
            $0.shadowOpacity = 0.3
            $0.shadowPath = [.move(to: point(0, 0)), .line(to: point(.nan, 4)), .close]
        },
        PropertyCase("sublayers of a replicator", ["  class: CAReplicatorLayer", "  unknown: [sublayers]"],
                     layer: { FakeLayer(["CAReplicatorLayer", "CALayer"]) }),
        PropertyCase("rasterizationScale 0", ["  shouldRasterize: true", "  unknown: [shouldRasterize]"]) {
            $0.shouldRasterize = true
            $0.rasterizationScale = 0
        },
        PropertyCase("several, in the table's order", ["  unknown: [opacity, cornerRadius]"]) {
            $0.cornerRadius = .nan
            $0.opacity = .infinity
        },
    ]

    @Test("each property is written as its dump key", arguments: known)
    func property(_ c: PropertyCase) {
        #expect(rootLines(of: c.layer()) == c.lines)
        expectLintsCleanly(c.layer())
    }

    @Test("values the format cannot hold are written as unknown", arguments: unknown)
    func unknownProperty(_ c: PropertyCase) {
        #expect(rootLines(of: c.layer()) == c.lines)
        expectLintsCleanly(c.layer())
    }

    /// The rows of a table of docs/exporting.md, between two headings: column `column`'s
    /// backticked words.
    static func documented(from heading: String, to next: String, column: Int) -> Set<String> {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/exporting.md")
        let docs = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        guard let start = docs.range(of: heading), let end = docs.range(of: next, range: start.upperBound..<docs.endIndex) else { return [] }
        var words = Set<String>()
        for row in docs[start.upperBound..<end.lowerBound].split(separator: "\n") where row.hasPrefix("| ") && !row.hasPrefix("| `CALayer`") && !row.hasPrefix("| the layer") {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count > column + 1 else { continue }
            let parts = cells[column + 1].split(separator: "`", omittingEmptySubsequences: false)
            for k in stride(from: 1, to: parts.count, by: 2) { words.insert(String(parts[k])) }
        }
        return words
    }

    /// The keys a set of cases writes.
    static func keys(of cases: [PropertyCase]) -> Set<String> {
        Set(cases.flatMap { $0.lines }.compactMap { line in
            line.hasPrefix("  ") && !line.hasPrefix("   ") ? line.dropFirst(2).split(separator: ":").first.map(String.init) : nil
        })
    }

    @Test("every dump key of the docs' property table, and every row of its unknown table, has a case here")
    func docsTables() {
        let keys = Self.documented(from: "## What is read", to: "## Values the format cannot hold", column: 1)
        #expect(keys.count >= 30, "\(keys)")
        // mask and sublayers are WalkerTreeTests' cases.
        #expect(keys.subtracting(Self.keys(of: Self.known)) == ["mask", "sublayers"])
        let unknowns = Self.documented(from: "## Values the format cannot hold", to: "## Testing without a Mac", column: 1)
        let tested = Set(Self.unknown.flatMap(\.lines).filter { $0.hasPrefix("  unknown: ") })
        #expect(unknowns.count == 12, "\(unknowns)")
        for u in unknowns { #expect(tested.contains("  " + u), "no case writes \(u)") }
    }

    @Test("a fresh layer writes nothing; the snapshot's scale is the layer's contentsScale")
    func defaults() {
        #expect(LayerTreeExport.yaml(of: FakeLayer()) == "layerlint: 1\nscale: 1\nroot: {}\n")
        let window = FakeLayer()
        window.contentsScale = 3
        #expect(LayerTreeExport.yaml(of: window, screen: "Feed") == "layerlint: 1\nscreen: Feed\nroot: {}\n")
        #expect(LayerTreeExport.snapshot(of: window, scale: 2).scale == 2)
        #expect(LayerTreeExport.json(of: window) == "{\n  \"layerlint\": 1,\n  \"root\": {}\n}\n")
    }

    /// Every dump the walker writes reads back without an error or a warning.
    private func expectLintsCleanly(_ layer: FakeLayer, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for (text, syntax) in [(LayerTreeExport.yaml(of: layer), DumpSyntax.yaml), (LayerTreeExport.json(of: layer), .json)] {
            let report = Linter().lint(text: text, syntax: syntax)
            #expect(report.error == nil, "\(String(describing: report.error)) in\n\(text)", sourceLocation: sourceLocation)
            #expect(report.warnings.isEmpty, "\(report.warnings) in\n\(text)", sourceLocation: sourceLocation)
        }
    }
}
