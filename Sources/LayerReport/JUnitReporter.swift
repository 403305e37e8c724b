import LayerRules

/// JUnit XML, which CI test views (GitLab, Jenkins, Azure, test-reporter actions) show as
/// tests: one suite per file, one test per file and rule — every catalog rule, so a clean
/// rule shows as passed — failing with that rule's warnings and errors. Info findings do
/// not fail; they go to the test's `system-out`.
public struct JUnitReporter: Reporter {
    public var catalog: RuleCatalog
    public init(catalog: RuleCatalog = .embedded) { self.catalog = catalog }

    public func render(_ report: LintReport, into out: inout ByteText) {
        let texts = FindingTexts()
        let suites = report.files.map { file in
            Suite(path: file.path, results: LintResult.all(in: file, texts: texts),
                  errors: file.error.map { [(file.path, $0)] } ?? [], warnings: file.warnings)
        }
        document(suites, into: &out)
    }

    /// Only new findings fail; fixed ones are listed in the test's output.
    public func render(_ diff: DiffReport, into out: inout ByteText) {
        let texts = FindingTexts()
        let suites = diff.files.map { file in
            var errors: [(String, InputMessage)] = []
            if let e = file.oldError { errors.append((file.oldPath ?? file.path, e)) }
            if let e = file.newError { errors.append((file.newPath ?? file.path, e)) }
            return Suite(path: file.path, results: LintResult.added(in: file, texts: texts), errors: errors,
                         warnings: [], fixed: LintResult.removed(in: file, texts: texts))
        }
        document(suites, into: &out)
    }

    private struct Suite {
        var path: String
        var results: [LintResult]
        var errors: [(path: String, message: InputMessage)]
        var warnings: [InputMessage]
        var fixed: [LintResult] = []
    }

    private struct Case {
        var name: String
        var failing: [LintResult]
        var passing: [LintResult]
        var fixed: [LintResult]
    }

    private func document(_ suites: [Suite], into out: inout ByteText) {
        let ruleIDs = catalog.rules.map(\.id) + [PassesBudgetRule.id]
        let cases: [[Case]] = suites.map { suite in
            // A file that could not be read has no rule results to pass or fail.
            guard suite.errors.isEmpty || !suite.results.isEmpty else { return [] }
            var ids = ruleIDs
            // Grouped in one pass, in order, instead of one pass over the results per rule.
            var results: [String: [LintResult]] = [:], fixed: [String: [LintResult]] = [:]
            for r in suite.results { results[r.rule, default: []].append(r) }
            for r in suite.fixed { fixed[r.rule, default: []].append(r) }
            for r in suite.results + suite.fixed where !ids.contains(r.rule) { ids.append(r.rule) }
            return ids.map { id in
                let mine = results[id] ?? []
                return Case(name: id, failing: mine.filter { $0.severity >= .warning },
                            passing: mine.filter { $0.severity < .warning }, fixed: fixed[id] ?? [])
            }
        }
        let tests = zip(suites, cases).reduce(0) { $0 + $1.1.count + $1.0.errors.count }
        let failures = cases.reduce(0) { $0 + $1.filter { !$0.failing.isEmpty }.count }
        let errors = suites.reduce(0) { $0 + $1.errors.count }

        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.append("<testsuites name=\"LayerLint\" tests=\""); out.append(tests)
        out.append("\" failures=\""); out.append(failures)
        out.append("\" errors=\""); out.append(errors); out.append("\">\n")
        for (suite, cases) in zip(suites, cases) {
            let path = XMLText.attribute(suite.path)
            out.append("  <testsuite name=\"\(path)\" tests=\"")
            out.append(cases.count + suite.errors.count)
            out.append("\" failures=\""); out.append(cases.filter { !$0.failing.isEmpty }.count)
            out.append("\" errors=\""); out.append(suite.errors.count); out.append("\">\n")
            for e in suite.errors {
                let message = TerminalText.message(e.message.message)
                out.append("    <testcase classname=\"\(path)\" name=\"read\">\n")
                out.append("      <error message=\"\(XMLText.attribute(message))\" type=\"read-error\">")
                out.append(XMLText.content(Self.position(e.path, e.message.line, e.message.column) + message))
                out.append("</error>\n    </testcase>\n")
            }
            var lines = ResultLines()
            for c in cases { testCase(c, classname: path, lines: &lines, into: &out) }
            if !suite.warnings.isEmpty {
                out.append("    <system-out>")
                for w in suite.warnings {
                    out.append(XMLText.content(Self.position(suite.path, w.line, w.column) + "warning: " + TerminalText.message(w.message) + "\n"))
                }
                out.append("</system-out>\n")
            }
            out.append("  </testsuite>\n")
        }
        out.append("</testsuites>\n")
    }

    private func testCase(_ c: Case, classname: String, lines: inout ResultLines, into out: inout ByteText) {
        out.append("    <testcase classname=\"\(classname)\" name=\"\(XMLText.attribute(c.name))\"")
        if c.failing.isEmpty && c.passing.isEmpty && c.fixed.isEmpty { out.append("/>\n"); return }
        out.append(">\n")
        if let worst = c.failing.map(\.severity).max() {
            let n = c.failing.count
            let message = "\(n) \(n == 1 ? "finding" : "findings") of \(c.name)"
            out.append("      <failure message=\"\(XMLText.attribute(message))\" type=\"\(worst.rawValue)\">")
            for r in c.failing { lines.append(r, to: &out) }
            out.append("</failure>\n")
        }
        if !c.passing.isEmpty || !c.fixed.isEmpty {
            out.append("      <system-out>")
            for r in c.passing { lines.append(r, to: &out) }
            for r in c.fixed { out.append("fixed: "); lines.append(r, to: &out) }
            out.append("</system-out>\n")
        }
        out.append("    </testcase>\n")
    }

    /// "path:line:column: severity: layer path: message", the layer path and the message
    /// shortened for people and escaped as for a terminal (`TerminalText`): CI pages and
    /// logs print this text, and only its own line breaks may start a line.
    static func line(_ r: LintResult) -> String {
        position(r.path, r.line, r.column) + "\(r.severity.rawValue): "
            + (r.layerPath.map { "\(TerminalText.layerPath($0)): " } ?? "") + TerminalText.message(r.message) + "\n"
    }

    /// The start of a line of text: the path escaped (attributes keep it as it is, XML
    /// escaped, for tools that match it to files).
    static func position(_ path: String, _ line: Int, _ column: Int) -> String {
        let path = TerminalText.lineStart(path)
        return line > 0 ? "\(path):\(line):\(max(column, 1)): " : "\(path): "
    }
}
