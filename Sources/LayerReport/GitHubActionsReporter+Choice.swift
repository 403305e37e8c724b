import LayerRules

extension GitHubActionsReporter {
    /// GitHub shows at most 10 error, 10 warning and 10 notice annotations of a step and
    /// drops the rest without a word; the reporter writes no more than that, chosen.
    static let annotationsPerLevel = 10

    /// The three annotation levels, as indexes into a room count.
    enum Level: Int { case error, warning, notice }

    static func level(_ s: Severity) -> Level {
        switch s {
        case .error: .error
        case .warning: .warning
        case .info: .notice
        }
    }

    /// Which results are annotated: for each level, the costliest that fit in what is
    /// left of it once input messages (unreadable dumps, warnings) took theirs. When any
    /// result or input message is not annotated, one notice is kept back for the
    /// sentence that says so.
    struct Choice {
        /// The annotated results' ordinals, costliest first.
        var order: [Int] = []
        var annotated: [Bool]
        var leftOut: Int { annotated.count - order.count }

        init(costs: [ResultCost], room: [Int], inputsLeftOut: Int, level: (Int) -> Level) {
            annotated = [Bool](repeating: false, count: costs.count)
            var room = room
            for i in ResultCost.costliestFirst(costs) {
                let l = level(i).rawValue
                guard room[l] > 0 else { continue }
                room[l] -= 1
                order.append(i)
                if room.allSatisfy({ $0 == 0 }) { break }
            }
            if order.count < costs.count || inputsLeftOut > 0, room[Level.notice.rawValue] == 0,
               let last = order.lastIndex(where: { level($0) == .notice }) {
                order.remove(at: last)
            }
            for i in order { annotated[i] = true }
        }
    }

    /// Room per level after the input messages that come first.
    static func room(afterInputs levels: [Level]) -> (room: [Int], annotated: [Bool]) {
        var room = [Int](repeating: annotationsPerLevel, count: 3)
        let annotated = levels.map { l -> Bool in
            guard room[l.rawValue] > 0 else { return false }
            room[l.rawValue] -= 1
            return true
        }
        return (room, annotated)
    }

    /// The notice that says what was not annotated and where it is.
    static func leftOutNotice(_ out: inout ByteText, annotated: Int, total: Int, inputsLeftOut: Int) {
        var text = "GitHub shows \(annotationsPerLevel) annotations of each level per step: LayerLint annotated the "
        text += "\(CountText.grouped(annotated)) costliest of \(CountText.count(total, "finding")) (offscreen passes per frame, then severity). "
        var rest = [CountText.count(total - annotated, "other finding")]
        if inputsLeftOut > 0 { rest.append(CountText.count(inputsLeftOut, "input message")) }
        text += "The \(rest.joined(separator: " and ")) are listed in this step's log under \"\(groupTitle(total - annotated, inputsLeftOut))\"; "
        text += "the json report (--reporter json:PATH) holds every finding."
        command(&out, "notice", [("title", groupTitle(total - annotated, inputsLeftOut))], text)
    }

    static func groupTitle(_ findings: Int, _ inputs: Int) -> String {
        var title = "LayerLint: \(CountText.count(findings, "finding")) not annotated"
        if inputs > 0 { title += " (and \(CountText.count(inputs, "input message")))" }
        return title
    }

    /// The results the log lists instead of annotating, a line each:
    /// `file:line:column: severity rule: message (layer …, N offscreen passes per frame)`.
    /// A big screen lists most of its findings here: each line is put together in one
    /// reused buffer, a finding's own words written from their parts, and checked once.
    struct PlainLines {
        private var line = ByteText()
        private var words = FindingWordsScratch()
        /// Each distinct shared text's message, escaped once.
        private var messages = FindingTextCache<String>()
        /// The last result's path, and as a line starts with it, escaped: a file's results come together.
        private var path: (raw: String, escaped: String)?

        mutating func append(_ r: LintResult, fixed: Bool = false, to out: inout ByteText) {
            line.removeAll()
            if path?.raw != r.path { path = (r.path, TerminalText.lineStart(r.path)) }
            line.append(path!.escaped)
            line.append(byte: 0x3A); line.append(r.line); line.append(byte: 0x3A); line.append(r.column); line.append(": ")
            line.append(fixed ? "fixed" : r.severity.rawValue); line.append(byte: 0x20); line.append(r.rule); line.append(": ")
            if let f = r.finding, !f.wordsRepeat {
                words.with(.message, of: f) { TerminalText.appendMessage($0, to: &line) }
            } else if let text = r.text {
                line.append(messages.entry(for: text) { TerminalText.message($0.message) })
            } else {
                line.append(TerminalText.message(r.message))
            }
            if let f = r.finding {
                line.append(" (layer "); f.withLayerPath { TerminalText.appendLayerPath($0, to: &line) }
                // `CountText.offscreenPasses`, written without a string.
                line.append(", "); line.append(r.passes); line.append(r.passes == 1 ? " offscreen pass" : " offscreen passes")
                line.append(" per frame)")
            }
            line.bytes.withUnsafeBufferPointer { WorkflowCommandText.appendPlainLine($0, to: &out) }
            out.append(byte: 0x0A)
        }
    }

    /// An input message the log lists instead of annotating.
    static func plainLine(_ out: inout ByteText, _ level: String, _ path: String, _ m: InputMessage) {
        let place = m.line > 0 ? "\(TerminalText.lineStart(path)):\(m.line):\(max(m.column, 1))" : TerminalText.lineStart(path)
        out.append(WorkflowCommandText.plainLine("\(place): \(level): \(TerminalText.message(m.message))")); out.append(byte: 0x0A)
    }
}
