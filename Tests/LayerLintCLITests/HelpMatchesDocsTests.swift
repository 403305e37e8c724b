import Foundation
import XCTest

/// Every command's `--help` lists what README and docs/ list: the input formats, the
/// reporters, the exit statuses, and shows two examples. The lists are read from the docs
/// here, not copied, so a format added to one side only fails this test.
final class HelpMatchesDocsTests: XCTestCase {
    static let commands: [[String]] = [[], ["lint"], ["diff"], ["convert"], ["config"], ["rules"], ["explain"]]

    /// Each command's help, with ArgumentParser's line wrapping undone (runs of white
    /// space become one space), so a list is compared whatever the terminal width.
    func helps() throws -> [(command: String, text: String)] {
        try Self.commands.map { command in
            let r = try run(command + ["--help"])
            XCTAssertEqual(r.status, 0, "\(command) --help: \(r.err)")
            return ("layerlint \(command.joined(separator: " "))", r.out)
        }
    }

    func doc(_ path: String) throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    static func flattened(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The backquoted words of `text`, in order.
    static func quoted(_ text: Substring) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    func testEveryHelpListsTheReportersOfTheDocs() throws {
        // docs/reporters.md: the first column of the table of formats ("| format | for | …").
        let lines = try doc("docs/reporters.md").split(separator: "\n")
        let header = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("| format |") }, "docs/reporters.md has no table of formats")
        let table = lines[(header + 2)...].prefix { $0.hasPrefix("|") }
        let documented = table.compactMap { Self.quoted($0).first }
        XCTAssertEqual(documented.count, 11, "the table of docs/reporters.md")
        // README: "Formats: `text` (default), `json`, …;" in the description of lint.
        let readme = Self.flattened(try doc("README.md"))
        let formats = try XCTUnwrap(readme.range(of: "Formats: "))
        let sentence = readme[formats.upperBound...].prefix { $0 != ";" }
        XCTAssertEqual(Self.quoted(sentence), documented, "README's Formats: list and docs/reporters.md")

        for (command, help) in try helps() {
            let text = Self.flattened(help)
            let list = try XCTUnwrap(text.range(of: "--reporter FORMAT[:PATH], repeatable): "), "\(command) --help lists no reporters")
            let named = text[list.upperBound...].prefix { $0 != "\n" }.split(separator: " ").prefix(documented.count)
                .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
            XCTAssertEqual(named, documented, "\(command) --help")
            // One line per reporter, with what it is for.
            for format in documented {
                XCTAssertTrue(help.contains("\n  \(format) "), "\(command) --help describes no \(format)")
            }
        }
    }

    func testEveryHelpListsTheInputFormatsOfTheDocs() throws {
        // docs/importers.md, "Which reader a path gets": the rows of the formats found in
        // folders (the first four) and the values of --input-format.
        let importers = try doc("docs/importers.md")
        let section = try XCTUnwrap(importers.range(of: "## Which reader a path gets"))
        let rows = importers[section.upperBound...].split(separator: "\n").filter { $0.hasPrefix("| `") || $0.hasPrefix("| a `") }
        let extensions = rows.prefix(4).flatMap { row in Self.quoted(row.split(separator: "|")[0]).filter { $0.hasPrefix(".") } }
        XCTAssertEqual(extensions, [".yaml", ".yml", ".json", ".txt", ".viewhierarchy"])
        let flagRange = try XCTUnwrap(importers.range(of: #"--input-format [a-z|-]+"#, options: .regularExpression))
        let values = String(importers[flagRange].dropFirst("--input-format ".count))
        // README names them too.
        let readme = try doc("README.md")
        for ext in extensions { XCTAssertTrue(readme.contains("`\(ext)`"), "README does not name \(ext)") }

        for (command, help) in try helps() {
            let text = Self.flattened(help)
            XCTAssertTrue(text.contains("--input-format auto|\(values)") || text.contains("--input-format \(values)"),
                          "\(command) --help: --input-format \(values)")
            for ext in extensions { XCTAssertTrue(text.contains(ext), "\(command) --help does not name \(ext)") }
            for name in ["v1 YAML", "v1 JSON", "UIKit recursiveDescription", "Xcode view hierarchy"] {
                XCTAssertTrue(text.contains(name), "\(command) --help does not name \(name)")
            }
        }
    }

    func testEveryHelpStatesTheExitStatusesOfTheDocs() throws {
        // docs/reliability.md, "Exit statuses": the table's first column.
        let reliability = try doc("docs/reliability.md")
        let section = try XCTUnwrap(reliability.range(of: "### Exit statuses"))
        let statuses = reliability[section.upperBound...].split(separator: "\n").prefix(12)
            .compactMap { line -> Int? in
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                return cells.first.flatMap { Int($0) }
            }
        XCTAssertEqual(statuses, [0, 1, 2])
        // README says the same.
        let readme = Self.flattened(try doc("README.md"))
        XCTAssertTrue(readme.contains("Exit status is 0 when"), "README's exit statuses")
        XCTAssertTrue(readme.contains(", 1 when") && readme.contains("and 2 when"), "README's exit statuses")

        for (command, help) in try helps() {
            let text = Self.flattened(help)
            let contract = try XCTUnwrap(text.range(of: "Exit status (every command): "), "\(command) --help has no exit-code contract")
            let clause = text[contract.upperBound...]
            let stated = clause.split(separator: ";").prefix(3).compactMap { part in
                Int(part.trimmingCharacters(in: .whitespaces).prefix { $0.isNumber })
            }
            XCTAssertEqual(stated, statuses, "\(command) --help")
            XCTAssertTrue(clause.contains("2 when the run could not do what was asked: a wrong command line"), "\(command): usage errors are 2")
            XCTAssertFalse(text.contains("64"), "\(command) --help names EX_USAGE")
        }
    }

    func testEveryHelpShowsTwoExamples() throws {
        for (command, help) in try helps() {
            let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
            let start = try XCTUnwrap(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "Examples:" }, "\(command) --help has no examples")
            // Up to the blank line; a long example may wrap onto a second line.
            let examples = lines[(start + 1)...].prefix { !$0.isEmpty }.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("layerlint ") }
            XCTAssertGreaterThanOrEqual(examples.count, 2, "\(command) --help")
            // An example runs the command it documents (the root's may run any).
            if let sub = command.split(separator: " ").dropFirst().first, sub != "rules" {
                XCTAssertTrue(examples.allSatisfy { $0.contains("layerlint \(sub) ") }, "\(command): \(examples)")
            }
        }
    }
}
