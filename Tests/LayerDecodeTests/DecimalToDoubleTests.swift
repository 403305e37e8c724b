@testable import DumpGenerator
@testable import LayerDecode
import LayerGeometry
import XCTest

/// Dump numbers and path data are read without `strtod`; these tests hold every spelling
/// to what the standard library's correctly rounded conversion gives, to the bit.
final class DecimalToDoubleTests: XCTestCase {
    private func parsed(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBytes { ScalarParsing.number($0) }
    }

    private func assertSameAsStrtod(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let expected = Double(text) else { return XCTFail("not a number: \(text)", file: file, line: line) }
        XCTAssertEqual(parsed(text)?.bitPattern, expected.bitPattern, text, file: file, line: line)
        let path = try? SVGPathParser().parse("M\(text) 0")
        guard case .moveTo(let start)? = path?.elements.first else { return XCTFail("path data: \(text)", file: file, line: line) }
        XCTAssertEqual(start.x.bitPattern, expected.bitPattern, "path data: \(text)", file: file, line: line)
    }

    /// The JSON reader's fast path for plain numbers, which reads eight digits at a time:
    /// nil when it leaves the number to the full reading (more than 19 significant digits).
    private func readerParsed(_ text: String) -> Double? {
        let bytes = Array((text + ",").utf8)
        return bytes.withUnsafeBytes { JSONEventReader(bytes: $0).plainNumber(at: 0)?.0 }
    }

    func testTheReadersPlainNumbersMatchTheStandardLibraryEightDigitsAtATime() {
        var rng = SplitMix64(seed: 40)
        var read = 0
        for _ in 0..<100_000 {
            // Up to 25 digits after up to 12 zeros, the point anywhere: runs of eight that
            // start before, inside and after the leading zeros, and the digit-by-digit rest.
            let zeros = Int(rng.next() % 13)
            let digits = Int(rng.next() % 25) + 1
            var body = ""
            for d in 0..<digits { body.append(Character(String(d == 0 ? rng.next() % 9 + 1 : rng.next() % 10))) }
            let point = Int(rng.next() % UInt64(digits + 1))
            let text: String
            if zeros > 0 {
                text = "0." + String(repeating: "0", count: zeros - 1) + body
            } else if point < digits, point > 0 {
                text = String(body.prefix(point)) + "." + String(body.dropFirst(point))
            } else {
                text = body
            }
            let negative = rng.next() % 2 == 0 ? "-" : ""
            let value = readerParsed(negative + text)
            // What a digit-by-digit reading hands over: the same numbers, the rest left to
            // the full reading.
            let expected = digits <= 19 ? DecimalToDouble.value(mantissa: UInt64(body)!, exponent: -fractionDigits(of: text)) : nil
            XCTAssertEqual(value?.magnitude.bitPattern, expected?.bitPattern, negative + text)
            if let value {
                XCTAssertEqual(value.bitPattern, Double(negative + text)!.bitPattern, negative + text)
                read += 1
            }
        }
        XCTAssertGreaterThan(read, 50_000)
        XCTAssertEqual(readerParsed("12345678.12345678")?.bitPattern, 12345678.12345678.bitPattern)
        XCTAssertEqual(readerParsed("0.000000001234567890123")?.bitPattern, 0.000000001234567890123.bitPattern)
        XCTAssertNil(readerParsed("1234567a"))
        XCTAssertNil(readerParsed("12345678e5"))  // an exponent: the full reading's
        XCTAssertEqual(JSONEventReader.eightDigits(0x3938_3736_3534_3332), 23_456_789)
        XCTAssertNil(JSONEventReader.eightDigits(0x3938_3736_3534_332F))  // '/' before '0'
        XCTAssertNil(JSONEventReader.eightDigits(0x3A38_3736_3534_3332))  // ':' after '9'
    }

    private func fractionDigits(of text: String) -> Int {
        text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 } ?? 0
    }

    func testTiesAndRoundingAtTheEdgeOfTheMantissa() {
        // 2^53 + 1 and + 3 sit halfway between two Doubles: ties go to even.
        for text in ["9007199254740993.0", "9007199254740995.0", "9007199254740993.00000000001",
                     "9007199254740992.9999999999", "18014398509481985.0", "0.30000000000000004",
                     "127.08220789864433", "37.88843348548123", "-0.0000000000000000000000000001",
                     "9999999999999999999", "999999999999999999.9", "0.1234567890123456789",
                     "1844674407370955161.5", "4503599627370497.5", "0.000000000000000000000000009007199254740993"] {
            assertSameAsStrtod(text)
        }
    }

    func testRandomDecimalsUpToNineteenDigitsMatchTheStandardLibrary() {
        // The generator the benchmark dumps use: the cases are the same on every run.
        var rng = SplitMix64(seed: 29)
        for _ in 0..<200_000 {
            let digits = Int(rng.next() % 19) + 1
            var text = ""
            for d in 0..<digits { text.append(Character(String(d == 0 ? rng.next() % 9 + 1 : rng.next() % 10))) }
            let point = Int(rng.next() % UInt64(digits + 1))
            if point < digits { text.insert(".", at: text.index(text.startIndex, offsetBy: point)) }
            if point == 0 {
                // `.ddd` becomes `0.000ddd`: leading fraction zeros are not digits of the mantissa.
                let zeros = rng.next() % 4 == 0 ? Int(rng.next() % 10) : 0
                text = "0." + String(repeating: "0", count: zeros) + text.dropFirst()
            }
            if rng.next() % 2 == 0 { text = "-" + text }
            assertSameAsStrtod(text)
        }
    }

    func testWhatTheFastPathsLeaveStillParses() {
        for text in ["1e300", "12345678901234567890123.5", "0.0000000000000000000000000000001234567", "1.5E-3"] {
            assertSameAsStrtod(text)
        }
        XCTAssertNil(parsed("0x1p3"))
        XCTAssertNil(parsed("1.2.3"))
    }
}
