import Foundation
import LayerConfig
import Testing

/// A fresh folder under the system's temporary folder, removed by the caller.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("layerlint-config-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.resolvingSymlinksInPath()
}

@Suite("Finding and loading the configuration file")
struct DiscoveryTests {
    @Test("the nearest .layerlint.yml above the starting folder wins")
    func walksUpward() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let deep = root.appendingPathComponent("App/Snapshots/Feed")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        let top = root.appendingPathComponent(".layerlint.yml")
        try "budgets: { passesPerFile: 1 }\n".write(to: top, atomically: true, encoding: .utf8)
        #expect(try ConfigurationLoader.find(startingAt: deep.path) == top.path)
        #expect(try ConfigurationLoader.find(startingAt: root.path) == top.path)

        let nearer = root.appendingPathComponent("App/.layerlint.yaml")
        try "budgets: { passesPerFile: 2 }\n".write(to: nearer, atomically: true, encoding: .utf8)
        let found = try #require(try ConfigurationLoader.find(startingAt: deep.path))
        #expect(found == nearer.path)
        #expect(try ConfigurationLoader.load(path: found).budgets.passesPerFile == 2)
        #expect(ConfigurationLoader.directory(of: found) == root.appendingPathComponent("App").path)
        // A relative start is taken from the current folder (and `..` is fine).
        #expect(try ConfigurationLoader.find(startingAt: deep.path + "/../..") == nearer.path)
    }

    @Test("a folder with no configuration above it finds none")
    func findsNone() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        // The system's temporary folder could itself sit below a configuration; only
        // when it does not is "none" the right answer.
        let aboveRoot = try ConfigurationLoader.find(startingAt: root.deletingLastPathComponent().path)
        #expect(try ConfigurationLoader.find(startingAt: root.path) == aboveRoot)
        #expect(try ConfigurationLoader.find(startingAt: "/") == nil || FileManager.default.fileExists(atPath: "/.layerlint.yml"))
    }

    @Test("both spellings in one folder is an error, not a guess")
    func bothNames() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        for name in ConfigurationLoader.fileNames {
            try "".write(to: root.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        #expect(throws: ConfigurationError.self) { try ConfigurationLoader.find(startingAt: root.path) }
    }

    @Test("load reports the file's path in its errors, and an empty file is the default")
    func loadErrors() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent(".layerlint.yml")
        try "".write(to: file, atomically: true, encoding: .utf8)
        #expect(try ConfigurationLoader.load(path: file.path) == Configuration())
        try "cost:\n  mask: -2\n".write(to: file, atomically: true, encoding: .utf8)
        #expect {
            try ConfigurationLoader.load(path: file.path)
        } throws: { error in
            (error as? ConfigurationError)?.description == "\(file.path):2:9: error: 'cost.mask' must not be negative, found -2"
        }
        #expect {
            try ConfigurationLoader.load(path: root.appendingPathComponent("missing.yml").path)
        } throws: { error in
            (error as? ConfigurationError)?.description.contains("missing.yml:1:1: error: cannot read the configuration") == true
        }
    }

    @Test("paths relative to the configuration's folder")
    func relativePaths() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("Snapshots/Feed/cell.yml")
        #expect(RelativePath.of(file.path, from: root.path) == "Snapshots/Feed/cell.yml")
        #expect(RelativePath.of(root.path + "/Snapshots/./Feed/../x.yml", from: root.path) == "Snapshots/x.yml")
        #expect(RelativePath.of(root.path + "/x.yml", from: root.path + "/Snapshots") == "../x.yml")
        #expect(RelativePath.of(root.path, from: root.path) == ".")
    }
}
