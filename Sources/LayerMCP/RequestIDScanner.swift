#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the `id` of a JSON-RPC message that is read a piece at a time and never kept:
/// a message over the size limit is thrown away as it arrives, yet its refusal must carry
/// its id so that the client can match it to the request it is waiting on.
///
/// Only the top-level object's `"id"` counts (a dump's own `"id"` keys sit deeper), and it
/// may stand anywhere, after megabytes of `params` too. Each byte is looked at once; the
/// inside of a long string, where a large message spends almost all of its bytes, is
/// skipped with `memchr`.
struct RequestIDScanner {
    /// The id's JSON text (a number, or a string with its quotes), once read whole.
    private(set) var idText: [UInt8]?

    private var depth = 0
    private var inString = false
    private var escaped = false
    /// At depth 1, whether the next string is a key (after `{` or `,`).
    private var expectingKey = false
    private var readingKey = false
    private var key: [UInt8] = []
    /// The last key read at depth 1, until its `:`.
    private var keyBeforeColon: [UInt8]?
    /// After `"id":`, before its value's first byte.
    private var awaitingID = false
    private var readingID = false
    private var idIsString = false
    private var raw: [UInt8] = []

    /// An id longer than this is not one a client made; the refusal then carries null.
    private static let longestID = 256

    var isDone: Bool { idText != nil }

    mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        var i = 0
        let n = bytes.count
        while i < n && !isDone {
            if inString && !readingKey && !readingID && !escaped {
                // Jump to the next quote or backslash: nothing else inside a string matters.
                let rest = n - i
                let quote = memchr(base + i, Int32(UInt8(ascii: "\"")), rest)
                let slash = memchr(base + i, Int32(UInt8(ascii: "\\")), rest)
                let next = [quote, slash].compactMap { $0 }.min()
                guard let next else { return }
                i = base.distance(to: UnsafeRawPointer(next))
            }
            step(bytes[i])
            i += 1
        }
    }

    private mutating func step(_ b: UInt8) {
        if inString {
            if readingKey && key.count <= 8 { key.append(b) }
            if readingID { append(b) }
            if escaped { escaped = false; return }
            if b == UInt8(ascii: "\\") { escaped = true; return }
            guard b == UInt8(ascii: "\"") else { return }
            inString = false
            if readingKey { readingKey = false; keyBeforeColon = Array(key.dropLast()) }
            if readingID { finishID() }
            return
        }
        if readingID && !idIsString {
            // A number ends at the first byte that cannot be part of it.
            if b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
                || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "e") || b == UInt8(ascii: "E") {
                append(b)
                return
            }
            finishID()
            if isDone { return }
        }
        switch b {
        case UInt8(ascii: "\""):
            inString = true
            if depth == 1 && expectingKey {
                expectingKey = false; readingKey = true; key = []
            } else if depth == 1 && awaitingID {
                awaitingID = false; readingID = true; idIsString = true; raw = [b]
            }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            awaitingID = false
            depth += 1
            if depth == 1 && b == UInt8(ascii: "{") { expectingKey = true }
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
        case UInt8(ascii: ","):
            if depth == 1 { expectingKey = true; awaitingID = false }
        case UInt8(ascii: ":"):
            if depth == 1, let k = keyBeforeColon {
                awaitingID = k == Array("id".utf8)
                keyBeforeColon = nil
            }
        case UInt8(ascii: " "), 0x09, 0x0A, 0x0D:
            break
        default:
            if depth == 1 && awaitingID && (b == UInt8(ascii: "-") || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))) {
                awaitingID = false; readingID = true; idIsString = false; raw = [b]
            } else {
                // null, true, false: not an id to answer to.
                awaitingID = false
            }
        }
    }

    private mutating func append(_ b: UInt8) {
        if raw.count <= Self.longestID { raw.append(b) }
    }

    private mutating func finishID() {
        readingID = false
        if raw.count <= Self.longestID { idText = raw }
    }
}
