import Foundation
import LayerReport

/// Writes a report, baseline or converted dump without ever destroying what is at the
/// destination by accident (docs/reliability.md, "Outputs and the exit-code contract"):
///
/// - A regular file is replaced whole or not at all: the bytes go to a new temporary file
///   beside it, which is synced and renamed over it, so a CI step that reads the file
///   never sees half a report and a failed run leaves the previous file as it was. The
///   temporary file has an unpredictable name and is created exclusively, never through
///   a symbolic link planted at that name, and gets the permission bits of the file it
///   replaces (a new file gets 0644 less the umask).
/// - A symbolic link to a regular file is written through: the file it names is replaced,
///   the link stays a link.
/// - A device, a FIFO or a socket (`/dev/null`, `/dev/stdout`, a named pipe), and any path
///   under `/dev` or `/proc`, is written in place: renaming over it would replace it with a
///   regular file.
public enum OutputFile {
    public struct WriteError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    public static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        try write(bytes, to: path, temporaryNames: RandomTemporaryNames())
    }

    /// The same guarantees for a report written as it is made: `body` appends to a text
    /// that streams to the temporary file (or the device) in chunks, so a report of any
    /// size never sits in memory whole, and the destination is still replaced only once
    /// every byte is written.
    public static func write(to path: String, streaming body: (inout ByteText) -> Void) throws(WriteError) {
        try prepare(to: path, streaming: body).commit()
    }

    /// `write(to:streaming:)` up to the last step: every byte is written, and what is left
    /// (for a regular file, the sync and the rename over the destination) is the
    /// `Replacement`'s `commit()`, which may run on another thread. The sync waits for the
    /// disk and the rename for the file system, so a run writing several reports commits
    /// each one there while it makes the next. Every replacement must be committed.
    public static func prepare(to path: String, streaming body: (inout ByteText) -> Void) throws(WriteError) -> Replacement {
        try write(to: path, temporaryNames: RandomTemporaryNames()) { fd, ownFile in
            var out = ByteText(flushingTo: fd, restartable: ownFile)
            body(&out)
            out.finish()
            return out.writeFailure.map { String(cString: strerror($0)) }
        }
    }

    static func write<Names: IteratorProtocol<String>>(_ bytes: [UInt8], to path: String,
                                                       temporaryNames: Names) throws(WriteError) {
        try write(to: path, temporaryNames: temporaryNames) { fd, _ in writeAll(bytes, fd) }.commit()
    }

    /// A written file's last step: a temporary file to sync and rename over its
    /// destination, or nothing (a device written in place).
    public struct Replacement: Sendable {
        fileprivate var temporary: (descriptor: Int32, path: String, destination: String, reported: String)?

        /// Syncs the temporary file and renames it over the destination; on failure the
        /// temporary file is removed and the destination left as it was.
        public func commit() throws(WriteError) {
            guard let temporary else { return }
            var failure: String?
            if fsync(temporary.descriptor) != 0 { failure = String(cString: strerror(errno)) }
            close(temporary.descriptor)
            if failure == nil && rename(temporary.path, temporary.destination) != 0 { failure = String(cString: strerror(errno)) }
            if let failure {
                unlink(temporary.path)
                throw WriteError(path: temporary.reported, reason: failure)
            }
        }
    }

    /// Writes what `produce` gives to the descriptor it is handed, told whether that is a
    /// new file of its own (the temporary file, which it may empty and write again) or a
    /// device written in place; `produce` returns nil when every byte was written, else
    /// why not.
    private typealias Producer = (Int32, _ ownFile: Bool) -> String?

    /// `temporaryNames` gives the names tried for the temporary file, in order; a name
    /// that exists already (a planted file or link) is passed over for the next.
    private static func write<Names: IteratorProtocol<String>>(to path: String, temporaryNames: Names,
                                                               _ bytes: Producer) throws(WriteError) -> Replacement {
        func fail(_ reason: String) -> WriteError { WriteError(path: path, reason: reason) }
        var target = stat()
        let exists = stat(path, &target) == 0
        if isDeviceNamespace(path) || (exists && target.st_mode & S_IFMT != S_IFREG) {
            if exists && target.st_mode & S_IFMT == S_IFDIR { throw fail("it is a folder") }
            try writeInPlace(bytes, path: path, fail)
            return Replacement()
        }
        var destination = path
        var link = stat()
        if lstat(path, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK {
            guard exists, let resolved = realPath(path) else {
                throw fail("it is a symbolic link to a file that does not exist")
            }
            destination = resolved
            // A link into /dev or /proc is written in place even when what it names looks
            // like a regular file there: a rename would replace a device path for the
            // whole machine.
            if isDeviceNamespace(destination) {
                try writeInPlace(bytes, path: destination, fail)
                return Replacement()
            }
        }
        let folder = (destination as NSString).deletingLastPathComponent
        var folderStat = stat()
        guard stat(folder.isEmpty ? "." : folder, &folderStat) == 0, folderStat.st_mode & S_IFMT == S_IFDIR else {
            throw fail("the folder \(folder.isEmpty ? "." : folder) does not exist")
        }
        return try replace(bytes, destination: destination, mode: exists ? target.st_mode & 0o7777 : nil,
                           names: temporaryNames, reportedAs: path, fail)
    }

    /// Paths whose files are devices or views of the process (`/dev/stdout`,
    /// `/proc/self/fd/1`): a rename could only break them.
    static func isDeviceNamespace(_ path: String) -> Bool {
        path.hasPrefix("/dev/") || path.hasPrefix("/proc/")
    }

    private static func writeInPlace(_ bytes: Producer, path: String, _ fail: (String) -> WriteError) throws(WriteError) {
        // No O_CREAT or O_TRUNC: the file is there and keeps what it is.
        let fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw fail(String(cString: strerror(errno))) }
        defer { close(fd) }
        if let failure = bytes(fd, false) { throw fail(failure) }
    }

    /// The temporary file, written, for `Replacement.commit()` to put in place.
    private static func replace<Names: IteratorProtocol<String>>(_ bytes: Producer, destination: String, mode: mode_t?,
                                                                 names: Names, reportedAs path: String,
                                                                 _ fail: (String) -> WriteError) throws(WriteError) -> Replacement {
        var names = names
        let folder = (destination as NSString).deletingLastPathComponent
        let base = (destination as NSString).lastPathComponent
        var temporary = ""
        var fd: Int32 = -1
        // O_EXCL never opens what is already there, a symbolic link included; O_NOFOLLOW
        // says the same for systems that would follow one. A taken name is passed over.
        for _ in 0..<100 {
            guard let name = names.next() else { break }
            temporary = (folder.isEmpty ? "" : folder + "/") + ".\(base).\(name).tmp"
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw fail(errno == EEXIST ? "no free name for a temporary file" : String(cString: strerror(errno))) }
        var failure: String?
        if let mode, fchmod(fd, mode) != 0 { failure = String(cString: strerror(errno)) }
        if failure == nil { failure = bytes(fd, true) }
        if let failure {
            close(fd)
            unlink(temporary)
            throw fail(failure)
        }
        return Replacement(temporary: (fd, temporary, destination, path))
    }

    /// nil when every byte was written, else why not.
    private static func writeAll(_ bytes: [UInt8], _ fd: Int32) -> String? {
        bytes.withUnsafeBytes { buffer -> String? in
            var offset = 0
            while offset < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += n
            }
            return nil
        }
    }

    /// The absolute path with every symbolic link resolved; nil when the file does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// Sixteen random hexadecimal digits per name, from the system's random source.
struct RandomTemporaryNames: IteratorProtocol {
    mutating func next() -> String? {
        let n = UInt64.random(in: 0...UInt64.max)
        let hex = String(n, radix: 16)
        return "layerlint-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
