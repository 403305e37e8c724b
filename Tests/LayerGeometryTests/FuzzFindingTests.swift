import LayerGeometry
import Testing

/// Inputs the fuzz targets found (docs/reliability.md, "Fuzz findings"), each minimised,
/// with what must happen instead.
@Suite("Fuzz findings: SVG path data")
struct SVGPathFuzzFindingTests {
    private func outcome(_ text: String) -> String {
        do {
            let path = try SVGPathParser().parse(text)
            return "ok, \(path.elements.count) elements"
        } catch {
            return "\(error.offset): \(error.message)"
        }
    }

    @Test("svg-path #1: finite numbers whose sum or reflection overflows give an error, not infinite points")
    func overflowingPoints() {
        // The campaign's input: its last 't' moves 1e308 from a point already near 1e308.
        #expect(outcome("M 39 20 H 40 31.046 3 31.046.046 5t 78.292 48.292 61.5 32 61 48.292 61.5 32 1e308.531.046 0 40 6.9541 40 20 Z")
                == "85: 't' reaches a point out of range (beyond ±1.8e308)")
        // Minimal forms: a relative step, a smooth curve's reflection, an arc's end.
        #expect(outcome("M1e308 0 l1e308 0") == "10: 'l' reaches a point out of range (beyond ±1.8e308)")
        #expect(outcome("M0 0 Q-1e308 0 1e308 0 T 0 0") == "25: 'T' reaches a point out of range (beyond ±1.8e308)")
        #expect(outcome("M-1e308 0 a1 1 0 0 1 1.7e308 0 a1 1 0 0 1 1.7e308 0").hasSuffix("'a' reaches a point out of range (beyond ±1.8e308)"))
        // Right up to the edge is fine.
        #expect(outcome("M1e308 0 l-1e308 0 L1.7e308 -1.7e308 Z") == "ok, 4 elements")
    }

    @Test("a path that reads is written back to text that reads to the same path")
    func writerRoundTripAtTheEdges() throws {
        for text in ["M1e308 0 l-1e308 0 L1.7e308 -1.7e308 Z", "M0 0 Q5e307 0 1e308 0 T 0 0", "M1e-320 0 L0 1e-320"] {
            let path = try SVGPathParser().parse(text)
            #expect(try SVGPathParser().parse(SVGPathWriter().string(for: path)) == path, "\(text)")
        }
    }
}
