import Foundation
import LayerLintKit
import LayerImport
import Testing

/// The frame-rate keys from decoding to reports: what the catalog examples do not check
/// (errors, round trips, the composed figure, the exporter and the diff).
@Suite("Frame rate")
struct FrameRateTests {
    private func read(_ text: String, _ syntax: DumpSyntax = .yaml) -> DecodedDump { DumpReader().read(text, syntax: syntax) }

    private func lintFixture(_ name: String) throws -> FileReport {
        let path = repositoryRoot.appendingPathComponent("fixtures/" + name).path
        return Linter().lint(contentsOf: path, syntax: .yaml)
    }

    @Test("infinity is a repeat count in YAML (plain or quoted) and JSON (a string)")
    func infinity() throws {
        for (text, syntax) in [
            ("root: {animations: [{repeatCount: infinity}]}", DumpSyntax.yaml),
            ("root: {animations: [{repeatCount: \"infinity\"}]}", .yaml),
            (#"{"root": {"animations": [{"repeatCount": "infinity"}]}}"#, .json),
        ] {
            let d = read(text, syntax)
            #expect(d.error == nil, "\(d.error?.message ?? "")")
            let a = try #require(d.snapshots.first?.layers.first?.animations.first)
            #expect(a.repeatCount.isInfinite && a.isRepeating)
            #expect(d.snapshots.first?.frameRateUnknown == [.displayLinks, .info])
        }
    }

    @Test("wrong keys and values are errors at their place, naming what was expected",
          arguments: [
            ("root:\n  animations:\n    - {keyPath: opacity, repeatCont: 3}\n", 3, 26, "`animations` takes keyPath, duration, repeatCount, autoreverses, preferredFrameRateRange, found 'repeatCont'; did you mean 'repeatCount'?"),
            ("root:\n  animations: {keyPath: opacity}\n", 2, 15, "`animations` must be a list, found a mapping"),
            ("root:\n  animations: [{repeatCount: forever}]\n", 2, 30, "`animations.repeatCount` must be a number ≥ 0 or infinity, found 'forever'"),
            ("root:\n  animations: [{autoreverses: yes}]\n", 2, 31, "`animations.autoreverses` must be true or false, found 'yes'"),
            ("root:\n  animations: [{preferredFrameRateRange: {minimum: 60, maximum: 30}}]\n", 2, 42, "`animations.preferredFrameRateRange` has a minimum (60) above its maximum (30)"),
            ("root:\n  animations: [{preferredFrameRateRange: {minimum: 10, maximum: 30, preferred: 60}}]\n", 2, 42, "`animations.preferredFrameRateRange`'s preferred rate 60 is outside 10…30"),
            ("root:\n  animations: [{preferredFrameRateRange: {maximum: 30}}]\n", 2, 42, "`animations.preferredFrameRateRange` needs both minimum and maximum"),
            ("displayLinks:\n  - {target: A.step, paused: false, paused: true}\n", 2, 37, "duplicate key 'paused' in `displayLinks`"),
            ("displayLinks:\n  - A.step\nroot: {}\n", 2, 5, "each item of `displayLinks` must be a display link (a mapping), found 'A.step'"),
            ("info: {CADisableMinimumFrameDurationOnPhone: 1}\nroot: {}\n", 1, 46, "`info.CADisableMinimumFrameDurationOnPhone` must be true or false, found '1'"),
            ("info: {maximumFPS: 120}\nroot: {}\n", 1, 8, "`info` takes CADisableMinimumFrameDurationOnPhone, maximumFramesPerSecond, found 'maximumFPS'"),
          ])
    func errors(_ text: String, _ line: Int, _ column: Int, _ message: String) throws {
        let error = try #require(read(text).error)
        #expect(error.message == message)
        #expect(Int(error.location.line) == line && Int(error.location.column) == column, "\(error.location)")
    }

    @Test("the same error in JSON points at the value")
    func jsonError() throws {
        let error = try #require(read(#"{"root": {"animations": [{"repeatCount": -1}]}}"#, .json).error)
        #expect(error.message == "`animations.repeatCount` must be ≥ 0 or infinity, found -1")
        #expect(error.location.line == 1 && error.location.column == 42)
    }

    @Test("a snapshot knows each frame-rate key only when it carries it; `unknown` can say so too")
    func knownness() throws {
        #expect(read("root: {}").snapshots[0].frameRateUnknown == .frameRate)
        #expect(read("displayLinks: []\ninfo: {}\nroot: {animations: []}").snapshots[0].frameRateUnknown == [])
        let said = read("unknown: [animations, shadow]\ninfo: {}\nroot: {animations: [], sublayers: [{}]}").snapshots[0]
        #expect(said.frameRateUnknown == [.animations, .displayLinks])
        #expect(said.layers.allSatisfy { $0.unknown == .shadow }, "the frame-rate names stay the snapshot's")
    }

    @Test("convert: YAML → JSON → YAML gives the same bytes, and the same findings", arguments: ["live-room.yml"])
    func convertRoundTrip(_ name: String) throws {
        let yaml = try String(contentsOf: repositoryRoot.appendingPathComponent("fixtures/" + name), encoding: .utf8)
        let trees = read(yaml).snapshots
        #expect(trees.count == 2)
        let firstYAML = LayerTreeExport.yaml(trees.map(LayerSnapshot.init(tree:)))
        var back: [LayerTree] = []
        for tree in trees {
            let json = LayerTreeExport.json(LayerSnapshot(tree: tree))
            #expect(json.contains(#""repeatCount": "infinity""#) || !tree.layers.contains { $0.animations.contains { $0.repeatCount.isInfinite } })
            let d = read(json, .json)
            #expect(d.error == nil, "\(d.error?.message ?? "")")
            back += d.snapshots
        }
        #expect(LayerTreeExport.yaml(back.map(LayerSnapshot.init(tree:))) == firstYAML)
        #expect(back.map(\.displayLinks.count) == [4, 1])
        #expect(back.map(\.frameRateUnknown) == [[], []], "animations: [] on a layer keeps the second snapshot's animations known")
        let again = Linter().lint(text: firstYAML, path: "x.yml")
        let original = Linter().lint(text: yaml, path: "x.yml")
        #expect(again.snapshots.flatMap(\.findings).map(\.message) == original.snapshots.flatMap(\.findings).map(\.message))
    }

    @Test("the composed estimate: the highest rate asked, lowered by the fixes that lower one, not by promotion-disabled")
    func composedEstimate() throws {
        let report = try lintFixture("live-room.yml")
        let (room, replay) = (report.snapshots[0].estimate, report.snapshots[1].estimate)
        #expect(room.framesPerSecond == 120 && room.framesPerSecondAfterFixes == 60)
        #expect(replay.framesPerSecond == 120 && replay.framesPerSecondAfterFixes == 120)
        let promotion = try #require(report.snapshots[1].findings.first { $0.rule == "promotion-disabled" })
        #expect(promotion.frameRate?.now == 60 && promotion.frameRate?.afterFix == 120 && promotion.passes == 0)
        let figures = report.snapshots[0].findings.compactMap { f in f.frameRate.map { "\(f.rule) \($0.now)→\($0.afterFix)" } }
        #expect(figures.sorted() == ["display-link-rate 120.0→60.0", "display-link-rate 30.0→30.0", "display-link-rate 60.0→0.0",
                                     "uncapped-animation 120.0→30.0"])
        // A dump with no frame-rate keys has no figure, and its passes stay exact.
        let plain = try lintFixture("feed-cell.yml")
        #expect(plain.snapshots.allSatisfy { !$0.estimate.hasFrameRateSources })
    }

    @Test("JSON, SARIF and text carry the figures")
    func reports() throws {
        let report = LintReport(files: [try lintFixture("live-room.yml")])
        let json = try #require(JSONSerialization.jsonObject(with: Data(JSONReporter().render(report).string.utf8)) as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["framesPerSecond"] as? Double == 120 && summary["framesPerSecondAfterFixes"] as? Double == 120)
        let snapshot = try #require(((json["files"] as? [[String: Any]])?.first?["snapshots"] as? [[String: Any]])?.first)
        #expect(snapshot["framesPerSecond"] as? Double == 120 && snapshot["framesPerSecondAfterFixes"] as? Double == 60)
        let uncapped = try #require((snapshot["findings"] as? [[String: Any]])?.first { $0["rule"] as? String == "uncapped-animation" })
        #expect(uncapped["framesPerSecond"] as? Double == 120 && uncapped["framesPerSecondAfterFix"] as? Double == 30)
        #expect(uncapped["reason"] as? String == "frameRate" && uncapped["passes"] as? Int == 0)
        let sarif = SARIFReporter().render(report).string
        #expect(sarif.contains(#""framesPerSecond": 120"#) && sarif.contains(#""framesPerSecondAfterFix": 30"#))
        let text = TextReporter().render(report).string
        #expect(text.contains("layer: UIWindow/liveBadge/shimmer · 120 frames per second now, 30 after the fix\n"))
        #expect(text.contains("; frames per second asked by repeating animations and display links: 120 now, 120 after fixes"))
        #expect(!text.contains("not checked"), "the fixture carries every frame-rate key")
    }

    @Test("the exporter writes animations, display links and info from FakeLayer, and the rules read them")
    func exporter() throws {
        let root = FakeLayer(name: "screen")
        root.bounds = ExportedRect(x: 0, y: 0, width: 390, height: 844)
        root.position = ExportedPoint(x: 195, y: 422)
        let spinner = FakeLayer(name: "spinner")
        spinner.bounds = ExportedRect(x: 0, y: 0, width: 40, height: 40)
        spinner.position = ExportedPoint(x: 195, y: 422)
        spinner.animations = [ExportedAnimation(keyPath: "transform.rotation.z", duration: 1, repeatCount: .infinity)]
        root.animations = []
        root.addSublayer(spinner)
        let links = [ExportedDisplayLink(target: "Ticker.tick", preferredFramesPerSecond: 30, hasWork: true)]
        let info = ExportedFrameRateInfo(disableMinimumFrameDurationOnPhone: true, maximumFramesPerSecond: 120)
        let yaml = LayerTreeExport.yaml(of: root, displayLinks: links, info: info)
        #expect(yaml.contains("displayLinks: [{target: Ticker.tick, preferredFramesPerSecond: 30, hasWork: true}]\n"), "\(yaml)")
        #expect(yaml.contains("info: {CADisableMinimumFrameDurationOnPhone: true, maximumFramesPerSecond: 120}\n"), "\(yaml)")
        #expect(yaml.contains(#"animations: [{keyPath: transform.rotation.z, duration: 1, repeatCount: "infinity"}]"#), "\(yaml)")
        let report = Linter().lint(text: yaml)
        #expect(report.error == nil && report.warnings.isEmpty)
        #expect(report.snapshots.flatMap(\.findings).map(\.rule).sorted() == ["display-link-rate", "uncapped-animation"])
        #expect(report.snapshots[0].rulesNotRun.isEmpty)
        // Nothing animates: the root says so once; unknown stays unwritten.
        spinner.animations = []
        #expect(LayerTreeExport.yaml(of: root).contains("animations: []"))
        #expect(!LayerTreeExport.yaml(of: FakeLayer()).contains("animations"))
    }

    @Test("diff names the frames per second a removed frame-rate finding asked for, and a snapshot's change")
    func diff() throws {
        let old = "refreshRate: 120\ndisplayLinks: [{target: A.step}]\nscreen: S\nroot: {name: r, animations: []}\n"
        let new = "refreshRate: 120\ndisplayLinks: [{target: A.step, preferredFrameRateRange: {minimum: 30, maximum: 60, preferred: 60}}]\nscreen: S\nroot: {name: r, animations: []}\n"
        let d = SnapshotDiff.compare(old: [.init(relativePath: "a.yml", report: Linter().lint(text: old, path: "a.yml"))],
                                     new: [.init(relativePath: "a.yml", report: Linter().lint(text: new, path: "a.yml"))])
        let text = TextReporter().render(d).string
        #expect(text.contains("    layer: r · 120 frames per second, 60 with its fix\n"), "\(text)")
        #expect(text.contains("a.yml:1: note: snapshot 'S': offscreen passes per frame 0 → 0 (0); frames per second asked 120 → 60\n"), "\(text)")
    }
}
