import LayerFacts
import LayerRules

/// Writes findings as the text report shows them, building what repeats once: findings
/// on repeated cells read the same, so each distinct text's message line and indented
/// fix are built once per rendering and then copied.
struct TextFindingLines {
    let showFixes: Bool
    let texts: FindingTexts
    /// By the text, which each entry keeps alive (so its identity is not reused).
    private var built = FindingTextCache<Lines>()
    /// The ends of layer lines, by their numbers: a report has a handful of them.
    private var layerLineEnds: [LayerLineEnd: ByteText] = [:]

    private struct LayerLineEnd: Hashable {
        var passes: Int
        var passesAfterFix: Int
        var observed: Int?
        var areaPixels: Int
        var frameRate: FrameRateFigure?
    }

    init(showFixes: Bool, texts: FindingTexts) {
        self.showFixes = showFixes; self.texts = texts
    }

    private struct Lines {
        /// What `head` was built for: findings that read the same share both, but their
        /// text alone does not decide them.
        var severity: Severity
        var rule: String
        /// `severity: message [rule]`, a line break and the start of the layer line.
        var head: ByteText
        /// The fix lines, indented; empty when fixes are not shown.
        var fix: ByteText
    }

    /// Words of findings no other finding shares, written here one after another.
    private var scratch = FindingWordsScratch()

    /// Appends `f`, located in the file at `path` (escaped by the caller, once per file).
    mutating func append(_ f: Finding, path: String, to out: inout ByteText) {
        TextReporter.position(&out, path, Int(f.location.line), Int(f.location.column))
        guard f.wordsRepeat else {
            appendWords(of: f, to: &out)
            return
        }
        let text = texts.text(of: f)
        var lines = built.entry(for: text) { Self.lines(of: $0, severity: f.severity, rule: f.rule, showFixes: showFixes) }
        if lines.severity != f.severity || lines.rule != f.rule {
            // The same words at another severity (a configured override): rare, not kept.
            lines = Self.lines(of: text, severity: f.severity, rule: f.rule, showFixes: showFixes)
        }
        out.append(lines.head)
        appendLayerLine(f, to: &out)
        out.append(lines.fix)
    }

    /// The words of a finding that shares them with no other, written straight from the
    /// rule's key into the report (nothing kept: the next finding reads otherwise).
    private mutating func appendWords(of f: Finding, to out: inout ByteText) {
        out.append(f.severity.rawValue); out.append(": ")
        scratch.with(.message, of: f) { TerminalText.appendMessage($0, to: &out) }
        out.append(" ["); out.append(f.rule); out.append("]\n    layer: ")
        appendLayerLine(f, to: &out)
        guard showFixes else { return }
        out.append("    fix: ")
        scratch.with(.fixSummary, of: f) { TerminalText.appendMessage($0, to: &out) }
        out.append("\n        ")
        scratch.with(.fixSwift, of: f) { TerminalText.appendCode($0, indent: "        ", to: &out) }
        out.append(byte: 0x0A)
    }

    /// The layer's path, its owner and its numbers, to the end of the line.
    private mutating func appendLayerLine(_ f: Finding, to out: inout ByteText) {
        f.withLayerPath { TerminalText.appendLayerPath($0, to: &out) }
        if let owner = f.systemOwner { Self.appendOwner(owner, to: &out) }
        let end = LayerLineEnd(passes: f.passes, passesAfterFix: f.passesAfterFix, observed: f.observedOffscreenCount,
                               areaPixels: f.areaPixels, frameRate: f.frameRate)
        if let known = layerLineEnds[end] {
            out.append(known)
        } else {
            let bytes = Self.bytes(of: end)
            layerLineEnds[end] = bytes
            out.append(bytes)
        }
    }

    /// Says that UIKit created the layer, and where the app makes the change.
    private static func appendOwner(_ owner: SystemOwner, to out: inout ByteText) {
        out.append(" (created by UIKit")
        if let app = owner.appLayerPath {
            out.append(owner.isReachable ? ", reached from your " : ", deep inside your ")
            out.append(TerminalText.layerPath(app))
        }
        out.append(byte: 0x29)
    }

    private static func bytes(of end: LayerLineEnd) -> ByteText {
        var out = ByteText()
        if let fps = end.frameRate {
            // A frame-rate finding costs no pass: its figure is frames per second.
            out.append(" · "); out.append(TextReporter.rate(fps.now)); out.append(" frames per second now, ")
            out.append(TextReporter.rate(fps.afterFix)); out.append(" after the fix\n")
            return out
        }
        out.append(" · "); out.append(TextReporter.passes(end.passes)); out.append(" now, ")
        out.append(end.passesAfterFix); out.append(" after the fix")
        if end.passes > 0, end.areaPixels > 0 {
            out.append(" · "); out.append(Megapixels.text(end.passes * end.areaPixels)); out.append(" megapixels offscreen per frame")
        }
        if let observed = end.observed { out.append(" · Xcode showed "); out.append(observed) }
        out.append(byte: 0x0A)
        return out
    }

    private static func lines(of text: FindingText, severity: Severity, rule: String, showFixes: Bool) -> Lines {
        var head = ByteText()
        head.append(severity.rawValue); head.append(": ")
        // Built once per distinct text: escaping it costs nothing per finding.
        head.append(TerminalText.message(text.message)); head.append(" ["); head.append(rule); head.append("]\n    layer: ")
        var fix = ByteText()
        if showFixes {
            let suggestion = text.fix
            fix.append("    fix: "); fix.append(TerminalText.message(suggestion.summary)); fix.append(byte: 0x0A)
            fix.append("        ")
            // Code keeps its lines; a name inside it cannot add one that means anything.
            var swift = suggestion.swift
            swift.withUTF8 { TerminalText.appendCode($0, indent: "        ", to: &fix) }
            fix.append(byte: 0x0A)
        }
        return Lines(severity: severity, rule: rule, head: head, fix: fix)
    }
}
