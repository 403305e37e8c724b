@testable import LayerReport
import LayerRules
import Testing

/// The order the reports with limited room choose their results in (`ResultCost`).
@Suite("Costliest results first")
struct ResultCostTests {
    /// Costs drawn from a fixed seed: passes up to `most`, every severity, many ties.
    private func costs(_ count: Int, most: Int, seed: UInt64) -> [ResultCost] {
        var state = seed
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        return (0..<count).map { _ in
            ResultCost(passes: next() % (most + 1), severity: Severity.allCases[next() % 3])
        }
    }

    @Test("the counting order is the comparison sort's: passes, then severity, then input order",
          arguments: [(0, 1), (1, 0), (500, 0), (2_000, 6), (2_000, 300), (5_000, 1 << 16)])
    func countingOrderIsTheSortedOne(count: Int, most: Int) {
        let c = costs(count, most: most, seed: UInt64(count * 31 + most))
        #expect(ResultCost.costliestFirst(c) == ResultCost.sortedCostliestFirst(c))
    }

    @Test("passes beyond the counted ones are sorted by comparison, in the same order")
    func passesBeyondTheBucketsAreSorted() {
        var c = costs(300, most: 9, seed: 7)
        c[17].passes = ResultCost.countedPasses + 5
        c[40].passes = Int.max
        let order = ResultCost.costliestFirst(c)
        #expect(order == ResultCost.sortedCostliestFirst(c))
        #expect(Array(order.prefix(2)) == [40, 17])
    }

    @Test("the costliest come first and ties keep their input order")
    func tiesKeepInputOrder() {
        let c = [ResultCost(passes: 1, severity: .info), ResultCost(passes: 3, severity: .warning),
                 ResultCost(passes: 3, severity: .error), ResultCost(passes: 1, severity: .info),
                 ResultCost(passes: 0, severity: .error), ResultCost(passes: 3, severity: .error)]
        #expect(ResultCost.costliestFirst(c) == [2, 5, 1, 0, 3, 4])
    }
}
