import Foundation
import LayerLintKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The folder walk reads only what lies inside the folder named on the command line, and
/// only regular files (docs/reliability.md, "The folder walk").
@Suite("Folder walk")
struct FolderWalkTests {
    /// A temporary tree: `root/` with dumps, links and a FIFO, and `outside/` beside it.
    private func tree() throws -> (top: URL, root: URL) {
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("layerlint-walk-\(UUID().uuidString)")
            .resolvingSymlinksInPath()
        let root = top.appendingPathComponent("root")
        let fm = FileManager.default
        for folder in ["root/sub", "outside/keys"] {
            try fm.createDirectory(at: top.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for (file, text) in [("root/a.yml", "root: {}\n"), ("root/sub/b.json", "{\"root\": {}}"),
                             ("outside/secret.yml", "-----BEGIN OPENSSH PRIVATE KEY-----\n"),
                             ("outside/keys/id.json", "{\"private\": true}")] {
            try text.write(to: top.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        func link(_ at: String, _ to: String) throws {
            try fm.createSymbolicLink(atPath: top.appendingPathComponent(at).path, withDestinationPath: to)
        }
        try link("root/key.yml", "../outside/secret.yml")          // a file out of the root
        try link("root/keys", top.appendingPathComponent("outside/keys").path)  // a folder out, absolute
        try link("root/sub/up.yml", "../../outside/secret.yml")    // out, from a subfolder
        try link("root/sub/again.yml", "../a.yml")                 // a file inside: followed
        try link("root/sub/loop", "..")                            // a folder inside, a loop
        try link("root/dangling.yml", "nowhere.yml")               // leads nowhere
        #expect(mkfifo(root.appendingPathComponent("pipe.yml").path, 0o600) == 0)
        return (top, root)
    }

    @Test("links out of the root are not followed and are counted once; links inside are; FIFOs are skipped")
    func linksAndSpecialFiles() throws {
        let (top, root) = try tree()
        defer { try? FileManager.default.removeItem(at: top) }
        let found = InputFiles.find([root.path])
        #expect(found.errors.isEmpty)
        #expect(found.files.map { String($0.path.dropFirst(root.path.count + 1)) } == ["a.yml", "sub/again.yml", "sub/b.json"])
        #expect(found.notes == [
            "skipped 3 symbolic links that lead out of \(root.path) (not followed, not read)",
            "skipped 1 file in \(root.path) that is not a regular file (a FIFO, socket or device); name one on the command line to read it like standard input",
        ])
        // The relative walk of `diff` says the same.
        #expect(InputFiles.expandRelative(root.path + "/").notes.count == 2)
        // Named on the command line, a link is the user's wish and is read.
        #expect(InputFiles.find([root.appendingPathComponent("key.yml").path]).files.count == 1)
    }

    @Test("a root that is itself a link is walked at its real place")
    func rootThroughALink() throws {
        let (top, root) = try tree()
        defer { try? FileManager.default.removeItem(at: top) }
        let alias = top.appendingPathComponent("alias").path
        try FileManager.default.createSymbolicLink(atPath: alias, withDestinationPath: root.path)
        let found = InputFiles.find([alias])
        #expect(found.files.map(\.path) == ["a.yml", "sub/again.yml", "sub/b.json"].map { alias + "/" + $0 })
        #expect(found.notes.first?.hasPrefix("skipped 3 symbolic links") == true)
    }
}
