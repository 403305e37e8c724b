import LayerLintKit
import MCP

/// `diff`: two versions of the same screens, as `layerlint diff` compares them.
enum DiffTool {
    static let tool = Tool(
        name: "diff",
        description: """
        Compare two versions of layer-tree dumps (before and after a change): which findings are \
        new, which are fixed, and how the offscreen passes per frame changed, per snapshot and in \
        total. Give `old` and `new` as paths (two files, or two folders whose dumps pair by their \
        path inside each) under the server's roots, or `oldDump` and `newDump` as whole dumps in text; \
        a path on one side and a dump on the other also works. Findings match by snapshot, rule and \
        layer path, never by line.
        """,
        inputSchema: [
            "type": "object",
            "properties": [
                "old": ["type": "string", "description": "The dump file or folder before, under a root."],
                "new": ["type": "string", "description": "The dump file or folder after, under a root."],
                "oldDump": ["type": "string", "description": "The dump before, as text (instead of old)."],
                "newDump": ["type": "string", "description": "The dump after, as text (instead of new)."],
                "format": ["type": "string", "enum": ["auto", "yaml", "json", "recursive-description"]],
                "maxFindings": ["type": "integer", "minimum": 0, "maximum": .int(LintTool.maxFindingsCeiling),
                                "description": "Most new and most fixed findings to list, each (default \(LintTool.defaultMaxFindings))."],
            ],
            "additionalProperties": false,
        ],
        annotations: .init(title: "Compare two snapshots", readOnlyHint: true, openWorldHint: false)
    )

    static func call(_ arguments: [String: Value], in workspace: Workspace) throws(ToolFailure) -> CallTool.Result {
        try Arguments.refuseUnknown(arguments, known: ["old", "new", "oldDump", "newDump", "format", "maxFindings"])
        let syntax = try Arguments.format(arguments["format"])
        let cap = try Arguments.integer(arguments["maxFindings"], name: "maxFindings", default: LintTool.defaultMaxFindings,
                                        range: 0...LintTool.maxFindingsCeiling)
        let old = try side(arguments, path: "old", dump: "oldDump", workspace, syntax)
        let new = try side(arguments, path: "new", dump: "newDump", workspace, syntax)
        if old.isFolder != new.isFolder { throw ToolFailure("`old` and `new` must both be files (or dumps) or both be folders") }
        let diff = SnapshotDiff.compare(old: old.sides, new: new.sides)
        // A side that could not be read is the call's error: its diff would say nothing.
        let unreadable = diff.files.flatMap { f in
            [f.oldError.map { FindingValues.located($0, file: f.oldPath ?? f.path) }, f.newError.map { FindingValues.located($0, file: f.newPath ?? f.path) }]
                .compactMap { $0 }
        }
        if !unreadable.isEmpty { throw ToolFailure(unreadable.prefix(LintTool.maxErrorsListed).joined(separator: "\n")) }
        return result(diff, cap: cap)
    }

    /// One side as the pairs `SnapshotDiff` compares: a folder's dumps by their path inside
    /// it, a file or an inline dump under one shared name.
    private static func side(_ arguments: [String: Value], path pathKey: String, dump dumpKey: String, _ workspace: Workspace,
                             _ syntax: DumpSyntax?) throws(ToolFailure) -> (sides: [SnapshotDiff.Side], isFolder: Bool) {
        switch (arguments[pathKey], arguments[dumpKey]) {
        case (nil, nil): throw ToolFailure("give `\(pathKey)` (a path under a root) or `\(dumpKey)` (a dump as text)")
        case (.some, .some): throw ToolFailure("give either `\(pathKey)` or `\(dumpKey)`, not both")
        case (nil, let dump?):
            let report = try workspace.lint(dump: Arguments.bytes(dump, name: dumpKey), syntax: syntax, name: dumpKey)
            return ([SnapshotDiff.Side(relativePath: "dump", report: report)], false)
        case (let path?, nil):
            let written = try Arguments.string(path, name: pathKey)
            let real: String
            do { real = try workspace.roots.resolve(written) } catch { throw ToolFailure(error.message) }
            let isFolder = InputFiles.isFolder(real)
            let reports = try workspace.lint(paths: [written], syntax: syntax)
            guard isFolder else { return (reports.map { SnapshotDiff.Side(relativePath: "dump", report: $0) }, false) }
            let prefix = workspace.roots.display(real) + "/"
            return (reports.map { r in
                SnapshotDiff.Side(relativePath: r.path.hasPrefix(prefix) ? String(r.path.dropFirst(prefix.count)) : r.path, report: r)
            }, true)
        }
    }

    static func result(_ diff: DiffReport, cap: Int) -> CallTool.Result {
        let added = diff.files.flatMap { f in f.added.map { ($0, f.newPath ?? f.path) } }
        let removed = diff.files.flatMap { f in f.removed.map { ($0, f.oldPath ?? f.path) } }
        let listedAdded = FindingValues.ranked(added).prefix(cap)
        let listedRemoved = FindingValues.ranked(removed).prefix(cap)
        let snapshots: [Value] = diff.files.flatMap { f in
            f.snapshots.prefix(200).map { s in
                ["file": .string(Escaping.text(f.path, limit: 1_000)), "screen": s.screen.map { .string(Escaping.text($0, limit: 300)) } ?? .null,
                 "passesBefore": s.passesBefore.map(Value.int) ?? .null, "passesAfter": s.passesAfter.map(Value.int) ?? .null,
                 "delta": .int(s.delta)]
            }
        }
        let delta = diff.passesAfter - diff.passesBefore
        let structured: Value = [
            "summary": ["files": .int(diff.files.count), "new": .int(added.count), "fixed": .int(removed.count),
                        "passesBefore": .int(diff.passesBefore), "passesAfter": .int(diff.passesAfter), "delta": .int(delta)],
            "new": .array(listedAdded.map { FindingValues.finding($0.0, file: $0.1) }),
            "newLeftOut": .int(added.count - listedAdded.count),
            "fixed": .array(listedRemoved.map { FindingValues.finding($0.0, file: $0.1) }),
            "fixedLeftOut": .int(removed.count - listedRemoved.count),
            "snapshots": .array(Array(snapshots.prefix(200))),
        ]
        var text = "\(added.count) new finding\(added.count == 1 ? "" : "s"), \(removed.count) fixed; offscreen passes per frame "
            + "\(diff.passesBefore) → \(diff.passesAfter) (\(delta >= 0 ? "+" : "")\(delta))."
        for (f, file) in listedAdded.prefix(5) {
            text += "\nnew: \(Escaping.text(file, limit: 200)):\(f.location.line): \(Escaping.text(f.message, limit: 300)) [\(f.rule)]"
        }
        for (f, file) in listedRemoved.prefix(5) {
            text += "\nfixed: \(Escaping.text(file, limit: 200)):\(f.location.line): \(f.rule) on \(Escaping.text(f.layerPath, limit: 200))"
        }
        return CallTool.Result(content: [.text(text: text, annotations: nil, _meta: nil)], structuredContent: Value?.some(structured), isError: false)
    }
}
