@testable import LayerReport
import XCTest

final class HumanTextTests: XCTestCase {
    func testShortNamesAreKept() {
        let name = String(repeating: "é", count: HumanText.nameLimit)
        XCTAssertEqual(HumanText.name(name), name, "120 scalars in 240 bytes is still short")
        XCTAssertEqual(HumanText.name("card"), "card")
    }

    func testLongNamesKeep120ScalarsAndAnEllipsis() {
        let cut = HumanText.name(String(repeating: "ab", count: 500_000))
        XCTAssertEqual(cut.unicodeScalars.count, HumanText.nameLimit + 1)
        XCTAssertTrue(cut.hasSuffix("…"))
        XCTAssertTrue(cut.hasPrefix("abab"))
        // A cut never splits a UTF-8 sequence: four-byte scalars stay whole.
        let emoji = HumanText.name(String(repeating: "😀", count: 200))
        XCTAssertEqual(emoji, String(repeating: "😀", count: 120) + "…")
    }

    func testPathSegmentsAreShortenedOneByOneKeepingSiblingIndexes() {
        let long = String(repeating: "n", count: 10_000)
        let path = HumanText.path("root/\(long)[3]/child/\(long)")
        XCTAssertEqual(path, "root/" + String(repeating: "n", count: 120) + "…[3]/child/" + String(repeating: "n", count: 120) + "…")
        XCTAssertEqual(HumanText.path("root/card[12]/label"), "root/card[12]/label")
    }

    func testAPathOfManyShortSegmentsIsCappedKeepingItsEnd() {
        let path = HumanText.path(String(repeating: "/", count: 1_000_000) + "leaf")
        XCTAssertEqual(path.unicodeScalars.count, HumanText.pathLimit)
        XCTAssertTrue(path.hasSuffix("/leaf"))
        XCTAssertTrue(path.contains("…"))
    }

    func testProseShortensLongRunsAndCapsTheWhole() {
        let message = "layer " + String(repeating: "x", count: 5_000) + " draws a shadow"
        XCTAssertEqual(HumanText.prose(message), "layer " + String(repeating: "x", count: 120) + "… draws a shadow")
        let words = String(repeating: "word ", count: 10_000)
        let capped = HumanText.prose(words)
        XCTAssertEqual(capped.unicodeScalars.count, HumanText.proseLimit + 1)
        XCTAssertTrue(capped.hasSuffix("…"))
        let ordinary = "card draws a shadow (radius 6) without a shadowPath; Core Animation renders it offscreen"
        XCTAssertEqual(HumanText.prose(ordinary), ordinary)
        XCTAssertEqual(HumanText.prose("a\n" + String(repeating: "y", count: 130)), "a\n" + String(repeating: "y", count: 120) + "…")
        // As many cuts as the text has room for: every run one scalar too long.
        let run = String(repeating: "z", count: HumanText.nameLimit + 1)
        let cuts = HumanText.prose(Array(repeating: run, count: 30).joined(separator: " "))
        XCTAssertEqual(cuts, Array(repeating: String(run.dropLast()) + "…", count: 30).joined(separator: " "))
        let wide = String(repeating: "😀", count: HumanText.nameLimit + 5)
        XCTAssertEqual(HumanText.prose(wide + " " + wide), String(wide.unicodeScalars.prefix(120)) + "… " + String(wide.unicodeScalars.prefix(120)) + "…")
    }

    /// The look-back check agrees with counting every run, for runs just under, at and
    /// just over the limit, anywhere.
    func testFitsFindsARunOneByteTooLongAnywhere() {
        let limit = HumanText.nameLimit
        for (runs, fits) in [([limit], true), ([limit + 1], false), ([3, limit, 0, limit], true), ([3, limit, 2, limit + 1, 5], false),
                             ([0, 0, limit], true), ([limit, limit + 1], false), (Array(repeating: 1, count: 300), true)] {
            let bytes = Array(runs.map { String(repeating: "a", count: $0) }.joined(separator: " ").utf8)
            XCTAssertEqual(bytes.withUnsafeBufferPointer { HumanText.fits($0, separator: { $0 == 0x20 }, total: 100_000) }, fits, "\(runs)")
        }
    }
}
