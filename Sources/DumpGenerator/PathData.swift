/// SVG path data (`path`, `shadowPath`) for the shapes apps draw: circles written with
/// cubics or with arcs, rounded rectangles, a heart and a star. Numbers are Fixed3, so the
/// text is exact and the same on every platform.
struct PathText {
    private var bytes: [UInt8] = []
    /// SVG allows `M40 20a20…`; the fixtures use both the spaced and the tight forms.
    private let tight: Bool

    init(tight: Bool = false) {
        self.tight = tight
    }

    mutating func command(_ letter: Character, _ numbers: Fixed3...) { command(letter, numbers) }

    mutating func command(_ letter: Character, _ numbers: [Fixed3]) {
        if !bytes.isEmpty && !tight { bytes.append(UInt8(ascii: " ")) }
        bytes.append(contentsOf: String(letter).utf8)
        for (index, number) in numbers.enumerated() {
            // In the tight form a minus sign separates numbers by itself.
            let needsSpace = !tight || (index > 0 && number.thousandths >= 0)
            if needsSpace { bytes.append(UInt8(ascii: " ")) }
            number.write(to: &bytes)
        }
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// 0.5523 × r: the handle length of a cubic quarter circle.
private func handle(_ radius: Fixed3) -> Fixed3 {
    Fixed3(thousandths: radius.thousandths * 5523 / 10000)
}

enum PathData {
    /// A circle filling a `diameter` square, one cubic per quarter (as in feed-cell.yml).
    static func circleCubics(diameter d: Fixed3) -> String {
        let r = d / 2, k = handle(r)
        var path = PathText()
        path.command("M", d, r)
        path.command("C", d, r + k, r + k, d, r, d)
        path.command("C", r - k, d, 0, r + k, 0, r)
        path.command("C", 0, r - k, r - k, 0, r, 0)
        path.command("C", r + k, 0, d, r - k, d, r)
        path.command("Z")
        return path.text
    }

    /// The same circle with four relative arcs, written tight (as in tab-bar.json).
    static func circleArcs(diameter d: Fixed3) -> String {
        let r = d / 2, minusR = Fixed3(0) - r
        var path = PathText(tight: true)
        path.command("M", d, r)
        path.command("a", r, r, 0, 0, 1, minusR, r)
        path.command("a", r, r, 0, 0, 1, minusR, minusR)
        path.command("a", r, r, 0, 0, 1, r, minusR)
        path.command("a", r, r, 0, 0, 1, r, r)
        path.command("z")
        return path.text
    }

    /// A rounded rectangle with circular corners: `UIBezierPath(roundedRect:cornerRadius:)`
    /// approximated with arcs, the usual hand-written shadowPath.
    static func roundedRect(width w: Fixed3, height h: Fixed3, radius r: Fixed3) -> String {
        var path = PathText()
        roundedRectCommands(width: w, height: h, radius: r) { path.command($0, $1) }
        return path.text
    }

    /// The commands of a rectangle from the origin whose corners are circular arcs of
    /// radius `r`, clockwise from the top edge, in either number type the writers take.
    static func roundedRectCommands<N: AdditiveArithmetic & ExpressibleByIntegerLiteral>(
        width w: N, height h: N, radius r: N, _ command: (Character, [N]) -> Void) {
        command("M", [r, 0])
        command("L", [w - r, 0])
        command("A", [r, r, 0, 0, 1, w, r])
        command("L", [w, h - r])
        command("A", [r, r, 0, 0, 1, w - r, h])
        command("L", [r, h])
        command("A", [r, r, 0, 0, 1, 0, h - r])
        command("L", [0, r])
        command("A", [r, r, 0, 0, 1, r, 0])
        command("Z", [])
    }

    /// A heart in a `size` square, two cubics per side.
    static func heart(size s: Fixed3) -> String {
        let unit = s / 24
        func p(_ value: Int) -> Fixed3 { unit * value }
        var path = PathText()
        path.command("M", p(12), p(21))
        path.command("C", p(5), p(15), p(2), p(12), p(2), p(8))
        path.command("C", p(2), p(5), p(4), p(3), p(7), p(3))
        path.command("C", p(9), p(3), p(11), p(4), p(12), p(6))
        path.command("C", p(13), p(4), p(15), p(3), p(17), p(3))
        path.command("C", p(20), p(3), p(22), p(5), p(22), p(8))
        path.command("C", p(22), p(12), p(19), p(15), p(12), p(21))
        path.command("Z")
        return path.text
    }

    /// Corner points of a five-pointed star in a 1000-unit box (outer, inner, …).
    private static let starPoints: [(Int, Int)] = [
        (500, 0), (618, 363), (1000, 363), (691, 588), (809, 951),
        (500, 727), (191, 951), (309, 588), (0, 363), (382, 363),
    ]

    /// A five-pointed star in a `size` square, as straight lines.
    static func star(size s: Fixed3) -> String {
        var path = PathText()
        for (index, point) in starPoints.enumerated() {
            let x = Fixed3(thousandths: s.thousandths * point.0 / 1000)
            let y = Fixed3(thousandths: s.thousandths * point.1 / 1000)
            path.command(index == 0 ? "M" : "L", x, y)
        }
        path.command("Z")
        return path.text
    }

    /// A progress ring: an open arc from the top, clockwise, over `perMille` of the circle.
    /// Written as one or two absolute arcs around the centre of a `diameter` square.
    static func ring(diameter d: Fixed3, inset: Fixed3, perMille: Int) -> String {
        let c = d / 2, r = c - inset
        // Points on the circle for the fraction (a quarter-turn table keeps it exact).
        let end = pointOnCircle(center: c, radius: r, perMille: perMille)
        var path = PathText()
        path.command("M", c, inset)
        if perMille > 500 {
            path.command("A", r, r, 0, 0, 1, c, d - inset)
        }
        path.command("A", r, r, 0, 0, 1, end.0, end.1)
        return path.text
    }

    /// Sine of 0°, 9°, …, 90° in thousandths: enough resolution for a progress ring.
    private static let sines = [0, 156, 309, 454, 588, 707, 809, 891, 951, 988, 1000]

    private static func pointOnCircle(center c: Fixed3, radius r: Fixed3, perMille: Int) -> (Fixed3, Fixed3) {
        let step = min(max(perMille, 0), 999) * 40 / 1000  // 0..<40 steps of 9°
        let quadrant = step / 10, within = step % 10
        let s = sines[within], co = sines[10 - within]
        let (dx, dy): (Int, Int)
        switch quadrant {
        case 0: (dx, dy) = (s, -co)
        case 1: (dx, dy) = (co, s)
        case 2: (dx, dy) = (-s, co)
        default: (dx, dy) = (-co, -s)
        }
        return (c + Fixed3(thousandths: r.thousandths * dx / 1000),
                c + Fixed3(thousandths: r.thousandths * dy / 1000))
    }
}
