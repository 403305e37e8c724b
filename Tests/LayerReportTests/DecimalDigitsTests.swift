import LayerModel
import XCTest

/// Every report writes its numbers through `appendDecimal` and `appendDigits`: they must
/// spell each value as Swift's `String` does, at every length and at both ends of the range.
final class DecimalDigitsTests: XCTestCase {
    func testDigitsSpellEveryValueAsStringDoes() {
        var values: [Int] = [0, 1, 9, 10, 99, 100, 101, 1_000, Int.max, Int.min, Int.min + 1, -1, -10, -1_234_567_890]
        var power = 1
        for _ in 0..<18 { power *= 10; values += [power - 1, power, power + 1, -power] }
        // Every value of the short path below a thousand, and across its end.
        values += Array(-1_100...1_100)
        for n in values {
            var out: [UInt8] = [7]
            out.appendDecimal(n)
            XCTAssertEqual(out, [7] + Array(String(n).utf8), "\(n)")
        }
        for u in [0, 5, 10, UInt(Int.max) + 1, UInt.max] {
            var out: [UInt8] = []
            out.appendDigits(u)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), String(u))
        }
    }
}
