import LayerEstimate
import LayerRules

/// The stable machine format, documented in docs/json-output.md. Keys are written in a
/// fixed order so outputs diff cleanly.
public struct JSONReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport) -> String { (render(report) as ByteText).string }

    public func render(_ report: LintReport, into out: inout ByteText) {
        JSONWriter.write(into: &out) { w in document(report, w) }
        out.append(byte: 0x0A)
    }

    private func document(_ report: LintReport, _ w: JSONWriter) {
        w.object {
            w.key("version"); w.value(1)
            w.key("kind"); w.value("lint")
            w.key("files"); w.array(report.files) { file in
                w.object {
                    w.key("path"); w.value(file.path)
                    w.key("snapshots"); w.array(file.snapshots) { s in snapshot(s, w) }
                    w.key("warnings"); w.array(file.warnings) { m in message(m, w) }
                    w.key("error")
                    if let e = file.error { message(e, w) } else { w.null() }
                    w.key("budgetViolations"); w.array(file.budgetViolations) { v in
                        w.object {
                            w.key("scope"); w.value(v.scope.rawValue)
                            w.key("screen"); w.value(v.screen)
                            w.key("line"); w.value(v.line)
                            w.key("passes"); w.value(v.passes)
                            w.key("measure"); w.value(v.measure.rawValue)
                            w.key("offscreenPixels"); w.value(v.offscreenPixels)
                            w.key("budget"); w.value(v.budget)
                            w.key("message"); w.value(v.message)
                        }
                    }
                    w.key("suppressed"); w.value(file.suppressedCount)
                    w.key("baselined"); w.value(file.baselinedCount)
                }
            }
            w.key("baseline")
            if let baseline = report.baseline {
                w.object {
                    w.key("matched"); w.value(baseline.matched)
                    w.key("gone"); w.array(baseline.gone) { g in
                        w.object {
                            w.key("file"); w.value(g.key.file)
                            w.key("screen"); w.value(g.key.screen)
                            w.key("rule"); w.value(g.key.rule)
                            w.key("layerPath"); w.value(g.key.layerPath)
                            w.key("count"); w.value(g.count)
                        }
                    }
                }
            } else {
                w.null()
            }
            w.key("summary"); w.object {
                w.key("files"); w.value(report.files.count)
                w.key("snapshots"); w.value(report.snapshotCount)
                w.key("layers"); w.value(report.layerCount)
                w.key("findings"); w.value(report.findingCount)
                w.key("passes"); w.value(report.passes)
                w.key("passesAfterFixes"); w.value(report.passesAfterFixes)
                w.key("offscreenPixels"); w.value(report.offscreenPixels)
                w.key("offscreenPixelsAfterFixes"); w.value(report.offscreenPixelsAfterFixes)
                w.key("framesPerSecond"); Self.optionalRate(report.framesPerSecond?.now, w)
                w.key("framesPerSecondAfterFixes"); Self.optionalRate(report.framesPerSecond?.after, w)
                w.key("errors"); w.value(report.errorCount)
                w.key("budgetViolations"); w.value(report.budgetViolations.count)
                w.key("suppressed"); w.value(report.suppressedCount)
                w.key("baselined"); w.value(report.baselinedCount)
                w.key("hiddenSystemFindings"); w.value(report.hiddenSystemFindings)
                w.key("rulesNotRun"); w.array(report.rulesNotRun) { b in blindness(b, w) }
            }
        }
    }

    private func snapshot(_ s: SnapshotReport, _ w: JSONWriter) {
        w.object {
            w.key("screen"); w.value(s.screen)
            w.key("line"); w.value(s.line)
            w.key("layers"); w.value(s.layerCount)
            w.key("refreshRate"); w.value(s.refreshRate)
            w.key("unknownProperties"); w.array(s.unknownProperties.names) { w.value($0) }
            w.key("passes"); w.value(s.estimate.passes)
            w.key("passesAfterFixes"); w.value(s.estimate.passesAfterFixes)
            w.key("offscreenPixels"); w.value(s.estimate.offscreenPixels)
            w.key("offscreenPixelsAfterFixes"); w.value(s.estimate.offscreenPixelsAfterFixes)
            let e = s.estimate
            w.key("framesPerSecond"); Self.optionalRate(e.hasFrameRateSources ? e.framesPerSecond : nil, w)
            w.key("framesPerSecondAfterFixes"); Self.optionalRate(e.hasFrameRateSources ? e.framesPerSecondAfterFixes : nil, w)
            let findings = s.findings
            w.key("findings"); w.array(count: findings.count) { range, w in
                var writer = FindingWriter()
                for k in range { writer.finding(findings[k], w) }
            }
            w.key("hiddenSystemFindings"); w.value(s.hiddenSystemFindings)
            w.key("rulesNotRun"); w.array(s.rulesNotRun) { b in blindness(b, w) }
            let layers = s.estimate.layers
            w.key("offscreenLayers"); w.array(count: layers.count) { range, w in
                for l in layers[range] { offscreenLayer(l, w) }
            }
        }
    }

    private func offscreenLayer(_ l: LayerEstimate, _ w: JSONWriter) {
        w.object {
            w.key("layerPath"); l.withLayerPath { w.value(utf8: $0) }
            w.key("passes"); w.value(l.passes)
            w.key("passesAfterFixes"); w.value(l.passesAfterFixes)
            w.key("areaPixels"); w.value(l.areaPixels)
            w.key("reasons"); w.array(l.reasons) { r in
                w.object { w.key("reason"); w.value(r.reason.rawValue); w.key("passes"); w.value(r.passes) }
            }
            w.key("observedOffscreenCount"); w.value(l.observedOffscreenCount)
            w.key("observedOptimizationOpportunities"); w.array(l.observedOptimizationOpportunities) { w.value($0) }
        }
    }

    /// Writes findings, keeping what they share: their texts (`QuotedFindingTexts`) and
    /// the structure around their values, copied as fragments where it repeats. One per
    /// block of findings, on one thread.
    struct FindingWriter {
        private var texts = QuotedFindingTexts()
        /// The head up to the line's value, per rule and severity (`headSlots`).
        private var heads: [JSONFragment?] = []
        private var headSlots: [String: Int] = [:]
        /// From the frame rates to the message's key, when the finding has none of the
        /// values few findings carry (frame rates, Xcode's observations, a system owner).
        private var plainMiddle: JSONFragment?

        mutating func finding(_ f: Finding, _ w: JSONWriter) {
            let shared = texts.shared(f)
            let slot = headSlot(f)
            w.write(&heads[slot]) { w in
                w.beginObject()
                w.key("rule"); w.value(f.rule)
                w.key("severity"); w.value(f.severity.rawValue)
                w.key("line")
            }
            w.value(Int(f.location.line))
            w.key("column"); w.value(Int(f.location.column))
            w.key("layerPath"); f.withLayerPath { w.value(utf8: $0) }
            w.key("layerName"); w.value(f.layerName)
            w.key("reason"); w.value(f.reason.rawValue)
            w.key("passes"); w.value(f.passes)
            w.key("passesAfterFix"); w.value(f.passesAfterFix)
            w.key("areaPixels"); w.value(f.areaPixels)
            w.key("offscreenPixels"); w.value(f.offscreenPixels)
            w.key("offscreenPixelsAfterFix"); w.value(f.offscreenPixelsAfterFix)
            if f.frameRate == nil, f.observedOffscreenCount == nil, f.observedOptimizationOpportunities.isEmpty, f.systemOwner == nil {
                w.write(&plainMiddle) { w in Self.middle(f, w) }
            } else {
                Self.middle(f, w)
            }
            texts.write(.message, of: f, shared: shared?.message, to: w)
            w.key("fix"); w.object {
                w.key("summary"); texts.write(.fixSummary, of: f, shared: shared?.summary, to: w)
                w.key("swift"); texts.write(.fixSwift, of: f, shared: shared?.swift, to: w)
                w.key("objc"); texts.write(.fixObjC, of: f, shared: shared?.objc, to: w)
            }
            w.endObject()
        }

        private mutating func headSlot(_ f: Finding) -> Int {
            if let first = headSlots[f.rule] { return first + f.severity.rank }
            headSlots[f.rule] = heads.count
            heads += [nil, nil, nil]
            return heads.count - 3 + f.severity.rank
        }

        /// The values few findings carry, from the frame rate to the message's key.
        private static func middle(_ f: Finding, _ w: JSONWriter) {
            w.key("framesPerSecond"); JSONReporter.optionalRate(f.frameRate?.now, w)
            w.key("framesPerSecondAfterFix"); JSONReporter.optionalRate(f.frameRate?.afterFix, w)
            w.key("observedOffscreenCount"); w.value(f.observedOffscreenCount)
            w.key("observedOptimizationOpportunities"); w.array(f.observedOptimizationOpportunities) { w.value($0) }
            w.key("systemOwner")
            if let owner = f.systemOwner {
                w.object {
                    w.key("appLayerPath"); w.value(owner.appLayerPath)
                    w.key("reachable"); w.value(owner.isReachable)
                }
            } else {
                w.null()
            }
            w.key("message")
        }
    }

    /// A rate, or null where it does not apply (a finding about passes, a snapshot where
    /// nothing repeats).
    fileprivate static func optionalRate(_ v: Double?, _ w: JSONWriter) {
        if let v { w.value(v) } else { w.null() }
    }

    private func blindness(_ b: RuleBlindness, _ w: JSONWriter) {
        w.object {
            w.key("rule"); w.value(b.rule)
            w.key("missing"); w.array(b.missing.withoutImplied.names) { w.value($0) }
        }
    }

    func message(_ m: InputMessage, _ w: JSONWriter) {
        w.object {
            w.key("severity"); w.value(m.severity)
            w.key("line"); w.value(m.line)
            w.key("column"); w.value(m.column)
            w.key("message"); w.value(m.message)
        }
    }
}

/// Findings' message and fix as JSON strings, quoted once per distinct text, or written
/// straight from the rule's words when no other finding reads the same.
struct QuotedFindingTexts {
    struct Quoted {
        var message = ByteText()
        var summary = ByteText()
        var swift = ByteText()
        var objc = ByteText()
    }
    private let texts = FindingTexts()
    private var cache = FindingTextCache<Quoted>()
    private var words = FindingWordsScratch()

    /// `f`'s words quoted once for every finding that reads the same; nil when no other
    /// finding does, and `write` renders them straight into the document.
    mutating func shared(_ f: Finding) -> Quoted? {
        guard f.wordsRepeat else { return nil }
        return cache.entry(for: texts.text(of: f)) { text in
            let fix = text.fix
            return Quoted(message: JSONBytes.quoted(text.message), summary: JSONBytes.quoted(fix.summary),
                          swift: JSONBytes.quoted(fix.swift), objc: JSONBytes.quoted(fix.objc))
        }
    }

    /// Writes `part` of `f`'s words as a JSON value: `shared` as it is, else quoted from
    /// the words as the rule writes them, with no copy between.
    mutating func write(_ part: FindingTextPart, of f: Finding, shared: ByteText?, to w: JSONWriter) {
        if let shared { w.value(json: shared) } else { words.with(part, of: f) { w.value(text: $0) } }
    }
}
