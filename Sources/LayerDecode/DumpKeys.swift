import LayerGeometry
import LayerModel

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
    case unknown
    case animations

    /// One bit per key, for the duplicate check. A payload-free enum is stored as its case
    /// index, so this is a shift, not a lookup (the decoder asks for it on every key).
    var bit: UInt64 { 1 << UInt64(unsafeBitCast(self, to: UInt8.self)) }
    static let table = KeyTable(LayerKey.allCases)
}

enum HeaderKey: String, CaseIterable {
    case layerlint, scale, refreshRate, screen, root, unknown
    case displayLinks, info
    case schema = "$schema"
    static let table = KeyTable(HeaderKey.allCases)
}

/// Words that appear as values, found by bytes like keys.
enum ValueKeys {
    static let cornerCurves = KeyTable(CornerCurve.allCases)
    static let gravities = KeyTable(ContentsGravity.allCases)
    static let contents = KeyTable(ContentsKey.allCases)
    enum ContentsKey: String, CaseIterable, Sendable { case width, height, scale }
    static let animation = KeyTable(AnimationKey.allCases)
    enum AnimationKey: String, CaseIterable, Sendable {
        case keyPath, duration, repeatCount, autoreverses, preferredFrameRateRange
    }
    static let range = KeyTable(RangeKey.allCases)
    enum RangeKey: String, CaseIterable, Sendable { case minimum, maximum, preferred }
    static let displayLink = KeyTable(DisplayLinkKey.allCases)
    enum DisplayLinkKey: String, CaseIterable, Sendable {
        case target, preferredFrameRateRange, preferredFramesPerSecond, frameInterval, paused, hasWork
    }
    static let info = KeyTable(InfoKey.allCases)
    enum InfoKey: String, CaseIterable, Sendable {
        case disableMinimumFrameDuration = "CADisableMinimumFrameDurationOnPhone"
        case maximumFramesPerSecond
    }
}

/// Finds a key by its bytes: a small open-addressed table hashed on the length and the
/// first and last bytes, then one whole comparison. The decoder looks up every key of
/// every layer, so this is one of its hottest paths.
struct KeyTable<Key: RawRepresentable & Sendable>: Sendable where Key.RawValue == String {
    /// Every key's bytes, one after another; a slot holds where its key's bytes are.
    /// Flat storage: a lookup then touches no reference-counted array per slot.
    private let text: [UInt8]
    private let slots: [Slot]
    private let keys: [Key]
    let names: [String]
    /// `names` in ASCII lower case, folded once: a dump may hold thousands of unknown keys
    /// (a gradient's `colors` on every cell), each checked against every name.
    private let foldedNames: [[UInt8]]

    private struct Slot: Sendable {
        var start: Int32 = 0
        var count: Int32 = -1  // empty
        var key: Int32 = 0
    }

    init(_ keys: [Key]) {
        var slots = [Slot](repeating: Slot(), count: 128)
        var text: [UInt8] = []
        for (k, key) in keys.enumerated() {
            let bytes = Array(key.rawValue.utf8)
            var slot = bytes.withUnsafeBytes { Self.hash($0) }
            while slots[slot].count >= 0 { slot = (slot + 1) & 127 }
            slots[slot] = Slot(start: Int32(text.count), count: Int32(bytes.count), key: Int32(k))
            text += bytes
        }
        self.text = text
        self.slots = slots
        self.keys = keys
        self.names = keys.map(\.rawValue)
        self.foldedNames = names.map(Self.foldedASCII)
    }

    @inline(__always)
    private static func hash(_ b: UnsafeRawBufferPointer) -> Int {
        guard let first = b.first, let last = b.last else { return 0 }
        return (b.count &* 31 &+ Int(first) &* 7 &+ Int(last)) & 127
    }

    func lookup(_ bytes: UnsafeRawBufferPointer) -> Key? {
        var slot = Self.hash(bytes)
        return slots.withUnsafeBufferPointer { slots in
            text.withUnsafeBytes { text in
                while slots[slot].count >= 0 {
                    let s = slots[slot]
                    if Int(s.count) == bytes.count,
                       bytes.count == 0 || ShortBytes.equal(text.baseAddress! + Int(s.start), bytes.baseAddress!, count: bytes.count) {
                        return keys[Int(s.key)]
                    }
                    slot = (slot + 1) & 127
                }
                return nil
            }
        }
    }

    /// The known key one typo away from `word` (one insertion, deletion, substitution or
    /// swap of neighbours, ignoring case), if there is exactly one best.
    func suggestion(for word: String) -> String? {
        let w = Self.foldedASCII(word)
        return foldedNames.firstIndex { Self.isOneEditApart(w, $0) }.map { names[$0] }
    }

    /// Keys are ASCII, so folding ASCII letters is all the case-insensitivity they need.
    private static func foldedASCII(_ s: String) -> [UInt8] {
        s.utf8.map { $0 &- 65 < 26 ? $0 | 0x20 : $0 }
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
