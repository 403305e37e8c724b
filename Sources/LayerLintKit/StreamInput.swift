#if canImport(Glibc)
import Glibc
let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
let systemRead = Darwin.read
#endif
import LayerDecode
import LayerImport

/// Standard input (`-`) and FIFOs named on the command line: streams, which have no size
/// to check first and cannot be mapped, so they are read into memory, at most
/// `limit(_:)` bytes and one more to tell that there was more.
///
/// A stream is capped below `limits.fileBytes`' 4 GiB default: a pipe that never ends
/// (`yes | layerlint lint -`) would otherwise buffer gigabytes before the error. A dump
/// larger than the cap is linted from a file, which is mapped or read in chunks.
public enum StreamInput {
    /// The most bytes read from a stream, unless `limits.fileBytes` is lower.
    public static let maximumBytes = 256 << 20

    public static func limit(_ limits: DecodeLimits) -> Int { min(limits.fileBytes, maximumBytes) }

    /// Whether `path` is read as a stream: `-`, or a file that is neither a regular file
    /// nor a folder (a FIFO, a character device such as `/dev/stdin`).
    public static func isStream(_ path: String) -> Bool {
        if path == "-" { return true }
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFDIR
    }

    /// Reads `path` (`-` for standard input) up to `limit` bytes; the error names the cap,
    /// at line 1, column 1, since only the first bytes were read.
    public static func read(_ path: String, limits: DecodeLimits) -> Result<[UInt8], DecodeError> {
        let fd = path == "-" ? 0 : open(path, O_RDONLY)
        guard fd >= 0 else {
            return .failure(DecodeError(message: "cannot read the file: \(String(cString: strerror(errno)))", location: SourceLocation(line: 0, column: 0)))
        }
        defer { if fd != 0 { close(fd) } }
        var limit = limit(limits)
        // Under `ulimit -v` the buffer must fit too, with room for its growth and the lint.
        let room = AddressSpace.room().map { $0 / 4 }
        if let room, room < limit { limit = room }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while bytes.count <= limit {
            let want = min(chunk.count, limit - bytes.count + 1)
            let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, want) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                return .failure(DecodeError(message: "cannot read the file: \(String(cString: strerror(errno)))", location: SourceLocation(line: 0, column: 0)))
            }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        guard bytes.count > limit else { return .success(bytes) }
        let what = path == "-" ? "standard input" : "the stream"
        // Only the first bytes were read, so the size is not known: say "more than".
        let message = room == limit
            ? "\(what) holds more than \(limit) bytes, more than the address-space limit (ulimit -v) leaves room to read; raise the limit, or save the dump to a file and lint the file"
            : limit < maximumBytes
            ? "\(what) holds more than \(limit) bytes; " + DecodeLimits.advice(.fileBytes, limit)
            : "\(what) holds more than \(limit) bytes (256 MiB), the most LayerLint reads from standard input or a FIFO; save the dump to a file and lint the file"
        return .failure(DecodeError(message: message, location: SourceLocation(line: 1, column: 1)))
    }
}

extension Linter {
    /// Lints one input as the command line names it: a file is read from its path; `-`
    /// and FIFOs are streams (StreamInput), told by their name or, for `-` and a FIFO
    /// whose name says nothing, by their first bytes.
    public func lint(_ input: InputFile) -> FileReport {
        guard StreamInput.isStream(input.path) else {
            // Under `ulimit -v`, a file too large for the room left is an error, not a crash.
            if let room = AddressSpace.room(), input.syntax != .xcodeViewHierarchy {
                var info = stat()
                if stat(input.path, &info) == 0 {
                    let bytes = Int(info.st_size)
                    let need = AddressSpace.need(bytes: bytes, syntax: input.syntax)
                    if need > room { return Self.failed(input.path, AddressSpace.error(need: need, room: room)) }
                    return Self.checkedForReport(withinRoom(room, bytes: bytes) {
                        $0.lint(contentsOf: input.path, syntax: input.syntax)
                    })
                }
            }
            return lint(contentsOf: input.path, syntax: input.syntax)
        }
        let shown = input.path == "-" ? "<stdin>" : input.path
        switch StreamInput.read(input.path, limits: limits) {
        case .failure(let error): return Self.failed(shown, error)
        case .success(let bytes):
            let named = input.path != "-" && DumpDetection.byExtension[DumpDetection.fileExtension(input.path)] != nil
            let syntax = input.isForced || named ? input.syntax : DumpDetection.syntax(ofContent: Array(bytes.prefix(4096)))
            if let room = AddressSpace.room() {
                let need = AddressSpace.need(bytes: bytes.count, syntax: syntax)
                if need > room { return Self.failed(shown, AddressSpace.error(need: need, room: room)) }
                return Self.checkedForReport(withinRoom(room, bytes: bytes.count) { linter in
                    bytes.withUnsafeBytes { linter.lint(bytes: $0, path: shown, syntax: syntax) }
                })
            }
            return bytes.withUnsafeBytes { lint(bytes: $0, path: shown, syntax: syntax) }
        }
    }

    /// Lints with `limits.layers` lowered to what the room left holds
    /// (AddressSpace.layers(room:bytes:)): what a layer costs does not follow from the
    /// file's size (a layer takes 4 bytes of JSON or 400), so the decoder counts them and
    /// stops at the first one too many, with the error said in terms of the address space.
    private func withinRoom(_ room: Int, bytes: Int, _ lint: (Linter) -> FileReport) -> FileReport {
        let fit = AddressSpace.layers(room: room, bytes: bytes)
        guard fit < limits.layers else { return lint(self) }
        var bounded = self
        bounded.limits.layers = max(fit, 1)
        var report = lint(bounded)
        let tooMany = "more than \(bounded.limits.layers) layers in this file; "
        if let error = report.error, error.message.hasPrefix(tooMany) {
            report.error?.message = tooMany + "the address-space limit (ulimit -v) leaves room for \(room >> 20) MiB, about \(bounded.limits.layers) layers; raise the limit, or lint the file on its own"
        }
        return report
    }

    /// Under `ulimit -v`, a file whose findings leave no room to render them is an error
    /// too: the reports take a kilobyte or two per finding (AddressSpace.need(findings:)).
    private static func checkedForReport(_ report: FileReport) -> FileReport {
        guard let room = AddressSpace.room() else { return report }
        let findings = report.snapshots.reduce(0) { $0 + $1.findings.count }
        let need = AddressSpace.need(findings: findings)
        guard need > room else { return report }
        return failed(report.path, DecodeError(
            message: "not enough memory to report the \(findings) findings of this file under the address-space limit (ulimit -v): it needs about \(need >> 20) MiB and \(room >> 20) MiB are left; raise the limit, or lint the file on its own",
            location: SourceLocation(line: 0, column: 0)))
    }

    private static func failed(_ path: String, _ error: DecodeError) -> FileReport {
        FileReport(path: path, error: InputMessage(severity: "error", message: error.message,
                                                   line: Int(error.location.line), column: Int(error.location.column)))
    }
}
