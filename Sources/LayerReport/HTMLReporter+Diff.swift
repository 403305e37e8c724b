import LayerRules

extension HTMLReporter {
    /// A diff: per file, each snapshot's two sides drawn next to each other (when the run
    /// kept drawings), the old side's fixed findings and the new side's new and changed
    /// ones tagged in the lists and outlined in the drawings (fixed green, new red,
    /// changed orange dashes); then every new and fixed finding of the file.
    public func render(_ diff: DiffReport, into out: inout ByteText) {
        let texts = FindingTexts()
        var data = ScriptJSON()
        var table = StringTable()
        var body = ""
        var s = 0, findingNumber = 0
        data.raw("{\"kind\":\"diff\",\"snapshots\":[")
        for file in diff.files {
            body += "<section class=\"snap\"><h2>" + XMLText.content(HumanText.path(file.path)) + "</h2>"
            for e in [file.oldError.map { ("before", $0) }, file.newError.map { ("after", $0) }].compactMap({ $0 }) {
                body += "<p class=\"error\">\(e.0): error: " + XMLText.content(HumanText.prose(e.1.message)) + "</p>"
            }
            let added = Set(file.added), removed = Set(file.removed)
            for pair in file.pairs {
                body += "<h3>" + XMLText.content(HumanText.name(pair.screen ?? "(unnamed snapshot)")) + ": "
                body += "\(pair.old.map { String($0.estimate.passes) } ?? "–") → \(pair.new.map { String($0.estimate.passes) } ?? "–") offscreen passes per frame</h3><div class=\"row\">"
                for (side, snapshot) in [("before", pair.old), ("after", pair.new)] {
                    body += "<div class=\"col\"><h3>\(side)</h3>"
                    guard let snapshot else { body += "<p class=\"note\">no such snapshot</p></div>"; continue }
                    if s > 0 { data.raw(",") }
                    let marks = Self.marks(snapshot, side: side, other: side == "before" ? pair.new : pair.old, added: added, removed: removed)
                    body += Self.estimateLine(snapshot) + "<div class=\"row\">"
                    body += block(snapshot, title: file.path + " (\(side))" + (snapshot.screen.map { " — " + $0 } ?? ""), number: s,
                                  firstFinding: &findingNumber, texts: texts, data: &data, table: &table, marks: marks)
                    body += "</div></div>"
                    s += 1
                }
                body += "</div>"
            }
            body += "<ul class=\"diff\">"
            for c in file.snapshots where file.pairs.isEmpty {
                body += "<li class=\"changed\">" + XMLText.content(HumanText.name(c.screen ?? "(unnamed)")) + ": \(c.passesBefore.map(String.init) ?? "–") → \(c.passesAfter.map(String.init) ?? "–") passes</li>"
            }
            for (tag, list) in [("new", file.added), ("fixed", file.removed)] {
                for f in list {
                    body += "<li class=\"\(tag)\"><span class=\"tag\">\(tag)</span> <code>\(XMLText.content(f.rule))</code> " + XMLText.content(HumanText.path(f.layerPath))
                        + ": " + XMLText.content(HumanText.prose(texts.message(of: f))) + "</li>"
                }
            }
            body += "</ul></section>"
        }
        table.close(&data)
        out.append(HTMLPage.head(title: "LayerLint diff"))
        out.append("<header><h1>LayerLint diff</h1><p class=\"summary\">\(diff.added.count) new, \(diff.removed.count) fixed; offscreen passes per frame: \(diff.passesBefore) → \(diff.passesAfter)</p>")
        out.append("<button id=\"toggle\" type=\"button\" aria-pressed=\"false\">Show after fixes</button></header>")
        out.append(body)
        out.append("<script type=\"application/json\" id=\"ll-data\">")
        out.append(data.text)
        out.append("</script>")
        out.append(HTMLPage.tail)
    }

    /// Tags by finding index: on the old side, findings the new one no longer has
    /// (`fixed`); on the new side, findings the old one did not have (`new`), and those
    /// on a layer and rule both sides report with different passes (`changed`).
    static func marks(_ snapshot: SnapshotReport, side: String, other: SnapshotReport?, added: Set<Finding>, removed: Set<Finding>) -> [Int: String] {
        var out: [Int: String] = [:]
        let otherPasses = Dictionary((other?.findings ?? []).map { ($0.rule + "\u{0}" + $0.layerPath, $0.passes) }, uniquingKeysWith: { a, _ in a })
        for (k, f) in snapshot.findings.enumerated() {
            if side == "before" {
                if removed.contains(f) { out[k] = "fixed" }
            } else if added.contains(f) {
                out[k] = "new"
            } else if let p = otherPasses[f.rule + "\u{0}" + f.layerPath], p != f.passes {
                out[k] = "changed"
            }
        }
        return out
    }
}
