import Foundation
import LayerLintKit

/// The files a run will write (reports, a baseline, a converted dump), checked against the
/// files it reads before any of them is read: an output that is an input (by any spelling,
/// a symbolic link or a hard link) would destroy it, so the run is refused instead
/// (docs/reliability.md, "Outputs and the exit-code contract").
struct OutputGuard {
    struct Output {
        /// As the command line spells it.
        var path: String
        /// "the report", "the baseline", "the output".
        var role: String
    }

    var outputs: [Output]
    /// Other files of the run that are not dumps (the baseline it reads): a folder walk
    /// that meets one leaves it out without a note.
    var ownFiles: [String] = []

    /// A file's identity: device and inode, following symbolic links, so every name of a
    /// file gives the same one.
    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
        init(device: UInt64, inode: UInt64) { self.device = device; self.inode = inode }
        init?(_ path: String) {
            var s = stat()
            guard stat(path, &s) == 0 else { return nil }
            device = UInt64(s.st_dev); inode = UInt64(s.st_ino)
        }
    }

    /// Where a path leads: the real path of an existing file; for a new one, the real path
    /// of its folder and its name (two spellings of a file yet to be written are one file).
    static func resolved(_ path: String) -> String {
        if let real = OutputFile.realPath(path) { return real }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let base = OutputFile.realPath(folder.isEmpty ? "." : folder) ?? (folder as NSString).standardizingPath
        return (base as NSString).appendingPathComponent(name)
    }

    /// Whether `path` is one of the outputs or of `ownFiles`.
    func isOwn(_ path: String) -> Bool {
        guard let id = Identity(path) else { return false }
        return outputs.contains { Identity($0.path) == id } || ownFiles.contains { Identity($0) == id }
    }

    /// The conflicts, each a message naming both paths: two outputs that are one file, and
    /// an output that is one of `inputs` (with what each is: "the input", "the baseline",
    /// "the configuration"). An input that is a folder read as one dump (an Xcode export)
    /// conflicts with an output inside it. One `stat` per input.
    func conflicts(inputs: [(path: String, role: String)]) -> [String] {
        var messages: [String] = []
        let ids = outputs.map { Identity($0.path) }
        let resolved = outputs.map { Self.resolved($0.path) }
        for (i, a) in outputs.enumerated() {
            for (j, b) in outputs[..<i].enumerated() {
                let same = ids[i] != nil ? ids[i] == ids[j] : resolved[i] == resolved[j]
                if same { messages.append("\(b.role) \(b.path) and \(a.role) \(a.path) are the same file; write them to different files") }
            }
        }
        for input in inputs where input.path != "-" {
            var s = stat()
            guard stat(input.path, &s) == 0 else { continue }
            let isFolder = s.st_mode & S_IFMT == S_IFDIR
            let id = Identity(device: UInt64(s.st_dev), inode: UInt64(s.st_ino))
            let folder = isFolder ? Self.resolved(input.path) + "/" : ""
            for (k, output) in outputs.enumerated() where isFolder ? resolved[k].hasPrefix(folder) : ids[k] == id {
                let how = isFolder ? "is inside" : "is the same file as"
                messages.append("\(output.role) \(output.path) \(how) \(input.role) \(input.path); writing it would destroy \(input.role), so nothing was read or written; write \(output.role) elsewhere")
            }
        }
        return messages
    }

    /// Ends the run with exit status 2 when there is a conflict, before anything is read.
    func refuseConflicts(inputs: [(path: String, role: String)]) {
        let messages = conflicts(inputs: inputs)
        guard !messages.isEmpty else { return }
        for m in messages { StandardError.write("layerlint: error: \(m)\n") }
        StandardOutput.finish(status: 2)
    }
}
