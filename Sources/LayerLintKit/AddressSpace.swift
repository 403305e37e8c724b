#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayerDecode
import LayerImport

/// The room left under an address-space limit (`ulimit -v`, RLIMIT_AS), so that a file
/// too large for it is an error for that file instead of an allocation failure, which
/// Swift answers by ending the process.
///
/// Nothing is checked without such a limit (the usual case, and macOS, which does not
/// enforce it). The need of a file is estimated from its size, by what linting costs per
/// byte of dump, measured (docs/reliability.md, "Address-space limits"): the mapping of
/// the file itself, the layers, facts, findings and report.
public enum AddressSpace {
    /// Bytes the process may still map, or nil when there is no limit to respect.
    public static func room() -> Int? {
        #if os(Linux)
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        guard let used = mappedBytes() else { return nil }
        return max(Int(clamping: limit.rlim_cur) - used, 0)
        #else
        return nil
        #endif
    }

    /// Whether the process runs under an address-space limit.
    public static var isLimited: Bool { room() != nil }

    /// The address space linting a file of `bytes` bytes takes at its peak: about twice
    /// its size for YAML and JSON (the mapping, the layers and facts, measured at 1.8 to
    /// 1.9 on generated dumps), 16 times for a recursiveDescription, whose lines spend 80
    /// bytes on a layer where a v1 dump spends 300 to 400 (measured: 14); plus a margin.
    public static func need(bytes: Int, syntax: DumpSyntax) -> Int {
        let margin = 16 << 20
        switch syntax {
        case .recursiveDescription: return bytes.multipliedReportingOverflow(by: 16).partialValue + margin
        case .xcodeViewHierarchy: return margin
        case .yaml, .json: return bytes.multipliedReportingOverflow(by: 2).partialValue + margin
        }
    }

    /// What one layer costs from decoding to the report, findings aside: measured at 550
    /// to 760 bytes on generated dumps (1.5 million small layers: about 700), so a
    /// kilobyte.
    public static let bytesPerLayer = 1_024

    /// How many layers fit in `room` beside the file's mapping (`bytes`) and a margin.
    public static func layers(room: Int, bytes: Int) -> Int {
        max(room - bytes - (16 << 20), 0) / bytesPerLayer
    }

    /// The address space the reports of `findings` findings take at their peak: the text
    /// reporter reserves a kilobyte per finding, and the JSON one grows its buffer by
    /// doubling, old and new alive at once (measured: about 3.3 KiB per finding).
    public static func need(findings: Int) -> Int {
        findings > 1_000 ? findings.multipliedReportingOverflow(by: 4_096).partialValue + (16 << 20) : 0
    }

    /// The error for a file that needs more than the room left, at line 0 (the file, not a
    /// place in it).
    static func error(need: Int, room: Int) -> DecodeError {
        DecodeError(message: "not enough memory to read this file under the address-space limit (ulimit -v): it needs about \(need >> 20) MiB and \(room >> 20) MiB are left; raise the limit, or lint the file on its own",
                    location: SourceLocation(line: 0, column: 0))
    }

    /// The size of the process's mappings (VmSize), which is what RLIMIT_AS bounds.
    private static func mappedBytes() -> Int? {
        let fd = open("/proc/self/statm", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let pages = buffer.prefix(count).prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            .reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
