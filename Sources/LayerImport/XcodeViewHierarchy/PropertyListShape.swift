import LayerDecode
import Foundation

/// Checks the shape of a property list before Foundation parses it. A binary property
/// list refers to its objects by number, so a few hundred bytes can name one array twice
/// at every level: Foundation's parser builds every copy, 2^30 of them for 30 levels (it
/// never returns), and follows a collection that contains itself. An XML list nests
/// without bound. Both are refused here, with the reason, from the bytes alone.
enum PropertyListShape {
    /// Nil when `data` may be parsed: at most `maxValues` values once every reference is
    /// followed, at most `maxDepth` levels of collections. Otherwise why not.
    static func problem(_ data: Data, maxValues: Int, maxDepth: Int) -> String? {
        let bytes = [UInt8](data)
        if bytes.starts(with: Array("bplist00".utf8)) { return binaryProblem(bytes, maxValues: maxValues, maxDepth: maxDepth) }
        // Foundation would also parse OpenStep text (`{a = ((…));}`), recursively, without
        // bound; archives are binary or XML, so nothing else is parsed.
        let first = bytes.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }.first
        guard first == UInt8(ascii: "<") else { return "not a property list (binary or XML)" }
        let (depth, values) = xmlShape(bytes)
        if depth > maxDepth { return "the property list nests more than \(maxDepth) levels deep" }
        if values > maxValues { return "the property list holds more than \(maxValues) values" }
        return nil
    }

    /// Collections open at once in XML text (`<array>`, `<dict>`; `<array/>` is empty), and
    /// the elements that open (every value and key: an upper bound of what is built).
    private static func xmlShape(_ bytes: [UInt8]) -> (depth: Int, values: Int) {
        var depth = 0, deepest = 0, i = 0, values = 0
        let open: [[UInt8]] = [Array("<array>".utf8), Array("<dict>".utf8)]
        let close: [[UInt8]] = [Array("</array>".utf8), Array("</dict>".utf8)]
        func at(_ token: [UInt8]) -> Bool {
            i + token.count <= bytes.count && bytes[i..<i + token.count].elementsEqual(token)
        }
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "<") {
                if i + 1 < bytes.count, ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "!")].contains(bytes[i + 1]) { values += 1 }
                if open.contains(where: at) { depth += 1; deepest = max(deepest, depth) } else if close.contains(where: at) { depth -= 1 }
            }
            i += 1
        }
        return (deepest, values)
    }

    private static func binaryProblem(_ b: [UInt8], maxValues: Int, maxDepth: Int) -> String? {
        guard b.count >= 8 + 32 else { return "the binary property list is truncated" }
        let t = b.count - 32
        let offsetSize = Int(b[t + 6]), refSize = Int(b[t + 7])
        func be(_ at: Int, _ n: Int) -> Int? {
            guard n >= 1, n <= 8, at >= 0, at + n <= b.count else { return nil }
            var v: UInt64 = 0
            for k in 0..<n { v = v << 8 | UInt64(b[at + k]) }
            return v <= UInt64(Int.max) ? Int(v) : nil
        }
        guard let count = be(t + 8, 8), let top = be(t + 16, 8), let table = be(t + 24, 8) else {
            return "the binary property list's trailer is corrupt"
        }
        guard count <= maxValues else { return "the binary property list holds \(count) values, more than the \(maxValues) allowed" }
        guard top < count, table >= 8, table + count * offsetSize <= t, (1...8).contains(offsetSize), (1...8).contains(refSize) else {
            return "the binary property list's trailer is corrupt"
        }
        // The references of each object (none for a scalar).
        func references(_ object: Int) -> [Int]? {
            guard let offset = be(table + object * offsetSize, offsetSize), offset >= 8, offset < table else { return nil }
            let marker = b[offset]
            let kind = marker >> 4
            guard kind == 0xA || kind == 0xB || kind == 0xC || kind == 0xD else { return [] }
            var n = Int(marker & 0x0F), start = offset + 1
            if n == 0x0F {
                guard start < b.count, b[start] >> 4 == 0x1 else { return nil }
                let width = 1 << Int(b[start] & 0x0F)
                guard let v = be(start + 1, width) else { return nil }
                n = v
                start += 1 + width
            }
            let refs = kind == 0xD ? n * 2 : n
            guard refs <= count * 2, start + refs * refSize <= table else { return nil }
            var out: [Int] = []
            out.reserveCapacity(refs)
            for k in 0..<refs {
                guard let r = be(start + k * refSize, refSize), r < count else { return nil }
                out.append(r)
            }
            return out
        }
        // Values built and collection depth when every reference is followed, memoised,
        // without recursion.
        var size = [Int](repeating: 0, count: count)
        var height = [Int](repeating: 0, count: count)
        var state = [UInt8](repeating: 0, count: count)  // 0 new, 1 open, 2 done
        var stack: [(object: Int, refs: [Int], next: Int)] = []
        guard let rootRefs = references(top) else { return "the binary property list's object table is corrupt" }
        stack.append((top, rootRefs, 0))
        state[top] = 1
        while let last = stack.indices.last {
            let (object, refs, cursor) = stack[last]
            if cursor < refs.count {
                stack[last].next += 1
                let next = refs[cursor]
                if state[next] == 2 { continue }
                guard state[next] == 0 else { return "the binary property list holds a collection that contains itself" }
                guard let nextRefs = references(next) else { return "the binary property list's object table is corrupt" }
                state[next] = 1
                stack.append((next, nextRefs, 0))
                continue
            }
            stack.removeLast()
            var total = 1, deepest = 0
            for r in refs {
                total += size[r]
                deepest = max(deepest, height[r])
                if total > maxValues { return "the binary property list expands to more than \(maxValues) values (it names the same collections many times)" }
            }
            size[object] = total
            height[object] = refs.isEmpty ? 0 : deepest + 1
            if height[object] > maxDepth { return "the binary property list nests more than \(maxDepth) levels deep" }
            state[object] = 2
        }
        return nil
    }
}
