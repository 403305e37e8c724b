#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file mapped read-only into memory. The JSON reader walks it front to back, and
/// `release(before:)` hands the pages behind it back to the kernel, so a dump is never
/// resident whole: a million-layer file costs a window of it, not its size.
final class MappedFile {
    let bytes: UnsafeRawBufferPointer
    private let length: Int
    private var released = 0
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Throws the system's reason when the file cannot be opened or mapped.
    init(path: String) throws(MappedFileError) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw MappedFileError(reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw MappedFileError(reason: String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw MappedFileError(reason: "not a regular file") }
        length = Int(info.st_size)
        guard length > 0 else { bytes = UnsafeRawBufferPointer(start: nil, count: 0); return }
        guard let base = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else {
            throw MappedFileError(reason: String(cString: strerror(errno)))
        }
        _ = madvise(base, length, MADV_SEQUENTIAL)
        bytes = UnsafeRawBufferPointer(start: base, count: length)
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), length) }
    }

    /// Gives back the whole pages before `offset`. Reading them again is still correct
    /// (the kernel maps them in from the file again), only slower; the reader does so only
    /// to find the line of an error behind it.
    func release(before offset: Int) {
        guard let base = bytes.baseAddress else { return }
        let end = offset / Self.pageSize * Self.pageSize
        guard end > released else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + released), end - released, MADV_DONTNEED)
        released = end
    }
}

struct MappedFileError: Error {
    var reason: String
}

/// The JSON reader over a mapped file, giving pages back every few megabytes.
struct MappedJSONSource: TreeEventSource {
    private var reader: JSONEventReader
    private let file: MappedFile
    private var nextRelease = MappedJSONSource.step
    /// Megabytes read between two releases; a margin behind the current token stays.
    private static let step = 8 << 20
    private static let margin = 1 << 20

    init(file: MappedFile, maxDepth: Int) {
        self.file = file
        reader = JSONEventReader(bytes: file.bytes)
        reader.maxDepth = maxDepth
    }

    mutating func next() throws(SyntaxError) -> TreeEventKind {
        let event = try reader.next()
        if reader.tokenStart >= nextRelease {
            file.release(before: reader.tokenStart - Self.margin)
            nextRelease = reader.tokenStart + Self.step
        }
        return event
    }

    @inline(__always)
    mutating func nextNumberList(into numbers: inout NumberList) -> Bool {
        reader.nextNumberList(into: &numbers)
    }

    @inline(__always)
    mutating func nextPlainNumber() -> Double? { reader.nextPlainNumber() }

    @inline(__always)
    var position: SourcePosition { reader.position }

    @inline(__always)
    var scalarBytes: UnsafeRawBufferPointer { reader.scalarBytes }
}
