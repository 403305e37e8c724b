/// SVG path data of exact numbers, for the mixed shape: its shadow paths, masks and
/// spinners carry the same unrounded numbers as its frames, so the path parser and the
/// shape recogniser see what a device's exporter writes, not three-decimal points.
struct ExactPath {
    private var bytes: [UInt8] = []

    mutating func command(_ letter: Character, _ numbers: Double...) { command(letter, numbers) }

    mutating func command(_ letter: Character, _ numbers: [Double]) {
        if !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
        bytes.append(contentsOf: String(letter).utf8)
        for number in numbers {
            bytes.append(UInt8(ascii: " "))
            writeExact(number, to: &bytes)
        }
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// A rectangle from the origin, rounded with circular arcs when `radius` > 0: the
    /// usual hand-written shadowPath (`UIBezierPath(roundedRect:cornerRadius:)`).
    static func roundedRect(width w: Double, height h: Double, radius r: Double) -> String {
        var path = ExactPath()
        guard r > 0 else {
            path.command("M", 0, 0)
            path.command("L", w, 0)
            path.command("L", w, h)
            path.command("L", 0, h)
            path.command("Z")
            return path.text
        }
        PathData.roundedRectCommands(width: w, height: h, radius: r) { path.command($0, $1) }
        return path.text
    }

    /// A circle filling a `diameter` square, four absolute quarter arcs (a round avatar's
    /// shape mask).
    static func circle(diameter d: Double) -> String {
        let r = d / 2
        var path = ExactPath()
        path.command("M", d, r)
        path.command("A", r, r, 0, 0, 1, r, d)
        path.command("A", r, r, 0, 0, 1, 0, r)
        path.command("A", r, r, 0, 0, 1, r, 0)
        path.command("A", r, r, 0, 0, 1, d, r)
        path.command("Z")
        return path.text
    }

    /// A spinner's open ring in a `diameter` square, `inset` in from its edges (half the
    /// stroke, so the stroke stays inside the layer): three quarters of a circle.
    static func ring(diameter d: Double, inset: Double) -> String {
        let c = d / 2, r = c - inset
        var path = ExactPath()
        path.command("M", c, inset)
        path.command("A", r, r, 0, 0, 1, c, d - inset)
        path.command("A", r, r, 0, 0, 1, inset, c)
        return path.text
    }
}
