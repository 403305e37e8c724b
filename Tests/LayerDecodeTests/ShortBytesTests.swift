import XCTest
import LayerModel

/// `ShortBytes.equal` compares in overlapping words; every length and every differing
/// position is checked against a byte-by-byte comparison.
final class ShortBytesTests: XCTestCase {
    func testEqualMatchesAByteComparisonAtEveryLengthAndPosition() {
        for count in 0...40 {
            let a = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
            a.withUnsafeBytes { pa in
                var same = a
                same.withUnsafeBytes { pb in
                    XCTAssertTrue(ShortBytes.equal(pa.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!,
                                                   pb.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count: count))
                }
                for position in 0..<count {
                    same = a
                    same[position] ^= 0x20
                    same.withUnsafeBytes { pb in
                        XCTAssertFalse(ShortBytes.equal(pa.baseAddress!, pb.baseAddress!, count: count),
                                       "length \(count), differing at \(position)")
                    }
                }
            }
        }
    }

    func testHashSpreadsTheKeysOfALayerAndDependsOnEveryByte() {
        let words = ["frame", "bounds", "view", "name", "class", "sublayers", "backgroundColor",
                     "cornerRadius", "masksToBounds", "shadowOpacity", "shadowRadius", "shadowOffset"]
        let hashes = words.map { w in Array(w.utf8).withUnsafeBytes { ShortBytes.hash($0) } }
        XCTAssertEqual(Set(hashes).count, words.count)
        // A change in the tail, past the last whole word, changes the hash.
        let h1 = Array("backgroundColor".utf8).withUnsafeBytes { ShortBytes.hash($0) }
        let h2 = Array("backgroundColos".utf8).withUnsafeBytes { ShortBytes.hash($0) }
        XCTAssertNotEqual(h1, h2)
    }
}
