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
            let (uri, uriChanged) = artifactURI(of: r.path)
            // A finding's path is spelled once for its two places (location and properties).
            guard let finding = r.finding else {
                return write(r, ruleIndex: ruleIndex, baselineState: baselineState, fingerprint: fingerprint, quoted, uri,
                             uriChanged: uriChanged, path: nil, w)
            }
            finding.withLayerPath { path in
                write(r, ruleIndex: ruleIndex, baselineState: baselineState, fingerprint: fingerprint, quoted, uri,
                      uriChanged: uriChanged, path: path, w)
            }
        }

        /// A result's structure around its values, kept per block: the same keys and
        /// brackets at the same depth for every result, with the values a rule, a file or
        /// a baseline state hold constant.
        private struct Fragments {
            /// The head up to the message's text, per rule index and level.
            var heads: [JSONFragment?] = []
            /// From the message to the first line, for the file of `artifact`.
            var location: JSONFragment?
            /// From the region's end to the layer's path, and from the path's last
            /// segment to the fingerprint.
            var logicalStart: JSONFragment?
            var logicalEnd: JSONFragment?
            /// From the region's end to the fingerprint, when there is no layer.
            var noLogical: JSONFragment?
            /// From the fingerprint to the properties, for the baseline state of
            /// `baselineState` (a diff's results come a list at a time, each of one state).
            var beforeProperties: JSONFragment?
            var baselineState: String?
        }
        private var fragments = Fragments()
        /// The layer path of the result being written, quoted.
        private var quotedPath = ByteText()

        private mutating func write(_ r: LintResult, ruleIndex: Int?, baselineState: String?, fingerprint: StableHash, _ quoted: QuotedText?,
                                    _ uri: ArtifactURI, uriChanged: Bool, path: UnsafeBufferPointer<UInt8>?, _ w: JSONWriter) {
            let level = SARIFReporter.level(r.severity)
            if let ruleIndex {
                let slot = ruleIndex * 3 + r.severity.rank
                if fragments.heads.count <= slot { fragments.heads += repeatElement(nil, count: slot + 1 - fragments.heads.count) }
                w.write(&fragments.heads[slot]) { Self.head(rule: r.rule, ruleIndex: ruleIndex, level: level, $0) }
            } else {
                Self.head(rule: r.rule, ruleIndex: nil, level: level, w)
            }
            if let quoted { w.value(json: quoted.messageText) } else { w.value(r.message) }
            if uriChanged { fragments.location = nil }
            w.write(&fragments.location) { w in
                w.endObject()
                w.key("locations"); w.beginArray(); w.beginObject()
                w.key("physicalLocation"); w.beginObject()
                Self.artifactLocation(uri, w)
                w.key("region"); w.beginObject()
                w.key("startLine")
            }
            Self.regionValues(line: r.line, column: r.column, w)
            if let path {
                w.write(&fragments.logicalStart) { w in
                    w.endObject(); w.endObject()
                    w.key("logicalLocations"); w.beginArray(); w.beginObject()
                    w.key("fullyQualifiedName")
                }
                quotedPath.removeAll()
                JSONBytes.appendQuoted(path, to: &quotedPath)
                w.value(json: quotedPath)
                w.key("name"); w.value(utf8: LintResult.lastSegment(of: path))
                w.write(&fragments.logicalEnd) { w in
                    w.key("kind"); w.value("element")
                    w.endObject(); w.endArray(); w.endObject(); w.endArray()
                    Self.fingerprintKey(w)
                }
            } else {
                w.write(&fragments.noLogical) { w in
                    w.endObject(); w.endObject(); w.endObject(); w.endArray()
                    Self.fingerprintKey(w)
                }
            }
            fingerprint.withQuotedHex { w.value(json: $0) }
            if baselineState != fragments.baselineState {
                fragments.beforeProperties = nil
                fragments.baselineState = baselineState
            }
            w.write(&fragments.beforeProperties) { w in
                w.endObject()
                if let baselineState { w.key("baselineState"); w.value(baselineState) }
                w.key("properties"); w.beginObject()
            }
            properties(r, quoted, quotedPath: path == nil ? nil : quotedPath, w)
            w.endObject()
            w.endObject()
        }

        /// A result's start, to its message's text.
        private static func head(rule: String, ruleIndex: Int?, level: String, _ w: JSONWriter) {
            w.beginObject()
            w.key("ruleId"); w.value(rule)
            if let ruleIndex { w.key("ruleIndex"); w.value(ruleIndex) }
            w.key("level"); w.value(level)
            w.key("message"); w.beginObject()
            w.key("text")
        }

        private static func fingerprintKey(_ w: JSONWriter) {
            w.key("partialFingerprints"); w.beginObject()
            w.key(SARIFReporter.fingerprintKey)
        }

        /// `quotedPath`: the finding's layer path, quoted once for its two places by `write`;
        /// nil for a budget violation.
        private func properties(_ r: LintResult, _ quoted: QuotedText?, quotedPath: ByteText?, _ w: JSONWriter) {
            if let screen = r.screen { w.key("screen"); w.value(screen) }
            w.key("passes"); w.value(r.passes)
            if let budget = r.budget {
                w.key("budget"); w.value(budget.budget)
                w.key("scope"); w.value(budget.scope.rawValue)
                w.key("measure"); w.value(budget.measure.rawValue)
                if let pixels = budget.offscreenPixels { w.key("offscreenPixels"); w.value(pixels) }
            } else if let f = r.finding, let quotedPath {
                w.key("passesAfterFix"); w.value(f.passesAfterFix)
                w.key("layerPath"); w.value(json: quotedPath)
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

        /// A file's results come together: its URI is made when the path changes (and
        /// `changed` says so).
        private mutating func artifactURI(of path: String) -> (uri: ArtifactURI, changed: Bool) {
            if let uri = artifact.value(for: path) { return (uri, false) }
            return (artifact.keep(ArtifactURI(path: path, root: root), for: path), true)
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
            w.key("region"); w.beginObject()
            w.key("startLine")
            regionValues(line: line, column: column, w)
            w.endObject()
        }

        /// The region's numbers, from the start line's value.
        private static func regionValues(line: Int, column: Int, _ w: JSONWriter) {
            w.value(max(line, 1))
            w.key("startColumn"); w.value(max(column, 1))
            w.key("endLine"); w.value(max(line, 1))
            w.key("endColumn"); w.value(max(column, 1) + 1)
        }
    }
}
