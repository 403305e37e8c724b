import LayerRules

/// JUnit XML, which CI test views (GitLab, Jenkins, Azure, test-reporter actions) show as
/// tests: one suite per file, one test per file and rule — every catalog rule, so a clean
/// rule shows as passed — failing with that rule's warnings and errors. Info findings do
/// not fail; they go to the test's `system-out`.
public struct JUnitReporter: Reporter {
    public var catalog: RuleCatalog
    public init(catalog: RuleCatalog = .embedded) { self.catalog = catalog }

    public func render(_ report: LintReport, into out: inout ByteText) {
        let suites = report.files.map { file in
            Suite(path: file.path, results: ResultList(file), errors: file.error.map { [(file.path, $0)] } ?? [],
                  warnings: file.warnings)
        }
        document(suites, into: &out)
    }

    /// Only new findings fail; fixed ones are listed in the test's output.
    public func render(_ diff: DiffReport, into out: inout ByteText) {
        let suites = diff.files.map { file in
            var errors: [(String, InputMessage)] = []
            if let e = file.oldError { errors.append((file.oldPath ?? file.path, e)) }
            if let e = file.newError { errors.append((file.newPath ?? file.path, e)) }
            return Suite(path: file.path, results: ResultList(path: file.newPath ?? file.path, findings: file.added),
                         errors: errors, warnings: [], fixed: ResultList(path: file.oldPath ?? file.path, findings: file.removed))
        }
        document(suites, into: &out)
    }

    private struct Suite {
        var path: String
        var results: ResultList
        var errors: [(path: String, message: InputMessage)]
        var warnings: [InputMessage]
        var fixed = ResultList(path: "", findings: [])
    }

    /// One test: the indices of its results among the suite's.
    private struct Case {
        var name: String
        var failing: [Int]
        var passing: [Int]
        var fixed: [Int]
    }

    private func document(_ suites: [Suite], into out: inout ByteText) {
        let ruleIDs = catalog.rules.map(\.id) + [PassesBudgetRule.id]
        let cases: [[Case]] = suites.map { suite in
            // A file that could not be read has no rule results to pass or fail.
            guard suite.errors.isEmpty || !suite.results.isEmpty else { return [] }
            var ids = ruleIDs
            // Grouped in one pass, in order, instead of one pass over the results per rule.
            var failing: [String: [Int]] = [:], passing: [String: [Int]] = [:], fixed: [String: [Int]] = [:]
            for i in 0..<suite.results.count {
                let rule = suite.results.rule(i)
                if suite.results.severity(i) >= .warning { failing[rule, default: []].append(i) } else { passing[rule, default: []].append(i) }
                if !ids.contains(rule) { ids.append(rule) }
            }
            for i in 0..<suite.fixed.count {
                let rule = suite.fixed.rule(i)
                fixed[rule, default: []].append(i)
                if !ids.contains(rule) { ids.append(rule) }
            }
            return ids.map { id in Case(name: id, failing: failing[id] ?? [], passing: passing[id] ?? [], fixed: fixed[id] ?? []) }
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
            for c in cases { testCase(c, of: suite, classname: path, into: &out) }
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

    private func testCase(_ c: Case, of suite: Suite, classname: String, into out: inout ByteText) {
        out.append("    <testcase classname=\"\(classname)\" name=\"\(XMLText.attribute(c.name))\"")
        if c.failing.isEmpty && c.passing.isEmpty && c.fixed.isEmpty { out.append("/>\n"); return }
        out.append(">\n")
        if let worst = c.failing.map(suite.results.severity).max() {
            let n = c.failing.count
            let message = "\(n) \(n == 1 ? "finding" : "findings") of \(c.name)"
            out.append("      <failure message=\"\(XMLText.attribute(message))\" type=\"\(worst.rawValue)\">")
            Self.lines(c.failing, of: suite.results, into: &out)
            out.append("</failure>\n")
        }
        if !c.passing.isEmpty || !c.fixed.isEmpty {
            out.append("      <system-out>")
            Self.lines(c.passing, of: suite.results, into: &out)
            Self.lines(c.fixed, of: suite.fixed, lead: "fixed: ", into: &out)
            out.append("</system-out>\n")
        }
        out.append("    </testcase>\n")
    }

    /// The lines of these results, each after `lead`: a long list is written in blocks on
    /// every core (`BlockRendering`).
    private static func lines(_ indices: [Int], of results: ResultList, lead: String = "", into out: inout ByteText) {
        BlockRendering.render(count: indices.count, into: &out) { range, text in
            var lines = ResultLines()
            let texts = FindingTexts()
            for k in range {
                text.append(lead)
                lines.append(results.result(indices[k], texts: texts), to: &text)
            }
        }
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
