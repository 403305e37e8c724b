@testable import LayerReport
import XCTest

/// SARIF's size check compresses a large file in pieces side by side (`GzipSize.ofFastLevel`):
/// the pieces must join into one valid deflate stream of the whole text, and the size it
/// gives must still bound the upload's default level.
final class GzipPiecesTests: XCTestCase {
    /// Text that compresses as reports do: words and numbers that repeat, not all alike.
    private func reportLikeText(bytes: Int) -> [UInt8] {
        var out: [UInt8] = [], state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let words = ["\"ruleId\": \"shadow-without-path\"", "\"layerPath\": \"root/feed/cell", "CGRect(x: ",
                     "\"startLine\": ", "shadowPath", ", \"passes\": ", "UIBezierPath(roundedRect: ", "\n        "]
        while out.count < bytes {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            out += Array(words[Int(state >> 61)].utf8)
            out += Array(String(state >> 40 % 100_000).utf8)
        }
        return out
    }


    func testPiecesJoinIntoOneStreamOfTheWholeText() throws {
        let text = reportLikeText(bytes: GzipSize.pieceSize * 2 + 123_457)
        let pieces = text.count / GzipSize.pieceSize
        XCTAssertEqual(pieces, 2)
        var joined: [UInt8] = []
        for k in 0..<pieces { joined += GzipSize.piece(k, of: pieces, in: text, keep: true).bytes }
        let inflated = try XCTUnwrap(inflateRaw(joined, expecting: text.count), "the joined pieces are one valid stream")
        XCTAssertTrue(inflated == text, "and read back as the whole text")
        // The size counts those bytes with gzip's header and trailer.
        let size = GzipSize.ofFastLevel(text)
        XCTAssertEqual(size, joined.count + 18)
        // Pieces lose almost nothing against one pass, and still bound the default level.
        let onePass = GzipSize.of(text, level: GzipSize.fastLevel)
        XCTAssertLessThanOrEqual(abs(size - onePass), 64 * pieces + onePass / 200)
        XCTAssertGreaterThanOrEqual(size, GzipSize.of(text))
    }

    func testAShortTextIsOnePass() {
        let text = reportLikeText(bytes: 100_000)
        XCTAssertEqual(GzipSize.ofFastLevel(text), GzipSize.of(text, level: GzipSize.fastLevel))
    }
}
