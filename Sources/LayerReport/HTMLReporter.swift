import LayerEstimate
import LayerRules

/// `--reporter html`: one self-contained page (no network: a Content-Security-Policy of
/// `default-src 'none'`, inline CSS, SVG and script) that draws every snapshot with its
/// offscreen layers in yellow, lists the findings beside the drawing, and toggles to the
/// tree after every suggested fix.
///
/// Untrusted text (paths, classes, names, messages, fix code) is written either escaped
/// as HTML (`XMLText`, which escapes all five markup characters) or inside the JSON data
/// element (`ScriptJSON`); the script puts it on the page with `textContent` only, and no
/// element carries an event handler attribute.
public struct HTMLReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport, into out: inout ByteText) {
        let texts = FindingTexts()
        var body = ""
        var data = ScriptJSON()
        data.raw("{\"kind\":\"lint\",\"snapshots\":[")
        var chart: [(label: String, passes: Int, after: Int, budget: Int?)] = []
        var s = 0
        var findingNumber = 0
        var table = StringTable()
        for file in report.files {
            if let e = file.error {
                body += "<section class=\"snap\"><h2>\(XMLText.content(file.path))</h2><p class=\"error\">error: \(XMLText.content(HumanText.prose(e.message)))</p></section>"
            }
            for snapshot in file.snapshots {
                let budget = snapshot.passesBudget ?? file.budgetViolations.first { $0.scope == .snapshot && $0.line == snapshot.line }?.budget
                let label = file.path + (snapshot.screen.map { " — " + $0 } ?? "")
                // The budget counts the app's passes (`budgetedPasses`), as the run's verdict does.
                chart.append((label, snapshot.budgetedPasses, snapshot.estimate.passesAfterFixes, budget))
                if s > 0 { data.raw(",") }
                body += section(snapshot, file: file, number: s, firstFinding: &findingNumber, texts: texts, data: &data, table: &table)
                s += 1
            }
        }
        table.close(&data)
        out.append(HTMLPage.head(title: "LayerLint report"))
        out.append("<header><h1>LayerLint</h1><p class=\"summary\">")
        out.append(XMLText.content("\(report.files.count) file\(report.files.count == 1 ? "" : "s"), \(report.snapshotCount) snapshot\(report.snapshotCount == 1 ? "" : "s"), \(report.findingCount) finding\(report.findingCount == 1 ? "" : "s"); offscreen passes per frame: "))
        out.append("<span class=\"now-only\">\(report.passes) now</span><span class=\"after-only\">\(report.passesAfterFixes) after all suggested fixes (composed estimate)</span>")
        out.append("</p><button id=\"toggle\" type=\"button\" aria-pressed=\"false\">Show after fixes</button></header>")
        out.append(Self.chart(chart))
        out.append(body)
        out.append("<script type=\"application/json\" id=\"ll-data\">")
        out.append(data.text)
        out.append("</script>")
        out.append(HTMLPage.tail)
    }

    /// One snapshot: its drawing, its findings, a panel for what is selected; its data
    /// (layers and findings) appended to `data`.
    private func section(_ snapshot: SnapshotReport, file: FileReport, number s: Int, firstFinding: inout Int,
                         texts: FindingTexts, data: inout ScriptJSON, table: inout StringTable) -> String {
        var html = "<section class=\"snap\" id=\"s\(s)\"><h2>" + XMLText.content(HumanText.path(file.path))
        if let screen = snapshot.screen { html += " <span class=\"screen\">" + XMLText.content(HumanText.name(screen)) + "</span>" }
        html += "</h2>" + Self.estimateLine(snapshot) + "<div class=\"row\">"
        html += block(snapshot, title: file.path + (snapshot.screen.map { " — " + $0 } ?? ""), number: s, firstFinding: &firstFinding,
                      texts: texts, data: &data, table: &table)
        return html + "</div></section>"
    }

    static func estimateLine(_ snapshot: SnapshotReport) -> String {
        "<p class=\"est\"><span class=\"now-only\">\(snapshot.estimate.passes) offscreen passes per frame now</span>"
            + "<span class=\"after-only\">\(snapshot.estimate.passesAfterFixes) offscreen passes per frame after the suggested fixes (composed)</span>"
            + " · \(snapshot.layerCount) layers</p>"
    }

    /// A snapshot's drawing, findings and detail panel (`<div class="draw">` and
    /// `<div class="side">`), its data appended to `data` as snapshot `s`. `marks` tags
    /// findings (by index) in a diff: `new`, `fixed`, `changed`; their layers are outlined.
    func block(_ snapshot: SnapshotReport, title: String, number s: Int, firstFinding: inout Int, texts: FindingTexts,
               data: inout ScriptJSON, table: inout StringTable, marks: [Int: String] = [:]) -> String {
        var html = "<div class=\"draw\" data-s=\"\(s)\">"
        let items = snapshot.drawing?.itemIndex() ?? [:]
        if let drawing = snapshot.drawing {
            var layerMarks: [Int: String] = [:]
            for (k, mark) in marks { if let item = items[snapshot.findings[k].layer] { layerMarks[item] = mark } }
            html += DrawingSVG(drawing: drawing, idPrefix: String(s), marks: layerMarks).element(width: 360, standalone: false)
            let left = drawing.culled + drawing.capped
            if left > 0 {
                html += "<p class=\"note\">\(drawing.items.count) of \(drawing.layerCount) layers drawn: \(drawing.culled) hidden or off-screen, \(drawing.capped) small ones left out (every layer that costs a pass is drawn).</p>"
            }
        }
        html += "</div><div class=\"side\"><ol class=\"findings\" data-s=\"\(s)\">"
        data.raw("{\"title\":"); data.string(title)
        data.raw(",\"passes\":"); data.number(snapshot.estimate.passes)
        data.raw(",\"after\":"); data.number(snapshot.estimate.passesAfterFixes)
        data.raw(",\"layers\":[")
        for (k, item) in (snapshot.drawing?.items ?? []).enumerated() {
            if k > 0 { data.raw(",") }
            data.raw("{\"path\":"); data.string(item.path)
            data.raw(",\"class\":"); data.string(item.className)
            data.raw(",\"name\":"); data.string(item.name)
            data.raw(",\"box\":["); data.number(item.box.minX); data.raw(","); data.number(item.box.minY)
            data.raw(","); data.number(item.box.width); data.raw(","); data.number(item.box.height)
            data.raw("],\"bounds\":["); data.number(item.bounds.minX); data.raw(","); data.number(item.bounds.minY)
            data.raw(","); data.number(item.bounds.width); data.raw(","); data.number(item.bounds.height)
            data.raw("],\"cornerRadius\":"); data.number(item.cornerRadius)
            data.raw(",\"masksToBounds\":"); data.bool(item.masksToBounds)
            data.raw(",\"mask\":"); data.bool(item.isMask)
            data.raw(",\"opacity\":"); data.number(item.opacity)
            data.raw(",\"shadow\":"); data.bool(item.shadow != nil)
            data.raw(",\"passes\":"); data.number(item.passes)
            data.raw(",\"after\":"); data.number(item.passesAfterFixes)
            data.raw(",\"reasons\":"); data.string(item.reasons.map { "\($0.reason.rawValue) \($0.passes)" }.joined(separator: ", "))
            data.raw("}")
        }
        data.raw("],\"findings\":[")
        for (k, f) in snapshot.findings.enumerated() {
            let message = texts.message(of: f)
            let fix = texts.fix(of: f)
            html += "<li id=\"f\(firstFinding)\" data-s=\"\(s)\" data-k=\"\(k)\" tabindex=\"0\" class=\"\(f.severity.rawValue)\">"
            if let mark = marks[k] { html += "<span class=\"tag \(mark)\">\(mark)</span> " }
            html += "<span class=\"sev\">\(f.severity.rawValue)</span> <code>\(XMLText.content(f.rule))</code> "
            html += XMLText.content(HumanText.prose(message)) + "</li>"
            if k > 0 { data.raw(",") }
            data.raw("{\"n\":"); data.number(firstFinding)
            data.raw(",\"rule\":"); data.string(f.rule)
            data.raw(",\"severity\":"); data.string(f.severity.rawValue)
            data.raw(",\"message\":"); data.number(table.index(of: message))
            data.raw(",\"path\":"); data.string(f.layerPath)
            data.raw(",\"line\":"); data.number(Int(f.location.line))
            data.raw(",\"item\":"); data.number(items[f.layer] ?? -1)
            data.raw(",\"passes\":"); data.number(f.passes)
            data.raw(",\"passesAfterFix\":"); data.number(f.passesAfterFix)
            data.raw(",\"pixels\":"); data.number(f.offscreenPixels)
            if let fps = f.frameRate {
                // A frame-rate finding costs no pass: the panel shows its frames per second.
                data.raw(",\"fps\":"); data.string(TextReporter.rate(fps.now))
                data.raw(",\"fpsAfter\":"); data.string(TextReporter.rate(fps.afterFix))
            }
            data.raw(",\"fix\":"); data.number(table.index(of: fix.summary))
            data.raw(",\"swift\":"); data.number(table.index(of: fix.swift))
            data.raw(",\"objc\":"); data.number(table.index(of: fix.objc))
            data.raw("}")
            firstFinding += 1
        }
        data.raw("]}")
        if snapshot.findings.isEmpty { html += "<li class=\"none\">No findings.</li>" }
        html += "</ol><dl class=\"detail\" id=\"d\(s)\" aria-live=\"polite\"><dt>Select</dt><dd>a finding, or a layer in the drawing.</dd></dl></div>"
        return html
    }

    /// Texts many findings share (messages, fix summaries, fix code), each written once in
    /// the data's `strings` and referred to by index: a large dump's page is then mostly
    /// its layers.
    struct StringTable {
        private(set) var strings: [String] = []
        private var indices: [String: Int] = [:]
        mutating func index(of s: String) -> Int {
            if let k = indices[s] { return k }
            indices[s] = strings.count
            strings.append(s)
            return strings.count - 1
        }

        /// Ends the page data: `],"strings":[…]}` after the snapshots' (or files') list.
        func close(_ data: inout ScriptJSON) {
            data.raw("],\"strings\":[")
            for (k, string) in strings.enumerated() {
                if k > 0 { data.raw(",") }
                data.string(string)
            }
            data.raw("]}")
        }
    }

    /// Bars of passes per snapshot, now and after fixes, with the configuration's budget
    /// per snapshot as a line where it sets one (red when the snapshot is over it).
    static func chart(_ rows: [(label: String, passes: Int, after: Int, budget: Int?)]) -> String {
        guard !rows.isEmpty else { return "" }
        let top = max(1, rows.map { max($0.passes, $0.budget ?? 0) }.max() ?? 1)
        let rowHeight = 22.0, labelWidth = 360.0, barWidth = 300.0
        let height = Double(rows.count) * rowHeight + 8
        var out = "<figure class=\"chart\"><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(DrawingSVG.n(labelWidth + barWidth + 160))\" height=\"\(DrawingSVG.n(height))\" role=\"img\">"
        for (k, r) in rows.enumerated() {
            let y = Double(k) * rowHeight + 4
            let now = barWidth * Double(r.passes) / Double(top), after = barWidth * Double(r.after) / Double(top)
            out += "<text x=\"0\" y=\"\(DrawingSVG.n(y + 14))\">" + XMLText.content(HumanText.name(r.label)) + "</text>"
            out += "<rect class=\"bar-now\" x=\"\(DrawingSVG.n(labelWidth))\" y=\"\(DrawingSVG.n(y + 2))\" width=\"\(DrawingSVG.n(now))\" height=\"8\"/>"
            out += "<rect class=\"bar-after\" x=\"\(DrawingSVG.n(labelWidth))\" y=\"\(DrawingSVG.n(y + 11))\" width=\"\(DrawingSVG.n(after))\" height=\"8\"/>"
            out += "<text x=\"\(DrawingSVG.n(labelWidth + max(now, after) + 4))\" y=\"\(DrawingSVG.n(y + 14))\">\(r.passes) → \(r.after)</text>"
            if let b = r.budget {
                let x = labelWidth + barWidth * Double(b) / Double(top)
                out += "<line class=\"budget\(r.passes > b ? " over" : "")\" x1=\"\(DrawingSVG.n(x))\" x2=\"\(DrawingSVG.n(x))\" y1=\"\(DrawingSVG.n(y))\" y2=\"\(DrawingSVG.n(y + 20))\"><title>budget \(b)</title></line>"
            }
        }
        out += "</svg><figcaption>Offscreen passes per frame per snapshot: now (yellow) and after the suggested fixes (green); a dashed line marks the configured budget, red when the snapshot exceeds it.</figcaption></figure>"
        return out
    }
}
