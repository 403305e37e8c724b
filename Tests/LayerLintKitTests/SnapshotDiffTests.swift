import Foundation
import LayerLintKit
import Testing

/// Two versions of `fixtures/feed-cell.yml`: in the new one the first snapshot's card got
/// its shadowPath, and the second snapshot's more button got a shadow without one, with
/// comment lines added at the top so every line moved.
private func feedCellVersions() throws -> (old: FileReport, new: FileReport) {
    let oldText = try String(contentsOf: repositoryRoot.appendingPathComponent("fixtures/feed-cell.yml"), encoding: .utf8)
    var lines = oldText.components(separatedBy: "\n")
    let shadowPath = try #require(lines.first { $0.hasPrefix("          shadowPath: ") })
    let firstOffset = try #require(lines.firstIndex { $0 == "          shadowOffset: [0, 4]" })
    lines.insert(shadowPath, at: firstOffset + 1)
    let secondMore = try #require(lines.lastIndex { $0 == "                  frame: [298, 6, 28, 28]" })
    lines.insert(contentsOf: ["                  shadowOpacity: 0.3", "                  shadowRadius: 3"], at: secondMore + 1)
    let newText = "# regenerated\n# with the new card\n" + lines.joined(separator: "\n")
    return (Linter().lint(text: oldText, path: "old/feed-cell.yml"), Linter().lint(text: newText, path: "new/feed-cell.yml"))
}

@Suite("Snapshot diff")
struct SnapshotDiffTests {
    @Test("two versions of a fixture: exactly the finding fixed and the finding introduced")
    func exactChanges() throws {
        let (old, new) = try feedCellVersions()
        #expect(old.error == nil && new.error == nil)
        let diff = SnapshotDiff.compare(old: [.init(relativePath: "feed-cell.yml", report: old)],
                                        new: [.init(relativePath: "feed-cell.yml", report: new)])
        let file = try #require(diff.files.first)
        #expect(diff.files.count == 1)
        #expect(file.oldPath == "old/feed-cell.yml" && file.newPath == "new/feed-cell.yml")
        #expect(file.removed.map { "\($0.rule) \($0.layerPath)" } == ["shadow-without-path FeedCell/contentView/card"])
        #expect(file.removed.first?.location.line == 17)
        #expect(file.added.map { "\($0.rule) \($0.layerPath)" } == ["shadow-without-path FeedCell/contentView/card/header/moreButton"])
        #expect(file.added.first.map { $0.location.line > 150 } == true)
        // The unchanged avatar findings moved two lines down and are neither added nor removed.
        #expect(file.snapshots.map(\.screen) == ["FeedCell", "FeedCell (shadowPath set)"])
        #expect(file.snapshots[0].passesBefore == 7 && file.snapshots[0].passesAfter == 2)
        #expect(file.snapshots[1].passesBefore == 2)
        #expect((file.snapshots[1].passesAfter ?? 0) > 2)
        #expect(diff.passesBefore == 9)
    }

    @Test("the same dump on both sides has no changes")
    func identical() throws {
        let (old, _) = try feedCellVersions()
        let diff = SnapshotDiff.compare(old: [.init(relativePath: "a.yml", report: old)], new: [.init(relativePath: "a.yml", report: old)])
        #expect(diff.added.isEmpty && diff.removed.isEmpty)
        #expect(diff.files[0].snapshots.allSatisfy { $0.delta == 0 })
    }

    @Test("a file on one side only: all its findings added, or all removed")
    func unpairedFiles() throws {
        let (old, new) = try feedCellVersions()
        let diff = SnapshotDiff.compare(old: [.init(relativePath: "gone.yml", report: old)],
                                        new: [.init(relativePath: "fresh.yml", report: new)])
        #expect(diff.files.map(\.path) == ["fresh.yml", "gone.yml"])
        #expect(diff.files[0].oldPath == nil && diff.files[0].added.count == 3 && diff.files[0].removed.isEmpty)
        #expect(diff.files[1].newPath == nil && diff.files[1].removed.count == 3 && diff.files[1].added.isEmpty)
        #expect(diff.files[1].snapshots.allSatisfy { $0.passesAfter == nil })
    }

    @Test("one more of the same finding counts as one added")
    func counted() throws {
        let one = Linter().lint(text: "screen: S\nroot:\n  sublayers:\n    - view: Card\n      frame: [0, 0, 10, 10]\n      backgroundColor: \"#FFFFFF\"\n      shadowOpacity: 0.3\n", path: "a.yml")
        let two = Linter().lint(text: "screen: S\nroot:\n  sublayers:\n    - view: Card\n      frame: [0, 0, 10, 10]\n      backgroundColor: \"#FFFFFF\"\n      shadowOpacity: 0.3\n    - view: Card\n      frame: [0, 20, 10, 10]\n      backgroundColor: \"#FFFFFF\"\n      shadowOpacity: 0.3\n", path: "a.yml")
        let diff = SnapshotDiff.compare(old: [.init(relativePath: "a.yml", report: one)], new: [.init(relativePath: "a.yml", report: two)])
        #expect(diff.added.count == 1)
        #expect(diff.removed.isEmpty)
    }

    @Test("of findings with one key, the extra ones are the last in the file, on either side")
    func extrasAreTheLast() throws {
        // Two snapshots of one screen give their findings the same keys.
        let card = "screen: S\nroot:\n  sublayers:\n    - view: Card\n      frame: [0, 0, 10, 10]\n      backgroundColor: \"#FFFFFF\"\n      shadowOpacity: 0.3\n"
        let once = Linter().lint(text: card, path: "a.yml")
        let thrice = Linter().lint(text: card + "---\n" + card + "---\n" + card, path: "a.yml")
        let lines = thrice.snapshots.flatMap(\.findings).map(\.location.line)
        try #require(lines.count == 3 && Set(lines).count == 3)
        let grown = SnapshotDiff.compare(old: [.init(relativePath: "a.yml", report: once)], new: [.init(relativePath: "a.yml", report: thrice)])
        #expect(grown.files[0].added.map(\.location.line) == Array(lines.dropFirst()))
        #expect(grown.removed.isEmpty)
        let shrunk = SnapshotDiff.compare(old: [.init(relativePath: "a.yml", report: thrice)], new: [.init(relativePath: "a.yml", report: once)])
        #expect(shrunk.files[0].removed.map(\.location.line) == Array(lines.dropFirst()))
        #expect(shrunk.added.isEmpty)
    }
}
