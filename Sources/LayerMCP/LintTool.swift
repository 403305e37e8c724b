import LayerLintKit
import MCP

/// `lint`: dumps under the roots, or one given inline, to findings with their fixes.
enum LintTool {
    static let defaultMaxFindings = 50
    static let maxFindingsCeiling = 500
    /// Per-file errors listed at most; the rest are counted.
    static let maxErrorsListed = 50

    static let tool = Tool(
        name: "lint",
        description: """
        Find the layers of a Core Animation layer-tree dump that force offscreen render passes \
        (shadows without a path, masks, rounded clips, group opacity, rasterization, blurs) and \
        say how to fix each, with Swift and Objective-C code. Give `paths` (dump files or folders \
        under the server's roots: LayerLint v1 YAML/JSON, UIKit recursiveDescription .txt, Xcode \
        .viewhierarchy) or `dump` (one whole dump as text). Returns the summary (files, layers, \
        findings, passes per frame now and after the fixes), the findings most severe and costliest \
        first (at most maxFindings; `leftOut` counts the rest), rules that could not run and why, \
        and per-file errors.
        """,
        inputSchema: [
            "type": "object",
            "properties": [
                "paths": ["type": "array", "items": ["type": "string"],
                          "description": "Files or folders, relative to the first root or absolute under a root."],
                "dump": ["type": "string", "description": "A whole dump as text (at most 16 MiB), instead of paths."],
                "format": ["type": "string", "enum": ["auto", "yaml", "json", "recursive-description"],
                           "description": "How to read the input; auto (default) tells by extension and content."],
                "maxFindings": ["type": "integer", "minimum": 0, "maximum": .int(maxFindingsCeiling),
                                "description": "Most findings to list (default \(defaultMaxFindings), at most \(maxFindingsCeiling))."],
            ],
            "additionalProperties": false,
        ],
        annotations: .init(title: "Lint layer-tree dumps", readOnlyHint: true, openWorldHint: false)
    )

    static func call(_ arguments: [String: Value], in workspace: Workspace) throws(ToolFailure) -> CallTool.Result {
        try Arguments.refuseUnknown(arguments, known: ["paths", "dump", "format", "maxFindings"])
        let syntax = try Arguments.format(arguments["format"])
        let cap = try Arguments.integer(arguments["maxFindings"], name: "maxFindings", default: defaultMaxFindings,
                                        range: 0...maxFindingsCeiling)
        let files: [FileReport]
        switch (arguments["paths"], arguments["dump"]) {
        case (nil, nil): throw ToolFailure("give `paths` (files or folders under a root) or `dump` (a dump as text)")
        case (.some, .some): throw ToolFailure("give either `paths` or `dump`, not both")
        case (let paths?, nil): files = try workspace.lint(paths: Arguments.strings(paths, name: "paths"), syntax: syntax)
        case (nil, let dump?): files = [try workspace.lint(dump: Arguments.bytes(dump, name: "dump"), syntax: syntax)]
        }
        guard !files.isEmpty else {
            throw ToolFailure("nothing to lint: the configuration's include and exclude leave out every dump found (patterns are relative to the folder of .layerlint.yml)")
        }
        let failed = files.filter { $0.error != nil }
        // Nothing could be read at all: the call failed, with each reason where it arose.
        if !failed.isEmpty && failed.count == files.count {
            throw ToolFailure(failed.prefix(maxErrorsListed).map { FindingValues.located($0.error!, file: $0.path) }.joined(separator: "\n"))
        }
        return result(files, cap: cap)
    }

    static func result(_ files: [FileReport], cap: Int) -> CallTool.Result {
        let report = LintReport(files: files)
        let all = FindingValues.ranked(files.flatMap { file in file.snapshots.flatMap(\.findings).map { ($0, file.path) } })
        let listed = all.prefix(cap)
        let errors = files.filter { $0.error != nil }
        let summary: Value = [
            "files": .int(files.count), "snapshots": .int(report.snapshotCount), "layers": .int(report.layerCount),
            "findings": .int(all.count), "passes": .int(report.passes), "passesAfterFixes": .int(report.passesAfterFixes),
            "errors": .int(errors.count), "suppressed": .int(report.suppressedCount),
            "hiddenSystemFindings": .int(report.hiddenSystemFindings),
        ]
        let structured: Value = [
            "summary": summary,
            "findings": .array(listed.map { FindingValues.finding($0.0, file: $0.1) }),
            "listed": .int(listed.count),
            "leftOut": .int(all.count - listed.count),
            "total": .int(all.count),
            "rulesNotRun": FindingValues.rulesNotRun(files),
            "errors": .array(errors.prefix(maxErrorsListed).map { FindingValues.inputError($0.error!, file: $0.path) }),
            "errorsLeftOut": .int(max(0, errors.count - maxErrorsListed)),
        ]
        var text = "\(files.count) file\(files.count == 1 ? "" : "s"), \(report.layerCount) layers: "
            + "\(all.count) finding\(all.count == 1 ? "" : "s"), \(report.passes) offscreen passes per frame now, "
            + "\(report.passesAfterFixes) after the fixes."
        if listed.count < all.count { text += " Listed \(listed.count); \(all.count - listed.count) left out (raise maxFindings, at most \(maxFindingsCeiling))." }
        if !errors.isEmpty { text += " \(errors.count) file\(errors.count == 1 ? "" : "s") could not be read." }
        for (f, file) in listed.prefix(10) {
            text += "\n\(Escaping.text(file, limit: 200)):\(f.location.line):\(f.location.column): \(f.severity.rawValue): "
                + "\(Escaping.text(f.message, limit: 300)) [\(f.rule)]"
        }
        if listed.count > 10 { text += "\n… the rest in structuredContent.findings" }
        return CallTool.Result(content: [.text(text: text, annotations: nil, _meta: nil)], structuredContent: Value?.some(structured), isError: false)
    }
}
