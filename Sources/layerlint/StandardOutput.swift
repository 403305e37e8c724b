#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayerLintKit

/// Writes reports to standard output as bytes, without copying them into `Data`.
enum StandardOutput {
    static let descriptor: Int32 = 1

    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = systemWrite(1, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return  // a closed pipe (`| head`): nothing more to say
                }
                offset += n
            }
        }
    }

    /// Ends the process once the report is out. Returning would first free every layer
    /// and finding one by one, which for a large dump costs as much as a rule pass.
    static func finish(status: Int32) -> Never {
        exit(status)
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif

/// Messages about the run itself (a configuration error, a report that cannot be
/// written), kept apart from reports on standard output.
///
/// They name paths and quote configuration or dump text, which a pull request controls:
/// every message goes through `TerminalText.lines` (ESC, CR and other disguising scalars
/// written `\u{1B}`, no line starting with a workflow command's `::`) and
/// `HumanText.prose` (long names and tokens shortened), here, so no call site can forget.
enum StandardError {
    static func write(_ text: String) {
        var text = sanitized(text)
        text.withUTF8 { buffer in _ = systemWrite(2, buffer.baseAddress!, buffer.count) }
    }

    /// `text` as it is written: its lines escaped and defused, long runs shortened.
    static func sanitized(_ text: String) -> String {
        TerminalText.diagnostic(text)
    }
}
