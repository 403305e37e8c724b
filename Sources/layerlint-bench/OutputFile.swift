import Glibc
import DumpGenerator

struct SystemError: Error, CustomStringConvertible {
    var description: String

    init(_ what: String) {
        description = "\(what): \(String(cString: strerror(errno)))"
    }
}

/// A file written with plain `write(2)`: no Foundation, no extra buffering (the
/// generator already hands over ~1 MB chunks).
struct OutputFile: ~Copyable {
    private let descriptor: Int32
    let path: String

    init(creating path: String) throws {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SystemError("cannot create \(path)") }
        self.path = path
    }

    func write(_ buffer: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw SystemError("cannot write \(path)")
            }
            offset += written
        }
    }

    /// Flushes the file to the device, as layerlint does before renaming a report into place.
    func sync() throws {
        guard fsync(descriptor) == 0 else { throw SystemError("cannot sync \(path)") }
    }

    deinit {
        close(descriptor)
    }
}

/// Writes `path` through a temporary name beside it, renamed over it once `body` has
/// written it (and, with `sync`, flushed it to the device), so an interrupted run never
/// leaves a truncated file.
func writeThroughTemporary<Result>(_ path: String, sync: Bool = false,
                                   _ body: (borrowing OutputFile) throws -> Result) throws -> Result {
    let temporary = path + ".partial"
    let result: Result
    do {
        let file = try OutputFile(creating: temporary)
        result = try body(file)
        if sync { try file.sync() }
    }
    guard rename(temporary, path) == 0 else { throw SystemError("cannot rename \(temporary)") }
    return result
}

/// Writes a dump to `path` through a temporary name, so an interrupted run never
/// leaves a truncated file that a later run would take for a cached one.
func writeDump(_ options: GeneratorOptions, syntax: DumpSyntax, to path: String) throws -> DumpSummary {
    try writeThroughTemporary(path) { file in
        var failure: Error?
        let summary = DumpGenerator(options).write(syntax) { chunk in
            guard failure == nil else { return }
            do { try file.write(chunk) } catch { failure = error }
        }
        if let failure { throw failure }
        return summary
    }
}
