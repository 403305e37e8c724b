import LayerRules

/// SARIF 2.1.0, as GitHub code scanning uploads it (`github/codeql-action/upload-sarif`).
///
/// Fixes: SARIF's `fixes` are edits to the analysed artifact — every `fix` needs
/// `artifactChanges` with at least one `replacement` of a `deletedRegion` of that file.
/// Our fix is code for the app (a `shadowPath` to set), not an edit to the dump, so an
/// empty replacement of the dump's region would claim an edit that fixes nothing. Results
/// therefore carry no `fixes`: the fix summary ends the message (which code scanning shows),
/// the code is in the result's `properties.fix`, and each rule's `help` explains the fix.
///
/// Fingerprints: `partialFingerprints["layerlint/v1"]` hashes what identifies a finding
/// across runs — rule, screen, layer path, and its occurrence among equal keys in the
/// file — never its line, so reformatting a dump does not make alerts look new.
public struct SARIFReporter: Reporter {
    public static let informationURI = "https://github.com/layerlint/layerlint"
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    static let fingerprintKey: StaticString = "layerlint/v1"

    /// LayerLint's version, for `tool.driver.semanticVersion`.
    public var version: String
    /// The folder relative URIs are relative to (usually the current directory); nil when
    /// unknown, and absolute paths are then written as `file://` URIs.
    public var root: String?
    public var catalog: RuleCatalog

    public init(version: String = "0.1.0", root: String? = nil, catalog: RuleCatalog = .embedded) {
        self.version = version; self.root = root; self.catalog = catalog
    }

    /// Results are written as they are made, file by file, not gathered first: a report
    /// with many findings keeps no copy of them.
    public func render(_ report: LintReport, into out: inout ByteText) {
        let texts = FindingTexts()
        let problems = report.files.flatMap { Problem.all(in: $0.path, error: $0.error, warnings: $0.warnings) }
        document({ each in
            for file in report.files { LintResult.forEach(in: file, texts: texts) { each($0, nil) } }
        }, problems, into: &out)
    }

    public func render(_ diff: DiffReport, into out: inout ByteText) {
        let texts = FindingTexts()
        var problems: [Problem] = []
        for file in diff.files {
            problems += Problem.all(in: file.oldPath ?? file.path, error: file.oldError, warnings: [])
            problems += Problem.all(in: file.newPath ?? file.path, error: file.newError, warnings: [])
        }
        document({ each in
            for file in diff.files {
                for r in LintResult.added(in: file, texts: texts) { each(r, "new") }
                for r in LintResult.removed(in: file, texts: texts) { each(r, "absent") }
            }
        }, problems, into: &out)
    }

    /// Calls its argument with each result and its baseline state, in order.
    typealias Results = ((LintResult, String?) -> Void) -> Void

    /// A message about an input, which SARIF puts in the invocation, not in the results.
    private struct Problem {
        var path: String
        var message: InputMessage
        var isError: Bool
        static func all(in path: String, error: InputMessage?, warnings: [InputMessage]) -> [Problem] {
            (error.map { [Problem(path: path, message: $0, isError: true)] } ?? [])
                + warnings.map { Problem(path: path, message: $0, isError: false) }
        }
    }

    private func document(_ results: Results, _ problems: [Problem], into out: inout ByteText) {
        let rules = ReportedRule.all(in: catalog)
        var ruleIndex: [String: Int] = [:]
        for (i, r) in rules.enumerated() { ruleIndex[r.id] = i }
        JSONWriter.write(into: &out) { w in document(rules, ruleIndex, results, problems, w) }
        out.append(byte: 0x0A)
    }

    private func document(_ rules: [ReportedRule], _ ruleIndex: [String: Int],
                          _ results: Results, _ problems: [Problem], _ w: JSONWriter) {
        w.object {
            w.key("$schema"); w.value(Self.schemaURI)
            w.key("version"); w.value("2.1.0")
            w.key("runs"); w.array([0]) { _ in
                w.object {
                    w.key("tool"); w.object {
                        w.key("driver"); driver(rules, w)
                    }
                    w.key("invocations"); w.array([0]) { _ in invocation(problems, w) }
                    if let root, let uri = ArtifactURI.rootURI(root) {
                        w.key("originalUriBaseIds"); w.object {
                            w.key("%SRCROOT%"); w.object { w.key("uri"); w.value(uri) }
                        }
                    }
                    // Our columns count characters, which for dumps are code points.
                    w.key("columnKind"); w.value("unicodeCodePoints")
                    var writer = ResultWriter(root: root)
                    w.key("results"); w.array(elements: { results { r, baselineState in
                        writer.result(r, ruleIndex: ruleIndex[r.rule], baselineState: baselineState, w)
                    } })
                }
            }
        }
    }

    private func driver(_ rules: [ReportedRule], _ w: JSONWriter) {
        w.object {
            w.key("name"); w.value("LayerLint")
            w.key("semanticVersion"); w.value(version)
            w.key("informationUri"); w.value(Self.informationURI)
            w.key("rules"); w.array(rules) { rule in
                w.object {
                    w.key("id"); w.value(rule.id)
                    w.key("name"); w.value(rule.upperCamelName)
                    w.key("shortDescription"); w.object { w.key("text"); w.value(rule.title) }
                    w.key("fullDescription"); w.object { w.key("text"); w.value(rule.summary) }
                    w.key("help"); w.object {
                        w.key("text"); w.value(rule.helpText)
                        w.key("markdown"); w.value(rule.helpMarkdown)
                    }
                    w.key("helpUri"); w.value(rule.helpURI(default: Self.informationURI))
                    w.key("defaultConfiguration"); w.object { w.key("level"); w.value(Self.level(rule.severity)) }
                    w.key("properties"); w.object {
                        w.key("tags"); w.array(["performance", "core-animation", rule.category]) { w.value($0) }
                        // The rules read the dump exactly; only the pass counts are estimates.
                        w.key("precision"); w.value("high")
                        w.key("problem.severity"); w.value(rule.severity == .info ? "recommendation" : rule.severity.rawValue)
                    }
                }
            }
        }
    }

    private func invocation(_ problems: [Problem], _ w: JSONWriter) {
        w.object {
            w.key("executionSuccessful"); w.value(!problems.contains { $0.isError })
            w.key("toolExecutionNotifications"); w.array(problems) { p in
                w.object {
                    w.key("level"); w.value(p.isError ? "error" : "warning")
                    w.key("message"); w.object { w.key("text"); w.value(p.message.message) }
                    w.key("locations"); w.array([0]) { _ in
                        w.object {
                            w.key("physicalLocation"); w.object {
                                ResultWriter.artifactLocation(ArtifactURI(path: p.path, root: root), w)
                                if p.message.line > 0 {
                                    ResultWriter.region(line: p.message.line, column: max(p.message.column, 1), w)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    static func level(_ s: Severity) -> String {
        switch s {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }
}
