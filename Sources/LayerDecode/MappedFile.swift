import CMappedFileGuard
import LayerModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file mapped read-only into memory. The JSON reader walks it front to back, and
/// `release(_:)` hands the pages behind it back to the kernel, so a dump is never
/// resident whole: a million-layer file costs a window of it, not its size.
///
/// If another process truncates the file while it is mapped, reading a page past its new
/// end raises SIGBUS; the guard (CMappedFileGuard) maps zeros there instead, and
/// `changeSinceMapped()` then tells the reader, which reports it for this file.
///
/// Nothing in it changes after `init`, so the threads that read parts of one file at once
/// (`ListFragments`) share it.
package final class MappedFile: @unchecked Sendable {
    package let bytes: UnsafeRawBufferPointer
    private let length: Int
    /// Open until deinit, to ask for the file's size again after reading.
    private let fd: Int32
    private let guardSlot: Int32
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Throws the system's reason when the file cannot be opened or mapped.
    package init(path: String) throws(MappedFileError) {
        // Non-blocking, so that opening a FIFO does not wait for a writer before the check.
        let fd = open(path, O_RDONLY | O_NONBLOCK)
        guard fd >= 0 else { throw MappedFileError(reason: String(cString: strerror(errno))) }
        var info = stat()
        func fail(_ reason: String) -> MappedFileError { close(fd); return MappedFileError(reason: reason) }
        guard fstat(fd, &info) == 0 else { throw fail(String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw fail("not a regular file") }
        let length = Int(info.st_size)
        var base: UnsafeMutableRawPointer?
        if length > 0 {
            let mapped = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0)
            guard let mapped, mapped != MAP_FAILED else { throw fail(String(cString: strerror(errno))) }
            _ = madvise(mapped, length, MADV_SEQUENTIAL)
            base = mapped
        }
        self.fd = fd
        self.length = length
        bytes = UnsafeRawBufferPointer(start: base, count: length)
        guardSlot = base.map { layerlint_guard_register($0, length) } ?? -1
    }

    /// Maps the file at `path` and decodes it with `decode`; whatever the outcome, a file
    /// that changed while it was read (`changeSinceMapped`) is that error instead, since
    /// what was read is not the file. A file that cannot be mapped is an error at 0:0.
    package static func read(_ path: String, _ decode: (MappedFile) throws(MappedFileError) -> DecodedDump) -> DecodedDump {
        do throws(MappedFileError) {
            // Mapping also checks that the path is a readable regular file.
            return try checked(MappedFile(path: path), decode)
        } catch {
            return DecodedDump(error: DecodeError(message: "cannot read the file: \(error.reason)",
                                                  location: SourceLocation(line: 0, column: 0)))
        }
    }

    /// `decode(file)`, or the file's change when it changed while it was read.
    package static func checked(_ file: MappedFile, _ decode: (MappedFile) throws(MappedFileError) -> DecodedDump) throws(MappedFileError) -> DecodedDump {
        let decoded = try withExtendedLifetime(file) { () throws(MappedFileError) -> DecodedDump in try decode(file) }
        if let change = file.changeSinceMapped() {
            return DecodedDump(error: DecodeError(message: change, location: SourceLocation(line: 0, column: 0)))
        }
        return decoded
    }

    deinit {
        layerlint_guard_unregister(guardSlot)
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), length) }
        close(fd)
    }

    /// Why the bytes read may not be the file's: it shrank under the mapping (a read past
    /// its new end met zeros), or its size is not the one mapped. Nil when it is whole.
    package func changeSinceMapped() -> String? {
        var info = stat()
        let now = fstat(fd, &info) == 0 ? Int(info.st_size) : -1
        guard layerlint_guard_faulted(guardSlot) != 0 || now != length else { return nil }
        let size = now >= 0 ? "it was \(length) bytes when reading began and is \(now) now" : "its size cannot be read again"
        return "the file changed while it was read (\(size)); another process is writing it: lint it when it is written"
    }

    /// Gives back the pages from the one holding `range`'s first byte up to the last whole
    /// page before its end, so that ranges that follow each other leave no page behind.
    /// Reading them again is still correct (the kernel maps them in from the file again),
    /// only slower; a reader does so only to find the line of an error behind it.
    func release(_ range: Range<Int>) {
        guard let base = bytes.baseAddress else { return }
        let start = range.lowerBound / Self.pageSize * Self.pageSize
        let end = range.upperBound / Self.pageSize * Self.pageSize
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
    }
}

package struct MappedFileError: Error {
    package var reason: String
    package init(reason: String) { self.reason = reason }
}

/// A reader that reads its text front to back, and says how far it has come.
protocol ForwardReader: TreeEventSource {
    /// No byte before this offset is read again (but to place an error).
    var readOffset: Int { get }
}

extension JSONEventReader: ForwardReader {
    var readOffset: Int { tokenStart }
}

extension SubsetYAMLReader: ForwardReader {
    var readOffset: Int { queueLineStart }
}

/// A reader over a mapped file, giving pages back every few megabytes.
struct MappedSource<Reader: ForwardReader>: TreeEventSource {
    private(set) var reader: Reader
    private let file: MappedFile
    /// Where the pages not yet given back start: the reader's start.
    private var released: Int
    private var nextRelease: Int
    /// Megabytes read between two releases; a margin behind the current token stays.
    private static var step: Int { 8 << 20 }
    private static var margin: Int { 1 << 20 }

    init(file: MappedFile, reader: Reader) {
        self.file = file
        self.reader = reader
        released = reader.readOffset
        nextRelease = released + Self.step
    }

    mutating func next() throws(SyntaxError) -> TreeEventKind {
        let event = try reader.next()
        let offset = reader.readOffset
        if offset >= nextRelease {
            if offset - Self.margin > released {
                file.release(released..<(offset - Self.margin))
                released = offset - Self.margin
            }
            nextRelease = offset + Self.step
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

    var handoverOffset: Int? { reader.handoverOffset }

    mutating func continueList(at place: JSONReadPlace, atElement: Bool) -> Bool {
        reader.continueList(at: place, atElement: atElement)
    }
}
