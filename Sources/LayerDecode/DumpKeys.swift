/// The keys format version 1 defines. Matching happens on raw bytes so that decoding a
/// layer creates no `String` for its keys.
enum LayerKey: String, CaseIterable {
    case className = "class", name, view
    case frame, bounds, position, anchorPoint, transform, sublayerTransform, zPosition
    case opacity, hidden, allowsGroupOpacity
    case backgroundColor, borderWidth, borderColor
    case cornerRadius, cornerCurve, maskedCorners, masksToBounds
    case contents, contentsGravity
    case shadowOpacity, shadowRadius, shadowOffset, shadowColor, shadowPath
    case path, fillColor, strokeColor, lineWidth
    case shouldRasterize, rasterizationScale, offscreenCount
    case mask, sublayers

    /// One bit per key, for the duplicate check. A payload-free enum is stored as its case
    /// index, so this is a shift, not a lookup (the decoder asks for it on every key).
    var bit: UInt64 { 1 << UInt64(unsafeBitCast(self, to: UInt8.self)) }
    static let table = KeyTable(LayerKey.allCases)
}

enum HeaderKey: String, CaseIterable {
    case layerlint, scale, refreshRate, screen, root
    case schema = "$schema"
    static let table = KeyTable(HeaderKey.allCases)
}

/// Finds a key by its bytes: candidates are bucketed by length, then compared whole.
struct KeyTable<Key: RawRepresentable & Sendable>: Sendable where Key.RawValue == String {
    private let buckets: [[(bytes: [UInt8], key: Key)]]
    let names: [String]

    init(_ keys: [Key]) {
        let longest = keys.map(\.rawValue.utf8.count).max() ?? 0
        var buckets = [[(bytes: [UInt8], key: Key)]](repeating: [], count: longest + 1)
        for key in keys { buckets[key.rawValue.utf8.count].append((Array(key.rawValue.utf8), key)) }
        self.buckets = buckets
        self.names = keys.map(\.rawValue)
    }

    func lookup(_ bytes: UnsafeRawBufferPointer) -> Key? {
        guard bytes.count < buckets.count else { return nil }
        for candidate in buckets[bytes.count] where candidate.bytes.elementsEqual(bytes) {
            return candidate.key
        }
        return nil
    }

    /// The known key one typo away from `word` (one insertion, deletion, substitution or
    /// swap of neighbours, ignoring case), if there is exactly one best.
    func suggestion(for word: String) -> String? {
        let w = Array(word.lowercased().utf8)
        return names.first { Self.isOneEditApart(w, Array($0.lowercased().utf8)) }
    }

    static func isOneEditApart(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        if a == b { return true }  // differs only in case
        if abs(a.count - b.count) > 1 { return false }
        var i = 0
        while i < min(a.count, b.count), a[i] == b[i] { i += 1 }
        if a.count == b.count {
            if a[(i + 1)...] == b[(i + 1)...] { return true }  // substitution
            return i + 1 < a.count && a[i] == b[i + 1] && a[i + 1] == b[i] && a[(i + 2)...] == b[(i + 2)...]
        }
        let (long, short) = a.count > b.count ? (a, b) : (b, a)
        return long[(i + 1)...].elementsEqual(short[i...])
    }
}
