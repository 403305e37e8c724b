#if canImport(Glibc)
import Glibc
#endif

/// Asks the kernel to back a large buffer with huge pages (Linux's transparent huge pages,
/// on request). A 100,000-layer lint otherwise spends a tenth of its time in page faults,
/// one for every 4 KiB it first touches; with huge pages one fault maps 2 MiB. A hint
/// only: nothing changes where the kernel declines, or on other systems.
public enum HugePages {
    static let hugePageSize = 2 << 20

    /// Advises the reserved storage of `array` (its capacity, not only its count), which
    /// should not have been written beyond a few elements yet.
    public static func adviseCapacity<Element>(of array: inout [Element]) {
        let byteCount = array.capacity * MemoryLayout<Element>.stride
        array.withUnsafeMutableBufferPointer { advise($0.baseAddress.map { UnsafeMutableRawPointer($0) }, byteCount: byteCount) }
    }

    /// Advises the whole 2 MiB pages inside `byteCount` bytes at `start`, before they are
    /// first touched (pages already touched keep their small pages).
    public static func advise(_ start: UnsafeMutableRawPointer?, byteCount: Int) {
        #if os(Linux)
        guard let start, byteCount >= 2 * hugePageSize else { return }
        let address = UInt(bitPattern: start)
        let size = UInt(hugePageSize)
        let first = (address + size - 1) / size * size
        let end = (address + UInt(byteCount)) / size * size
        guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(aligned, Int(end - first), MADV_HUGEPAGE)
        #endif
    }
}
