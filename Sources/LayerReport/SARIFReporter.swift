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
    static let fingerprintKey = "layerlint/v1"

    /// LayerLint's version, for `tool.driver.semanticVersion`.
    public var version: String
    /// The folder relative URIs are relative to (usually the current directory); nil when
    /// unknown, and absolute paths are then written as `file://` URIs.
    public var root: String?
    public var catalog: RuleCatalog

    public init(version: String = "0.1.0", root: String? = nil, catalog: RuleCatalog = .embedded) {
        self.version = version; self.root = root; self.catalog = catalog
    }

    public func render(_ report: LintReport, into out: inout ByteText) {
        let texts = FindingTexts()
        var results: [(LintResult, String?)] = []
        var problems: [Problem] = []
        for file in report.files {
            for r in LintResult.all(in: file, texts: texts) { results.append((r, nil)) }
            problems += Problem.all(in: file.path, error: file.error, warnings: file.warnings)
        }
        document(results, problems, into: &out)
    }

    public func render(_ diff: DiffReport, into out: inout ByteText) {
        let texts = FindingTexts()
        var results: [(LintResult, String?)] = []
        var problems: [Problem] = []
        for file in diff.files {
            for r in LintResult.added(in: file, texts: texts) { results.append((r, "new")) }
            for r in LintResult.removed(in: file, texts: texts) { results.append((r, "absent")) }
            problems += Problem.all(in: file.oldPath ?? file.path, error: file.oldError, warnings: [])
            problems += Problem.all(in: file.newPath ?? file.path, error: file.newError, warnings: [])
        }
        document(results, problems, into: &out)
    }

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

    private func document(_ results: [(result: LintResult, baselineState: String?)], _ problems: [Problem], into out: inout ByteText) {
        let rules = ReportedRule.all(in: catalog)
        var ruleIndex: [String: Int] = [:]
        for (i, r) in rules.enumerated() { ruleIndex[r.id] = i }
        let fingerprints = Self.fingerprints(results.map(\.result))
        JSONWriter.write(into: &out) { w in document(rules, ruleIndex, fingerprints, results, problems, w) }
        out.append(byte: 0x0A)
    }

    private func document(_ rules: [ReportedRule], _ ruleIndex: [String: Int], _ fingerprints: [String],
                          _ results: [(result: LintResult, baselineState: String?)], _ problems: [Problem], _ w: JSONWriter) {
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
                    w.key("results"); w.array(results.indices) { i in
                        result(results[i].result, ruleIndex: ruleIndex[results[i].result.rule],
                               fingerprint: fingerprints[i], baselineState: results[i].baselineState, w)
                    }
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
                                artifactLocation(p.path, w)
                                if p.message.line > 0 {
                                    region(line: p.message.line, column: max(p.message.column, 1), w)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private func result(_ r: LintResult, ruleIndex: Int?, fingerprint: String, baselineState: String?, _ w: JSONWriter) {
        w.object {
            w.key("ruleId"); w.value(r.rule)
            if let ruleIndex { w.key("ruleIndex"); w.value(ruleIndex) }
            w.key("level"); w.value(Self.level(r.severity))
            w.key("message"); w.object {
                w.key("text"); w.value(r.fix.map { "\(r.message)\n\nFix: \($0.summary)" } ?? r.message)
            }
            w.key("locations"); w.array([0]) { _ in
                w.object {
                    w.key("physicalLocation"); w.object {
                        artifactLocation(r.path, w)
                        region(line: r.line, column: r.column, w)
                    }
                    if let path = r.layerPath {
                        w.key("logicalLocations"); w.array([0]) { _ in
                            w.object {
                                w.key("fullyQualifiedName"); w.value(path)
                                w.key("name"); w.value(r.layerName)
                                w.key("kind"); w.value("element")
                            }
                        }
                    }
                }
            }
            w.key("partialFingerprints"); w.object { w.key(Self.fingerprintKey); w.value(fingerprint) }
            if let baselineState { w.key("baselineState"); w.value(baselineState) }
            w.key("properties"); w.object {
                if let screen = r.screen { w.key("screen"); w.value(screen) }
                w.key("passes"); w.value(r.passes)
                if let budget = r.budget {
                    w.key("budget"); w.value(budget.budget)
                    w.key("scope"); w.value(budget.scope.rawValue)
                    w.key("measure"); w.value(budget.measure.rawValue)
                    if let pixels = budget.offscreenPixels { w.key("offscreenPixels"); w.value(pixels) }
                } else {
                    w.key("passesAfterFix"); w.value(r.passesAfterFix)
                    w.key("layerPath"); w.value(r.layerPath)
                    if let area = r.areaPixels { w.key("areaPixels"); w.value(area) }
                    if let pixels = r.offscreenPixels { w.key("offscreenPixels"); w.value(pixels) }
                }
                if let observed = r.observedOffscreenCount { w.key("observedOffscreenCount"); w.value(observed) }
                if let fps = r.framesPerSecond {
                    w.key("framesPerSecond"); w.value(fps.now)
                    w.key("framesPerSecondAfterFix"); w.value(fps.afterFix)
                }
                if let fix = r.fix {
                    w.key("fix"); w.object {
                        w.key("summary"); w.value(fix.summary)
                        w.key("swift"); w.value(fix.swift)
                        w.key("objc"); w.value(fix.objc)
                    }
                }
            }
        }
    }

    private func artifactLocation(_ path: String, _ w: JSONWriter) {
        let uri = ArtifactURI(path: path, root: root)
        w.key("artifactLocation"); w.object {
            w.key("uri"); w.value(uri.uri)
            if uri.isRelative { w.key("uriBaseId"); w.value("%SRCROOT%") }
        }
    }

    /// We know where a layer's mapping starts, not where it ends: the region is the one
    /// character there.
    private func region(line: Int, column: Int, _ w: JSONWriter) {
        w.key("region"); w.object {
            w.key("startLine"); w.value(max(line, 1))
            w.key("startColumn"); w.value(max(column, 1))
            w.key("endLine"); w.value(max(line, 1))
            w.key("endColumn"); w.value(max(column, 1) + 1)
        }
    }

    static func level(_ s: Severity) -> String {
        switch s {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// One fingerprint per result, in order; equal keys in a file are told apart by
    /// their occurrence, counted in file order.
    static func fingerprints(_ results: [LintResult]) -> [String] {
        var seen: [[String]: Int] = [:]
        return results.map { r in
            let identity = [r.path, r.rule, r.screen ?? "", r.layerPath ?? r.budget?.scope.rawValue ?? ""]
            let occurrence = seen[identity, default: 0]
            seen[identity] = occurrence + 1
            var h = StableHash()
            for part in identity.dropFirst() { h.combine(part) }
            h.combine(String(occurrence))
            return h.hex
        }
    }
}
