@testable import LayerRules
import Testing

@Suite("ChunkedList: findings and words keys collected without regrowing")
struct ChunkedListTests {
    @Test("elements across several chunks read back, change in place and join in order, with room for more")
    func appendReadJoin() {
        var list = ChunkedList<Int>()
        for i in 0..<10_000 { list.append(i * 3) }
        #expect(list.count == 10_000)
        #expect(list[0] == 0 && list[4095] == 4095 * 3 && list[4096] == 4096 * 3 && list[9_999] == 9_999 * 3)
        list[5000] = -1
        #expect(list[5000] == -1 && list[4999] == 4999 * 3)
        let joined = list.joined(room: 7)
        #expect(joined.count == 10_000)
        #expect(joined.capacity >= 10_007)
        #expect(joined[5000] == -1 && joined[9_999] == 9_999 * 3 && joined[4096] == 4096 * 3)
    }

    @Test("an empty list joins to an empty array")
    func empty() {
        #expect(ChunkedList<String>().joined().isEmpty)
    }
}
