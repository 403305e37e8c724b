import Foundation
import Testing
@testable import LayerMCP

/// Paths in tool calls: under a root they resolve, out of every root (written so, or by a
/// link) they are refused before anything is read.
@Suite struct RootsTests {
    let top: String
    let roots: Roots

    init() throws {
        top = NSTemporaryDirectory() + "layerlint-roots-\(UUID().uuidString)"
        let fm = FileManager.default
        try fm.createDirectory(atPath: top + "/root/sub", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: top + "/other", withIntermediateDirectories: true)
        try Data("a: 1\n".utf8).write(to: URL(fileURLWithPath: top + "/root/sub/in.yml"))
        try Data("a: 1\n".utf8).write(to: URL(fileURLWithPath: top + "/other/out.yml"))
        try fm.createSymbolicLink(atPath: top + "/root/out-link.yml", withDestinationPath: top + "/other/out.yml")
        try fm.createSymbolicLink(atPath: top + "/root/in-link.yml", withDestinationPath: top + "/root/sub/in.yml")
        roots = try Roots([top + "/root"], workingDirectory: "/")
    }

    @Test func pathsUnderTheRootResolve() throws {
        let real = try roots.resolve("sub/in.yml")
        #expect(real.hasSuffix("/root/sub/in.yml"))
        #expect(roots.display(real) == "sub/in.yml")
        #expect(try roots.resolve("sub/../sub/in.yml") == real)
        #expect(try roots.resolve("in-link.yml") == real, "a link that stays inside is followed")
        #expect(try roots.resolve(top + "/root/sub/in.yml") == real)
    }

    @Test func pathsOutOfEveryRootAreRefused() {
        for path in ["../other/out.yml", top + "/other/out.yml", "out-link.yml", "/etc/passwd", "sub/../../other/out.yml"] {
            #expect(throws: PathRefusal.self, "\(path)") { try roots.resolve(path) }
        }
        #expect(throws: PathRefusal.self) { try roots.resolve("") }
        #expect(throws: PathRefusal.self) { try roots.resolve("missing.yml") }
    }

    @Test func aSecondRootIsReadableAndRelativePathsUseTheFirst() throws {
        let both = try Roots([top + "/root", top + "/other"], workingDirectory: "/")
        #expect(try both.resolve(top + "/other/out.yml").hasSuffix("/other/out.yml"))
        #expect(throws: PathRefusal.self) { try both.resolve("out.yml") }
    }

    @Test func aMissingRootIsAnError() {
        #expect(throws: PathRefusal.self) { try Roots([top + "/nope"]) }
    }
}
