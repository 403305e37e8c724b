import Foundation
import LayerGeometry
import LayerLintKit
import LayerModel
import Testing

/// A generated export linted end to end: LayerLint's estimate and Xcode's observed count
/// side by side in the text and JSON reports.
@Suite("Xcode view hierarchy: lint")
struct XcodeLintTests {
    func lint() throws -> (FileReport, String) {
        let folder = try ViewHierarchyBundle.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try ViewHierarchyBundle.feedCell().write(in: folder)
        return (Linter().lint(contentsOf: path, syntax: .xcodeViewHierarchy), path)
    }

    func passes(_ n: Int) -> String { n == 1 ? "1 pass" : "\(n) passes" }

    @Test("the card's shadow: LayerLint's estimate beside Xcode's count and opportunities in the text report")
    func text() throws {
        let (file, path) = try lint()
        #expect(file.error == nil)
        let snapshot = try #require(file.snapshots.first)
        let card = try #require(snapshot.estimate.layers.first { $0.layerPath == "cell/UITableViewCellContentView/CardView" })
        // An export does not carry shadowPath: the shadow's cost is not known, so the
        // estimate (a lower bound) leaves it out, and Xcode's own count stands beside it.
        #expect(card.passes == 0)
        #expect(card.observedOffscreenCount == 2)
        #expect(card.observedOptimizationOpportunities == ["Set shadowPath to avoid an offscreen pass"])
        let text: String = TextReporter().render(LintReport(files: [file]))
        #expect(text.contains("\(path): note: cell/UITableViewCellContentView/CardView: estimated \(passes(card.passes)), Xcode showed 2\n"))
        #expect(text.contains("\(path): note: cell/UITableViewCellContentView/CardView: Xcode's optimization opportunities: Set shadowPath to avoid an offscreen pass\n"))
        // The shadowPath is not in an export, so the rule does not claim the shadow has
        // none: it reports at info level what the shadow would cost without one.
        let finding = try #require(snapshot.findings.first { $0.rule == "shadow-without-path" })
        #expect(finding.severity == .info && finding.passes == 0)
        #expect(finding.message.contains("the dump does not say whether it has a shadowPath; without one it costs 5 offscreen passes per frame"))
    }

    @Test("a finding on a layer with observed opportunities carries them in both reports")
    func findingCarriesOpportunities() throws {
        var builder = LayerTreeBuilder(screen: "Card")
        var root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        builder.open(root)
        var card = Layer()
        card.nameID = builder.intern("card")
        card.bounds = Rect(x: 0, y: 0, width: 80, height: 40)
        card.position = Point(x: 50, y: 50)
        card.backgroundColor = RGBA(red: 1, green: 1, blue: 1)
        var shadow = Shadow()
        shadow.opacity = 0.3
        card.shadow = shadow
        card.observedOffscreenCount = 1
        card.observedOptimizationOpportunities = ["Set shadowPath"]
        builder.open(card)
        let snapshot = Linter().lint(builder.finish())
        let finding = try #require(snapshot.findings.first { $0.rule == "shadow-without-path" })
        #expect(finding.observedOptimizationOpportunities == ["Set shadowPath"])
        let report = LintReport(files: [FileReport(path: "card", snapshots: [snapshot])])
        let json: String = JSONReporter().render(report)
        let root2 = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let s = try #require(((root2["files"] as? [[String: Any]])?.first?["snapshots"] as? [[String: Any]])?.first)
        let f = try #require((s["findings"] as? [[String: Any]])?.first)
        #expect(f["observedOptimizationOpportunities"] as? [String] == ["Set shadowPath"])
        let text: String = TextReporter().render(report)
        #expect(text.contains("card: note: \(finding.layerPath): Xcode's optimization opportunities: Set shadowPath\n"))
    }

    @Test("the JSON report carries the observed count and opportunities beside the estimate")
    func json() throws {
        let (file, _) = try lint()
        let json: String = JSONReporter().render(LintReport(files: [file]))
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let files = try #require(root["files"] as? [[String: Any]])
        let snapshot = try #require((files.first?["snapshots"] as? [[String: Any]])?.first)
        let layers = try #require(snapshot["offscreenLayers"] as? [[String: Any]])
        let card = try #require(layers.first { $0["layerPath"] as? String == "cell/UITableViewCellContentView/CardView" })
        #expect(card["observedOffscreenCount"] as? Int == 2)
        #expect(card["passes"] as? Int == 0)
        #expect(card["observedOptimizationOpportunities"] as? [String] == ["Set shadowPath to avoid an offscreen pass"])
        let avatar = try #require(layers.first { $0["layerPath"] as? String == "cell/UITableViewCellContentView/CardView/UIImageView[0]" })
        #expect(avatar["observedOffscreenCount"] as? Int == 1)
        #expect(avatar["observedOptimizationOpportunities"] as? [String] == [])
    }

    @Test("a .viewhierarchy folder inside a folder of dumps is one input, not searched")
    func detection() throws {
        let folder = try ViewHierarchyBundle.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bundle = try ViewHierarchyBundle.feedCell().write(in: folder)
        try "root: {frame: [0, 0, 10, 10]}\n".write(toFile: folder + "/card.yml", atomically: true, encoding: .utf8)
        let (files, errors) = InputFiles.expand([folder])
        #expect(errors.isEmpty)
        #expect(files.map(\.path).sorted() == [bundle, folder + "/card.yml"].sorted())
        #expect(files.first { $0.path == bundle }?.syntax == .xcodeViewHierarchy)
        #expect(!InputFiles.isFolder(bundle))
        #expect(InputFiles.expand([bundle]).files.map(\.syntax) == [.xcodeViewHierarchy])
    }
}
