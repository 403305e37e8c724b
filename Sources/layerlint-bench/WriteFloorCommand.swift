import ArgumentParser
import Glibc

/// The floor under a reporter's time: as many bytes as its report holds, written the way
/// layerlint writes every report file (a temporary file beside it, `fsync`, `rename`),
/// without a byte formatted. What a reporter adds to lint above this is its own work.
struct WriteFloorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "writefloor",
        abstract: "Write as many bytes as each given file holds to FILE.floor, as layerlint writes a report (temporary file, fsync, rename).",
        discussion: "Only the files' sizes are read. The writes are made one after another."
    )

    @Argument(help: "Report files whose sizes to write.")
    var files: [String]

    func run() throws {
        let chunkSize = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 64)
        defer { buffer.deallocate() }
        // Text-like bytes, not zeros: no file system here compresses, but none should get the chance.
        buffer.initializeMemory(as: UInt8.self, repeating: UInt8(ascii: "x"))
        for path in files {
            var info = stat()
            guard stat(path, &info) == 0 else { throw SystemError("cannot read the size of \(path)") }
            try writeThroughTemporary(path + ".floor", sync: true) { file in
                var left = Int(info.st_size)
                while left > 0 {
                    let count = min(left, chunkSize)
                    try file.write(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
                    left -= count
                }
            }
        }
    }
}
