import LayerRules

extension SARIFReporter {
    /// Writes the results of one report in order, keeping what repeats between them: each
    /// distinct text's message and fix are quoted once, a file's URI is made once for its
    /// run of results, and layer paths are quoted from their bytes (`withLayerPath`).
    struct ResultWriter {
        let root: String?
        private var quotedTexts = FindingTextCache<QuotedText>()
        /// The quoted words of a finding no other finding shares, reused for the next.
        private var unshared = QuotedText()
        private var words = FindingWordsScratch()
        private var artifact = LastFileValue<ArtifactURI>()

        init(root: String?) { self.root = root }

        /// A finding text's strings as the result writes them, quoted.
        struct QuotedText {
            /// The message, then the fix summary after a blank line (`message.text`).
            var messageText = ByteText()
            var summary = ByteText()
            var swift = ByteText()
            var objc = ByteText()

            init() {}

            init(_ text: FindingText) {
                let fix = text.fix
                messageText = JSONBytes.quoted("\(text.message)\n\nFix: \(fix.summary)")
                summary = JSONBytes.quoted(fix.summary)
                swift = JSONBytes.quoted(fix.swift)
                objc = JSONBytes.quoted(fix.objc)
            }
        }

        mutating func result(_ r: LintResult, ruleIndex: Int?, baselineState: String?, fingerprint: StableHash, _ w: JSONWriter) {
            let quoted: QuotedText?
            if let f = r.finding, !f.wordsRepeat {
                words.quote(.fixSummary, of: f, into: &unshared.summary)
                words.quoteMessage(of: f, fixSummary: unshared.summary, into: &unshared.messageText)
                words.quote(.fixSwift, of: f, into: &unshared.swift)
                words.quote(.fixObjC, of: f, into: &unshared.objc)
                quoted = unshared
            } else {
                quoted = r.text.map { text in quotedTexts.entry(for: text, QuotedText.init) }
            }
            let uri = artifactURI(of: r.path)
            // A finding's path is spelled once for its two places (location and properties).
            guard let finding = r.finding else {
                return write(r, ruleIndex: ruleIndex, baselineState: baselineState, fingerprint: fingerprint, quoted, uri, path: nil, w)
            }
            finding.withLayerPath { path in
                write(r, ruleIndex: ruleIndex, baselineState: baselineState, fingerprint: fingerprint, quoted, uri, path: path, w)
            }
        }

        private func write(_ r: LintResult, ruleIndex: Int?, baselineState: String?, fingerprint: StableHash, _ quoted: QuotedText?,
                           _ uri: ArtifactURI, path: UnsafeBufferPointer<UInt8>?, _ w: JSONWriter) {
            w.object {
                w.key("ruleId"); w.value(r.rule)
                if let ruleIndex { w.key("ruleIndex"); w.value(ruleIndex) }
                w.key("level"); w.value(SARIFReporter.level(r.severity))
                w.key("message"); w.object {
                    w.key("text")
                    if let quoted { w.value(json: quoted.messageText) } else { w.value(r.message) }
                }
                w.key("locations"); w.array(CollectionOfOne(0)) { _ in
                    w.object {
                        w.key("physicalLocation"); w.object {
                            Self.artifactLocation(uri, w)
                            Self.region(line: r.line, column: r.column, w)
                        }
                        if let path {
                            w.key("logicalLocations"); w.array(CollectionOfOne(0)) { _ in
                                w.object { Self.logicalLocation(path, w) }
                            }
                        }
                    }
                }
                w.key("partialFingerprints"); w.object {
                    w.key(SARIFReporter.fingerprintKey)
                    fingerprint.withQuotedHex { w.value(json: $0) }
                }
                if let baselineState { w.key("baselineState"); w.value(baselineState) }
                w.key("properties"); w.object { properties(r, quoted, path: path, w) }
            }
        }

        /// `path`: the finding's layer path, spelled once by `result`; nil for a budget violation.
        private func properties(_ r: LintResult, _ quoted: QuotedText?, path: UnsafeBufferPointer<UInt8>?, _ w: JSONWriter) {
            if let screen = r.screen { w.key("screen"); w.value(screen) }
            w.key("passes"); w.value(r.passes)
            if let budget = r.budget {
                w.key("budget"); w.value(budget.budget)
                w.key("scope"); w.value(budget.scope.rawValue)
                w.key("measure"); w.value(budget.measure.rawValue)
                if let pixels = budget.offscreenPixels { w.key("offscreenPixels"); w.value(pixels) }
            } else if let f = r.finding, let path {
                w.key("passesAfterFix"); w.value(f.passesAfterFix)
                w.key("layerPath"); w.value(utf8: path)
                w.key("areaPixels"); w.value(f.areaPixels)
                w.key("offscreenPixels"); w.value(f.offscreenPixels)
            }
            if let observed = r.observedOffscreenCount { w.key("observedOffscreenCount"); w.value(observed) }
            if let fps = r.framesPerSecond {
                w.key("framesPerSecond"); w.value(fps.now)
                w.key("framesPerSecondAfterFix"); w.value(fps.afterFix)
            }
            if let quoted {
                w.key("fix"); w.object {
                    w.key("summary"); w.value(json: quoted.summary)
                    w.key("swift"); w.value(json: quoted.swift)
                    w.key("objc"); w.value(json: quoted.objc)
                }
            }
        }

        /// The layer as a logical location: its path, and its name, the path's last segment.
        private static func logicalLocation(_ path: UnsafeBufferPointer<UInt8>, _ w: JSONWriter) {
            w.key("fullyQualifiedName"); w.value(utf8: path)
            w.key("name"); w.value(utf8: LintResult.lastSegment(of: path))
            w.key("kind"); w.value("element")
        }

        /// A file's results come together: its URI is made when the path changes.
        private mutating func artifactURI(of path: String) -> ArtifactURI {
            artifact.value(for: path) ?? artifact.keep(ArtifactURI(path: path, root: root), for: path)
        }

        static func artifactLocation(_ uri: ArtifactURI, _ w: JSONWriter) {
            w.key("artifactLocation"); w.object {
                w.key("uri"); w.value(uri.uri)
                if uri.isRelative { w.key("uriBaseId"); w.value("%SRCROOT%") }
            }
        }

        /// We know where a layer's mapping starts, not where it ends: the region is the one
        /// character there.
        static func region(line: Int, column: Int, _ w: JSONWriter) {
            w.key("region"); w.object {
                w.key("startLine"); w.value(max(line, 1))
                w.key("startColumn"); w.value(max(column, 1))
                w.key("endLine"); w.value(max(line, 1))
                w.key("endColumn"); w.value(max(column, 1) + 1)
            }
        }
    }
}
