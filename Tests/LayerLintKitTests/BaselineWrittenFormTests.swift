import Foundation
@testable import LayerLintKit
import LayerReport
import Testing

/// The written form of a baseline is read without the YAML parser
/// (`Baseline.writtenCounts`); whatever it reads must be what the parser reads, and what it
/// does not read goes to the parser.
@Suite("Baseline files: the written form")
struct BaselineWrittenFormTests {
    static let texts = ["plain", "cell[0]/card", "カード/セル[0]", "say \"hi\"", "back\\slash", "tab\tand\nline", "\u{85}\u{9F}",
                        "\u{A0}é\u{301}", "card\u{FFFE}", "\u{FFFF}", "# not a comment", "a: b", "  spaced  ", "👍🏽", "-", "[x]"]

    /// Either reading gives the same counts, or the fast one declines; and it declines
    /// whatever the parser refuses.
    private func expectSameReading(_ text: String, _ comment: Comment? = nil) {
        let parsed = try? Baseline.parsedCounts(text, path: "base.yml")
        guard let written = Baseline.writtenCounts(text) else { return }
        #expect(written == parsed, comment)
    }

    @Test("a written baseline reads the same whichever way, and the usual one without the parser")
    func writtenBaselines() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<200 {
            var counts: [FindingKey: Int] = [:]
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                func pick() -> String { Self.texts.randomElement(using: &generator)! }
                let key = FindingKey(file: pick(), screen: Bool.random(using: &generator) ? "" : pick(), rule: pick(), layerPath: pick())
                counts[key, default: 0] += Int.random(in: 1...3, using: &generator)
            }
            let text = Baseline(counts: counts).fileText
            expectSameReading(text, "round \(round)")
            #expect((try? Baseline(fileText: text, path: "base.yml"))?.counts == counts)
            // Nothing to escape: read without the parser.
            let plain = counts.keys.allSatisfy { k in [k.file, k.screen, k.rule, k.layerPath].allSatisfy { YAMLQuoting.isPlain($0) } }
            if plain { #expect(Baseline.writtenCounts(text) == counts) }
        }
    }

    @Test("a changed file reads as the parser reads it, or goes to the parser")
    func changedFiles() {
        let counts = [FindingKey(file: "a.yml", screen: "Feed", rule: "shadow-without-path", layerPath: "cell[0]/card"): 2,
                      FindingKey(file: "a.yml", screen: "", rule: "unneeded-clip", layerPath: "カード"): 1]
        let text = Baseline(counts: counts).fileText
        #expect(Baseline.writtenCounts(text) == counts)
        let changes: [(String, String)] = [
            ("\n", "\r\n"), ("version: 1", "version: 2"), ("version: 1", "version: \"1\""), ("count: 2", "count: 0"),
            ("count: 2", "count: 007"), ("count: 2", "count: 99999999999999999999"), ("count: 2", "count: -2"),
            ("count: 2", "count: 2 # two"), ("# LayerLint", "#\tLayerLint"), ("# LayerLint", "# \u{FFFE}"), ("# LayerLint", "# \u{85}"),
            ("    rule:", "    kind:"), ("  - file: \"a.yml\"\n    screen", "  - screen"), ("\"Feed\"", "Feed"),
            ("\"Feed\"", "\"Fe\\u0065d\""), ("\"Feed\"", "\"Fe\u{9F}d\""), ("\"Feed\"", "\"\""), ("\"a.yml\"", "\"\""),
            ("findings:\n", "findings:\n\n"), ("version: 1\n", "version: 1\nextra: 1\n"), ("count: 1\n", "count: 1\n\n"),
            ("count: 1\n", "count: 1\n  - file: \"b\"\n"), ("version: 1\n\n", "version: 1\n"), ("version: 1\n\n", "version: 1\n\n\n"),
        ]
        for (from, to) in changes {
            let changed = text.replacingOccurrences(of: from, with: to)
            expectSameReading(changed, "\(from.debugDescription) → \(to.debugDescription)")
        }
        expectSameReading("\u{FEFF}" + text, "a byte order mark")
        expectSameReading(String(text.dropLast()), "no last line break")
        #expect(Baseline.writtenCounts(Baseline(counts: [:]).fileText) == [:])
    }
}

/// Whether `YAMLText.doubleQuoted` leaves a text as it is.
private enum YAMLQuoting {
    static func isPlain(_ s: String) -> Bool {
        s.unicodeScalars.allSatisfy { v in
            !(v.value < 0x20 || v.value == 0x7F || (0x80...0x9F).contains(v.value) || v == "\"" || v == "\\" || v.value == 0xFFFE || v.value == 0xFFFF)
        }
    }
}
