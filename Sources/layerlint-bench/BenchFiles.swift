import DumpGenerator
import Glibc

/// The generated inputs of a benchmark run, made once and kept in the work folder by
/// name. Each dump has a `.summary` beside it (what the generator counted), written only
/// after the dump is complete; a dump without one is made again.
struct BenchFiles {
    let work: String
    let seed: UInt64
    /// Part of every name: bump it when the generator's output changes, so old cached
    /// files are not measured as if they were new ones.
    static let generatorVersion = 1

    struct Dump {
        var path: String
        var bytes: Int
        var layers: Int
        var shadowsWithoutPath: Int
    }

    func dump(layers: Int, shape: DumpShape, syntax: DumpSyntax, seed: UInt64? = nil,
              in folder: String? = nil) throws -> Dump {
        let seed = seed ?? self.seed
        let name = "\(shape.rawValue)-\(layers)-seed\(seed)-g\(Self.generatorVersion).\(syntax == .yaml ? "yml" : "json")"
        let path = (folder ?? work) + "/" + name
        let summaryPath = path + ".summary"
        if let cached = readSummary(summaryPath), let bytes = fileSize(path) {
            return Dump(path: path, bytes: bytes, layers: cached.layers, shadowsWithoutPath: cached.shadows)
        }
        let options = GeneratorOptions(layers: layers, seed: seed, shape: shape)
        let summary = try writeDump(options, syntax: syntax, to: path)
        try writeTextFile(summaryPath, "layers \(summary.layers)\nshadowsWithoutPath \(summary.shadowsWithoutPath)\n")
        return Dump(path: path, bytes: summary.bytes, layers: summary.layers, shadowsWithoutPath: summary.shadowsWithoutPath)
    }

    private func readSummary(_ path: String) -> (layers: Int, shadows: Int)? {
        guard let text = readTextFile(path) else { return nil }
        var values: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
        }
        guard let layers = values["layers"], let shadows = values["shadowsWithoutPath"] else { return nil }
        return (layers, shadows)
    }

    /// `count` YAML screens of `layers` layers each, with seeds seed+1…seed+count, in a
    /// folder of their own (the linter is given the folder). Returns the folder and the
    /// total size.
    func manyFiles(count: Int, layers: Int) throws -> (folder: String, bytes: Int) {
        let folder = "\(work)/many-\(count)x\(layers)-seed\(seed)-g\(Self.generatorVersion)"
        try makeDirectory(folder)
        var total = 0
        for index in 1...count {
            let dump = try dump(layers: layers, shape: .screen, syntax: .yaml,
                                seed: seed &+ UInt64(index), in: folder)
            total += dump.bytes
        }
        return (folder, total)
    }
}
