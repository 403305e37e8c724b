// Dangerfile.swift: run `layerlint diff "$BASE/Snapshots" Snapshots --reporter json:layerlint-diff.json`
// before `danger-swift ci`. New findings become inline warnings, fixed ones a message,
// and the passes per snapshot a table.
import Danger
import Foundation

struct LayerLintDiff: Decodable {
    struct File: Decodable {
        let path: String
        let newPath: String?
        let added: [Finding]
        let removed: [Finding]
        let snapshots: [Snapshot]
    }
    struct Finding: Decodable {
        let rule: String
        let severity: String
        let line: Int
        let layerPath: String
        let message: String
        let fix: Fix
    }
    struct Fix: Decodable { let summary: String }
    struct Snapshot: Decodable {
        let screen: String?
        let passesBefore: Int?
        let passesAfter: Int?
    }
    let files: [File]
}

if let data = FileManager.default.contents(atPath: "layerlint-diff.json"),
   let diff = try? JSONDecoder().decode(LayerLintDiff.self, from: data) {
    for file in diff.files {
        for f in file.added {
            let text = "\(f.message) (`\(f.layerPath)`, \(f.rule)). Fix: \(f.fix.summary)"
            if f.severity == "error" { fail(message: text, file: file.newPath ?? file.path, line: f.line) }
            else { warn(message: text, file: file.newPath ?? file.path, line: f.line) }
        }
        for f in file.removed { message("Fixed in \(file.path): \(f.rule) on `\(f.layerPath)`") }
    }
    let rows = diff.files.flatMap { file in
        file.snapshots.filter { $0.passesBefore != $0.passesAfter }.map { s in
            "| \(file.path) | \(s.screen ?? "–") | \(s.passesBefore.map(String.init) ?? "–") | \(s.passesAfter.map(String.init) ?? "–") |"
        }
    }
    if !rows.isEmpty {
        markdown((["| dump | screen | passes before | passes after |", "|---|---|---:|---:|"] + rows).joined(separator: "\n"))
    }
} else {
    warn("LayerLint: layerlint-diff.json is missing or unreadable; did `layerlint diff` run?")
}
