import Foundation
import LayerLintKit
import Testing
import YAML

/// A screen with three shadowed cards, two named and two unnamed alike; `order` picks
/// the order of the named ones and `extra` adds a fourth card, so reordering and new
/// findings can be told apart.
private func cards(_ order: [String], extra: Bool = false, header: String = "") -> String {
    func card(_ name: String, y: Int) -> String {
        """
            - name: \(name)
              frame: [16, \(y), 343, 80]
              backgroundColor: "#FFFFFF"
              shadowOpacity: 0.2
              shadowRadius: 8

        """
    }
    var text = header + "screen: Cards\nroot:\n  frame: [0, 0, 375, 812]\n  sublayers:\n"
    for (k, name) in order.enumerated() { text += card(name, y: 20 + 100 * k) }
    for k in 0..<2 {
        text += """
            - view: PromoView
              frame: [16, \(420 + 100 * k), 343, 80]
              backgroundColor: "#FFFFFF"
              shadowOpacity: 0.2
              shadowRadius: 4

        """
    }
    if extra { text += card("newCard", y: 700) }
    return text
}

private func report(_ text: String, path: String = "Snapshots/cards.yml") -> LintReport {
    LintReport(files: [Linter().lint(text: text, path: path)])
}

@Suite("Baselines")
struct BaselineTests {
    @Test("a baseline of a run covers every finding of that run")
    func coversItself() throws {
        var r = report(cards(["a", "b"]))
        let total = r.findings.count
        #expect(total == 4)
        let baseline = Baseline(report: r, relativeTo: ".")
        #expect(baseline.findingCount == 4)
        baseline.apply(to: &r, relativeTo: ".")
        #expect(r.findings.isEmpty)
        #expect(r.baseline?.matched == 4)
        #expect(r.baseline?.gone.isEmpty == true)
        #expect(r.baselinedCount == 4)
    }

    @Test("a baseline's strings are quoted as a scalar-by-scalar escape quotes them")
    func quotingFastPath() {
        // The quoting as it was written, scalar by scalar, whatever the text.
        func reference(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0x22: out += "\\\""
                case 0x5C: out += "\\\\"
                case 0x0A: out += "\\n"
                case 0x09: out += "\\t"
                case 0x0D: out += "\\r"
                case 0..<0x20, 0x7F, 0x80...0x9F, 0xFFFE, 0xFFFF:
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        let texts = ["", "plain/cell[0]", "カード/セル[0]", "say \"hi\"", "back\\slash", "tab\tline\n\r", "\u{0}\u{1F}\u{7F}",
                     "\u{80}\u{85}\u{9F}\u{A0}\u{A9}\u{FF}", "é\u{301}", "\u{2028}\u{FEFF}\u{FFFE}", "👍🏽", "#*&[]{}:,"]
        for text in texts { #expect(YAMLText.doubleQuoted(text) == reference(text), "\(text.debugDescription)") }
    }

    @Test("reordered layers and moved lines stay baselined; only the new layer is new")
    func survivesReordering() throws {
        let baseline = Baseline(report: report(cards(["a", "b"])), relativeTo: ".")
        var reordered = report(cards(["b", "a"], header: "# regenerated\n# by the snapshot suite\nlayerlint: 1\n"))
        baseline.apply(to: &reordered, relativeTo: ".")
        #expect(reordered.findings.isEmpty)

        var grown = report(cards(["b", "a"], extra: true, header: "\n\n"))
        baseline.apply(to: &grown, relativeTo: ".")
        #expect(grown.findings.map(\.layerPath) == ["CALayer/newCard"])
        #expect(grown.baseline?.matched == 4)
    }

    @Test("a second sibling of the same label: the first keeps its baselined finding")
    func siblingGainsIndex() throws {
        func screen(_ n: Int) -> String {
            "screen: S\nroot:\n  sublayers:\n" + (0..<n).map { k in
                "    - view: Card\n      frame: [0, \(20 * k), 10, 10]\n      backgroundColor: \"#FFFFFF\"\n      shadowOpacity: 0.3\n"
            }.joined()
        }
        let baseline = Baseline(report: report(screen(1)), relativeTo: ".")
        #expect(baseline.counts.keys.map(\.layerPath) == ["CALayer/Card"])
        var two = report(screen(2))
        baseline.apply(to: &two, relativeTo: ".")
        #expect(two.findings.map(\.layerPath) == ["CALayer/Card[1]"])
        #expect(two.baseline?.gone.isEmpty == true)
    }

    @Test("a baselined finding that went away is listed as gone, once per missing occurrence")
    func goneFindings() throws {
        let baseline = Baseline(report: report(cards(["a", "b"])), relativeTo: ".")
        var fewer = report(cards(["b"]))
        baseline.apply(to: &fewer, relativeTo: ".")
        #expect(fewer.findings.isEmpty)
        let gone = try #require(fewer.baseline?.gone)
        #expect(gone.map(\.key.layerPath) == ["CALayer/a"])
        #expect(gone.map(\.count) == [1])

        // Files not linted in this run have nothing gone.
        var other = report(cards(["a"]), path: "Snapshots/other.yml")
        baseline.apply(to: &other, relativeTo: ".")
        #expect(other.baseline?.gone.isEmpty == true)
        #expect(other.findings.count == 3)
    }

    @Test("the file is sorted, readable, and reads back to the same baseline")
    func fileRoundTrip() throws {
        let baseline = Baseline(report: report(cards(["b", "a"])), relativeTo: ".")
        let text = baseline.fileText
        let entries = text.split(separator: "\n").filter { $0.hasPrefix("    layer: ") }
        #expect(entries == [#"    layer: "CALayer/PromoView[0]""#, #"    layer: "CALayer/PromoView[1]""#,
                             #"    layer: "CALayer/a""#, #"    layer: "CALayer/b""#])
        #expect(text.components(separatedBy: "    count: 1\n").count == 5)
        #expect(try Baseline(fileText: text, path: "b.yml") == baseline)
        #expect(Baseline(report: report(cards(["a", "b"])), relativeTo: ".").fileText == text)
    }

    @Test("files are named relative to the baseline's folder")
    func relativeNames() throws {
        let cwd = FileManager.default.currentDirectoryPath
        #expect(RelativePath.of("Snapshots/cards.yml", from: ".") == "Snapshots/cards.yml")
        #expect(RelativePath.of("./Snapshots/../Snapshots/cards.yml", from: "Snapshots") == "cards.yml")
        #expect(RelativePath.of(cwd + "/Snapshots/cards.yml", from: "Snapshots") == "cards.yml")
        #expect(RelativePath.of("Other/x.yml", from: "Snapshots") == "../Other/x.yml")
        #expect(RelativePath.of("-", from: ".") == "<stdin>")
        let written = Baseline(report: report(cards(["a"])), relativeTo: "Snapshots")
        #expect(written.counts.keys.allSatisfy { $0.file == "cards.yml" })
        // Run from the repository root or from elsewhere, the same file matches.
        var r = report(cards(["a"]), path: cwd + "/Snapshots/cards.yml")
        written.apply(to: &r, relativeTo: cwd + "/Snapshots/")
        #expect(r.findings.isEmpty)
    }

    @Test("a broken baseline names the file, line, column and what was expected",
          arguments: [
            ("version: 1\nfindings:\n  - file: \"a.yml\"\n    rule: \"x\"\n    layr: \"A/b\"\n    count: 1\n", 5, 5, "unknown key 'layr'"),
            ("version: 1\nfindings:\n  - file: \"a.yml\"\n    rule: \"x\"\n    layer: \"A/b\"\n    count: 0\n", 6, 12, "`count` must be a whole number above 0"),
            ("version: 2\nfindings: []\n", 1, 10, "unsupported baseline version '2'"),
            ("findings: []\n", 1, 1, "missing `version: 1`"),
            ("version: 1\nfindings: {}\n", 2, 11, "`findings` must be a list"),
            ("version: 1\nfindings:\n  - file: \"a.yml\"\n    layer: \"A/b\"\n    count: 1\n", 3, 5, "missing `rule`"),
            ("version: 1\nfindings: [\n", 3, 1, "did not find expected node content"),
          ])
    func errors(_ text: String, _ line: Int, _ column: Int, _ message: String) {
        #expect {
            _ = try Baseline(fileText: text, path: "base.yml")
        } throws: { error in
            guard let e = error as? BaselineError else { return false }
            return e.line == line && e.column == column && e.message.contains(message) && e.path == "base.yml"
        }
    }
}
