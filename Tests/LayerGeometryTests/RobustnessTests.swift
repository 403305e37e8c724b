import XCTest
@testable import LayerGeometry

/// Random input: nothing may crash, errors must point inside the text, and whatever
/// parses must survive the writer and the recogniser.
final class RobustnessTests: XCTestCase {
    func testRandomPathTextNeverCrashes() {
        var random = SplitMix64(seed: 7)
        var parsed = 0, failed = 0
        for _ in 0..<3000 {
            var text = random.pathText()
            if random.next() % 3 == 0 {
                // Corrupt one character.
                var characters = Array(text)
                let junk = Array("MLZaQ.,-+e1 é#")
                characters[Int(random.next() % UInt64(characters.count))] = junk[Int(random.next() % UInt64(junk.count))]
                text = String(characters)
            }
            do {
                let path = try SVGPathParser().parse(text)
                parsed += 1
                XCTAssertEqual(try SVGPathParser().parse(SVGPathWriter().string(for: path)), path, text)
                _ = ShapeRecognizer().recognize(path)
            } catch {
                failed += 1
                XCTAssertTrue((0...text.count).contains(error.offset), "\(text): \(error)")
                XCTAssertFalse(error.message.isEmpty)
            }
        }
        XCTAssertGreaterThan(parsed, 500, "most random texts are valid")
        XCTAssertGreaterThan(failed, 300, "the corrupted ones mostly are not")
    }

    func testRecognizerSurvivesExtremeCoordinates() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<500 {
            var elements: [PathElement] = [.moveTo(random.point())]
            for _ in 0..<Int(random.next() % 6) {
                switch random.next() % 3 {
                case 0: elements.append(.lineTo(random.point()))
                case 1: elements.append(.quadCurveTo(control: random.point(), to: random.point()))
                default: elements.append(.curveTo(control1: random.point(), control2: random.point(), to: random.point()))
                }
            }
            elements.append(.closeSubpath)
            _ = ShapeRecognizer().recognize(Path(elements: elements))
            _ = ShapeRecognizer(tolerance: 1e-12).recognize(Path(elements: elements))
        }
        let huge = PathBuilder.rect(Rect(x: -1e307, y: -1e307, width: 1.5e308, height: 1.5e308))
        _ = ShapeRecognizer().recognize(huge)
        XCTAssertEqual(ShapeRecognizer().recognize(PathBuilder.rect(Rect(x: 1e9, y: 1e9, width: 1e6, height: 1e6))),
                       .rectangle(Rect(x: 1e9, y: 1e9, width: 1e6, height: 1e6)))
    }
}

extension SplitMix64 {
    /// Path text of random commands with roughly the right argument counts, numbers in
    /// compact and long forms, and assorted separators.
    mutating func pathText() -> String {
        let commands: [(Character, Int)] = [("M", 2), ("L", 2), ("H", 1), ("V", 1), ("C", 6), ("S", 4), ("Q", 4),
                                            ("T", 2), ("A", 7), ("Z", 0)]
        let separators = [" ", ",", " , ", "\n", ""]
        var text = "M\(number()) \(number())"
        for _ in 0..<Int(next() % 8) {
            var (letter, count) = commands[Int(next() % UInt64(commands.count))]
            if next() % 2 == 0 { letter = Character(letter.lowercased()) }
            text.append(letter)
            let sets = count == 0 ? 0 : 1 + Int(next() % 2)
            for k in 0..<(count * sets) {
                if k > 0 { text += separators[Int(next() % UInt64(separators.count))] }
                // Arc flags are the 4th and 5th arguments of each set.
                text += (letter == "A" || letter == "a") && [3, 4].contains(k % 7) ? String(next() % 2) : number()
            }
        }
        return text
    }

    mutating func number() -> String {
        switch next() % 5 {
        case 0: return String(Int(next() % 200) - 100)
        case 1: return "." + String(next() % 100)
        case 2: return String(Double(Int(next() % 20000) - 10000) / 100)
        case 3: return "-" + String(next() % 9) + "e" + String(Int(next() % 5) - 2)
        default: return String(Double.random(in: -1e3...1e3, using: &self))
        }
    }
}
