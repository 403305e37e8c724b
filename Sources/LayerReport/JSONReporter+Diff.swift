import LayerRules

extension JSONReporter {
    /// `layerlint diff --format json`: findings as in a lint report, grouped by what changed.
    public func render(_ diff: DiffReport, into out: inout ByteText) {
        JSONWriter.write(into: &out) { w in document(diff, w) }
        out.append(byte: 0x0A)
    }

    private func document(_ diff: DiffReport, _ w: JSONWriter) {
        var writer = FindingWriter()
        w.object {
            w.key("version"); w.value(1)
            w.key("kind"); w.value("diff")
            w.key("files"); w.array(diff.files) { file in
                w.object {
                    w.key("path"); w.value(file.path)
                    w.key("oldPath"); w.value(file.oldPath)
                    w.key("newPath"); w.value(file.newPath)
                    w.key("added"); w.array(file.added) { f in writer.finding(f, w) }
                    w.key("removed"); w.array(file.removed) { f in writer.finding(f, w) }
                    w.key("snapshots"); w.array(file.snapshots) { s in
                        w.object {
                            w.key("screen"); w.value(s.screen)
                            w.key("line"); w.value(s.line)
                            w.key("passesBefore"); w.value(s.passesBefore)
                            w.key("passesAfter"); w.value(s.passesAfter)
                            w.key("delta"); w.value(s.delta)
                            w.key("framesPerSecondBefore"); if let v = s.framesPerSecondBefore { w.value(v) } else { w.null() }
                            w.key("framesPerSecondAfter"); if let v = s.framesPerSecondAfter { w.value(v) } else { w.null() }
                        }
                    }
                    w.key("oldError")
                    if let e = file.oldError { message(e, w) } else { w.null() }
                    w.key("newError")
                    if let e = file.newError { message(e, w) } else { w.null() }
                }
            }
            w.key("summary"); w.object {
                w.key("files"); w.value(diff.files.count)
                w.key("added"); w.value(diff.added.count)
                w.key("removed"); w.value(diff.removed.count)
                w.key("passesBefore"); w.value(diff.passesBefore)
                w.key("passesAfter"); w.value(diff.passesAfter)
                w.key("errors"); w.value(diff.errorCount)
            }
        }
    }
}
