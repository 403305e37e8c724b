import Foundation
import Testing
@testable import LayerMCP

/// The transport's reading half, fed through a real pipe: lines split where they end,
/// however the reads cut them, and an over-long line refused with its id.
@Suite struct LineReaderTests {
    /// Writes `input` into a pipe from another thread and collects what the reader makes of it.
    private func read(_ input: [UInt8], limit: Int) -> (messages: [String], refusals: [String]) {
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0)
        let (readEnd, writeEnd) = (fds[0], fds[1])
        let writer = Thread {
            input.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    // Small, uneven writes, so that reads end in the middle of lines.
                    let n = write(writeEnd, buffer.baseAddress! + offset, min(7_777, buffer.count - offset))
                    if n <= 0 { break }
                    offset += n
                }
            }
            close(writeEnd)
        }
        writer.start()
        var messages: [String] = []
        var refusals: [String] = []
        LineReader(input: readEnd, maximumBytes: limit).run(
            message: { messages.append(String(decoding: $0, as: UTF8.self)) },
            refuse: { reply, _ in refusals.append(String(decoding: reply, as: UTF8.self)) })
        close(readEnd)
        return (messages, refusals)
    }

    @Test func linesAreSplitWhereTheyEnd() {
        let lines = (0..<2_000).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"ping"}"# }
        let result = read(Array((lines.joined(separator: "\n") + "\n\n").utf8), limit: 1 << 20)
        #expect(result.messages == lines)
        #expect(result.refusals.isEmpty)
    }

    @Test func aLastLineWithoutItsEndIsStillRead() {
        #expect(read(Array("{\"a\":1}\n{\"b\":2}".utf8), limit: 100).messages == [#"{"a":1}"#, #"{"b":2}"#])
    }

    @Test func anOverLongLineIsRefusedWithItsIDAndTheNextOneRead() throws {
        let big = #"{"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"dump":""# + String(repeating: "x", count: 3 << 20)
            + #"","id":99}},"id":"req-7"}"#
        let result = read(Array((big + "\n" + #"{"id":8}"# + "\n").utf8), limit: 1 << 20)
        #expect(result.messages == [#"{"id":8}"#])
        try #require(result.refusals.count == 1)
        let reply = try JSONSerialization.jsonObject(with: Data(result.refusals[0].utf8)) as! [String: Any]
        // The top-level id, after the megabytes of params; not the dump's own "id".
        #expect(reply["id"] as? String == "req-7")
        #expect((reply["error"] as? [String: Any])?["code"] as? Int == -32600)
    }

    @Test func aNumericIDFirstIsFound() throws {
        let big = #"{"id": 12 ,"params":""# + String(repeating: "\\\"", count: 600_000) + #""}"#
        let result = read(Array((big + "\n").utf8), limit: 1 << 20)
        let reply = try JSONSerialization.jsonObject(with: Data(try #require(result.refusals.first).utf8)) as! [String: Any]
        #expect(reply["id"] as? Int == 12)
    }

    @Test func anOverLongLineWithoutAnIDIsRefusedWithNull() throws {
        let result = read(Array((String(repeating: "[1,", count: 500_000) + "\n").utf8), limit: 1 << 20)
        #expect(result.refusals.count == 1)
        #expect(result.refusals.first?.contains(#""id":null"#) == true)
    }
}

@Suite struct RequestIDScannerTests {
    private func id(_ text: String, pieces: Int = 1) -> String? {
        var scanner = RequestIDScanner()
        let bytes = Array(text.utf8)
        let size = max(1, bytes.count / pieces)
        for start in stride(from: 0, to: bytes.count, by: size) {
            bytes[start..<min(start + size, bytes.count)].withUnsafeBytes { scanner.feed($0) }
        }
        return scanner.idText.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func findsOnlyTheTopLevelID() {
        #expect(id(#"{"params":{"id":1,"x":[{"id":2}]},"method":"m","id":3}"#) == "3")
        #expect(id(#"{"params":"a \"id\": 5 inside a string","id":"x\"y"}"#, pieces: 5) == #""x\"y""#)
        #expect(id(#"{"idx":1,"ID":2,"id":-4.5e1}"#, pieces: 3) == "-4.5e1")
        #expect(id(#"{"id":null}"#) == nil)
        #expect(id(#"{"id":{"a":1}}"#) == nil)
    }
}
