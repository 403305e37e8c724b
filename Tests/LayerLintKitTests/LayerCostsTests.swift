import LayerLintKit
import Testing

/// `LayerCosts.total` sums the packed bytes in one word: it must be the sum over the
/// reasons, up to every reason at its most.
@Suite("Layer costs: the total is the sum over the reasons")
struct LayerCostsTests {
    @Test("random costs, and every reason at 255")
    func totalIsTheSum() {
        var rng = SystemRandomNumberGenerator()
        for round in 0..<2_000 {
            var costs = LayerCosts()
            for reason in OffscreenReason.allCases {
                costs[reason] = round == 0 ? 255 : Int.random(in: 0...255, using: &rng)
            }
            let sum = OffscreenReason.allCases.reduce(0) { $0 + costs[$1] }
            #expect(costs.total == sum)
        }
        var full = LayerCosts()
        for reason in OffscreenReason.allCases { full[reason] = 255 }
        #expect(full.total == 255 * OffscreenReason.allCases.count)
        #expect(LayerCosts().total == 0)
    }
}
