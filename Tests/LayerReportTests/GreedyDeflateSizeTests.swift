@testable import LayerReport
import XCTest

/// SARIF's size check counts a greedy deflate parse instead of compressing
/// (`GreedyDeflateSize`). These tests make the stream that size claims, with deflate's code
/// tables written out here from RFC 1951 rather than taken from the counting code, and have
/// zlib read it back: the size is of a real stream, and it stays above what the upload's
/// own compression makes.
final class GreedyDeflateSizeTests: XCTestCase {
    /// Writes the symbols a parse hands on as a fixed-code deflate block.
    private struct FixedBlockWriter: DeflateSymbols {
        var bytes: [UInt8] = []
        private var pending: UInt64 = 0, pendingBits = 0

        // RFC 1951 3.2.5: length codes 257... and distance codes 0...: base and extra bits.
        private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99,
                                         115, 131, 163, 195, 227, 258]
        private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025,
                                           1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
        private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12,
                                            12, 13, 13]

        /// `count` bits of `value`, least significant first (headers and extra bits).
        mutating func bits(_ value: Int, _ count: Int) {
            pending |= UInt64(value) << UInt64(pendingBits)
            pendingBits += count
            while pendingBits >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: pending))
                pending >>= 8
                pendingBits -= 8
            }
        }

        /// A Huffman code, most significant bit first (RFC 1951 3.1.1).
        mutating func code(_ value: Int, _ length: Int) {
            for k in stride(from: length - 1, through: 0, by: -1) { bits((value >> k) & 1, 1) }
        }

        /// RFC 1951 3.2.6, the fixed literal/length code.
        mutating func symbol(_ s: Int) {
            switch s {
            case 0...143: code(0x30 + s, 8)
            case 144...255: code(0x190 + s - 144, 9)
            case 256...279: code(s - 256, 7)
            default: code(0xC0 + s - 280, 8)
            }
        }

        mutating func literal(_ byte: UInt8) { symbol(Int(byte)) }

        mutating func copy(length: Int, distance: Int) {
            XCTAssert((3...258).contains(length) && (1...32_768).contains(distance))
            let l = Self.lengthBase.lastIndex { $0 <= length }!
            symbol(257 + l)
            bits(length - Self.lengthBase[l], Self.lengthExtra[l])
            let d = Self.distanceBase.lastIndex { $0 <= distance }!
            code(d, 5)
            bits(distance - Self.distanceBase[d], Self.distanceExtra[d])
        }

        /// `text` as `GreedyDeflateSize.alone` counts it: a fixed-code block that is not
        /// the last (header bits 0, then 01), its symbols, end of block, then a full
        /// flush's empty stored block (header 000, to the byte, 00 00 FF FF).
        static func alone(_ text: [UInt8]) -> [UInt8] {
            var w = FixedBlockWriter()
            w.bits(0, 1); w.bits(1, 2)
            text.withUnsafeBufferPointer { GreedyDeflateSize.parse($0, into: &w) }
            w.symbol(256)
            w.bits(0, 3)
            if w.pendingBits > 0 { w.bits(0, 8 - w.pendingBits) }
            return w.bytes + [0x00, 0x00, 0xFF, 0xFF]
        }
    }


    /// An empty stored block marked last: ends a stream of pieces.
    private let lastEmptyBlock: [UInt8] = [0x01, 0x00, 0x00, 0xFF, 0xFF]

    private func assertRoundTrip(_ text: [UInt8], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let stream = FixedBlockWriter.alone(text)
        let size = text.withUnsafeBufferPointer { GreedyDeflateSize.alone($0) }
        XCTAssertEqual(size, stream.count, "\(label): the size counted is the stream's", file: file, line: line)
        let back = inflateRaw(stream + lastEmptyBlock, expecting: text.count)
        XCTAssertTrue(back == text, "\(label): zlib reads the stream back as the text", file: file, line: line)
    }

    private func random(_ count: Int, seed: UInt64, alphabet: Int = 256) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: Int(state >> 33) % alphabet)
        }
    }

    func testEveryCodeTheParseUsesIsARealStream() {
        assertRoundTrip([], "empty")
        assertRoundTrip(Array("abc".utf8), "shorter than a match")
        assertRoundTrip([UInt8](repeating: 0xE9, count: 100_000), "one byte repeated: copies that overlap themselves")
        assertRoundTrip(random(70_000, seed: 7), "random bytes, half of them 9-bit literals")
        assertRoundTrip(random(200_000, seed: 11, alphabet: 3), "three letters: every length")
        // A block of 600 bytes repeated at every distance from 4 to 40,000 in turn
        // (each length and distance code, and the window's edge at 32,768).
        let block = random(600, seed: 3)
        var far: [UInt8] = []
        for gap in [4, 5, 9, 17, 100, 1_000, 16_385, 24_577, 32_168, 32_169, 40_000] {
            far += block + random(gap, seed: UInt64(gap)) + block
        }
        assertRoundTrip(far, "repeats at every distance")
        // Every match length 3...258 once, after a different byte each.
        var lengths: [UInt8] = []
        let source = random(300, seed: 5, alphabet: 200)
        for length in 3...258 { lengths += source + [UInt8(200 + length % 50)] + source[0..<length] }
        assertRoundTrip(lengths, "every length")
    }

    /// The per-symbol costs at the edges of the codes and their extra bits.
    func testCostsAtTheCodesEdges() {
        XCTAssertEqual(FixedCodeBits.lengthBits(3), 7)
        XCTAssertEqual(FixedCodeBits.lengthBits(10), 7)
        XCTAssertEqual(FixedCodeBits.lengthBits(11), 8)
        XCTAssertEqual(FixedCodeBits.lengthBits(114), 7 + 4)
        XCTAssertEqual(FixedCodeBits.lengthBits(115), 8 + 4)
        XCTAssertEqual(FixedCodeBits.lengthBits(257), 8 + 5)
        XCTAssertEqual(FixedCodeBits.lengthBits(258), 8)
        XCTAssertEqual(FixedCodeBits.distanceBits(4), 5)
        XCTAssertEqual(FixedCodeBits.distanceBits(5), 6)
        XCTAssertEqual(FixedCodeBits.distanceBits(32_768), 5 + 13)
    }

    /// Report text: the pieces join between a stored head and tail into one valid stream
    /// within the measure `MeasuredBlocks` takes, and that measure stays above zlib's
    /// default level on the whole text (the upload's), and within twice its fast level.
    func testReportPiecesBoundTheUploadsCompression() throws {
        let text = Self.sarifLikeResults(count: 3_000)
        let cut = [0, 20_000, text.count / 2, text.count - 15_000, text.count]
        let head = Array(text[0..<cut[1]]), tail = Array(text[cut[3]...])
        func stored(_ bytes: [UInt8], last: Bool) -> [UInt8] {
            let n = UInt16(bytes.count)
            return [last ? 1 : 0, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8)] + bytes
        }
        var stream = stored(head, last: false), measured = 0
        for k in 1..<3 {
            let piece = Array(text[cut[k]..<cut[k + 1]])
            stream += FixedBlockWriter.alone(piece)
            measured += piece.withUnsafeBufferPointer { GreedyDeflateSize.alone($0) }
        }
        stream += stored(tail, last: true)
        let back = try XCTUnwrap(inflateRaw(stream, expecting: text.count))
        XCTAssertTrue(back == text)
        let ceiling = GzipSize.ceiling(ofCount: head.count + tail.count) + GzipSize.storedBlockHeader + measured
        XCTAssertLessThanOrEqual(stream.count + 18, ceiling)
        let upload = GzipSize.of(text), fast = GzipSize.of(text, level: GzipSize.fastLevel)
        XCTAssertGreaterThan(GreedyDeflateSize.ofGzip(text), upload)
        XCTAssertLessThan(GreedyDeflateSize.ofGzip(text), fast * 2, "tight enough to pass what the upload takes")
    }

    /// Results as the SARIF reporter writes them: keys and indentation that repeat, words
    /// with numbers and names that vary.
    static func sarifLikeResults(count: Int) -> [UInt8] {
        var out = "{\n  \"results\": [\n"
        var state: UInt64 = 0x243F_6A88_85A3_08D3
        func next(_ n: UInt64) -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 33) % n
        }
        let names = ["card", "avatar", "dimmedRow", "badge", "UIStackView", "title", "thumbnail"]
        for k in 0..<count {
            let name = names[Int(next(UInt64(names.count)))]
            let w = "\(next(400)).\(next(100))", h = "\(next(400)).\(next(100))", r = "\(next(30)).\(next(100))"
            out += """
                    {
                      "ruleId": "shadow-without-path",
                      "message": {
                        "text": "\(name) draws a shadow (radius \(r)) without a shadowPath, \(next(6)) passes per frame\\n\\nFix: Set shadowPath to its bounds (0, 0, \(w), \(h))."
                      },
                      "locations": [{ "physicalLocation": { "region": { "startLine": \(k * 37 + Int(next(30))), "startColumn": \(next(40)) } },
                        "logicalLocations": [{ "fullyQualifiedName": "UIWindow/list/cell[\(k)]/\(name)", "name": "\(name)" }] }],
                      "partialFingerprints": { "layerlint/v1": "\(String(next(UInt64.max / 2), radix: 16))" },
                      "properties": { "swift": "layer.shadowPath = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: \(w), height: \(h)), cornerRadius: \(r)).cgPath" }
                    },

                """
        }
        return Array((out + "  ]\n}\n").utf8)
    }
}
